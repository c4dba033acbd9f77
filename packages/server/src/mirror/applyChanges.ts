/**
 * Applying the changes of a feed page or of a bundle on a mirror (docs/mirroring.md), shared by the
 * pull (`service.ts`) and the bundle import (`bundle.ts`). Every version is checked before anything
 * of it is stored: its signature against the upstream's JWKS (`verifyVersionSignature`), then every
 * signed file read and hashed (`verifyVersionFiles`, each key a content address of its digest); a
 * version that fails is counted as a failure and nothing of it is written. A version that passes is
 * written in one transaction: the plugin (created, or updated when the version or its texts changed)
 * keeps the upstream's key and publisher, `mirrored_from` names the upstream, and its local
 * counters, ratings, likes and installs are never touched. A withdrawal (or a plugin the allowlist
 * no longer takes) unlists the local copy. Applying a change twice changes nothing the second time
 * (no duplicate plugin or version). The earlier versions a change carries are then stored one by
 * one with the same checks (`earlierVersions.ts`).
 */
import {
  type MirrorChange,
  type MirrorVersionChange,
  PLUGIN_PLATFORMS,
  ReviewStatus,
} from '@plugin-center/contract/schemas';
import { type SignedVersion, verifyVersionSignature } from '@plugin-center/contract/signatures';
import type { MirrorConfig } from '../config/mirror';
import { markCatalogueChanged, markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import { pluginRow, refreshSearchIndex, replacePluginTags, shiftTagCounts } from '../plugins/data/write';
import { isListed, pluginByKey, updatePlugin } from '../publishing/data';
import { fileUrl } from '../shared/storage/fileKeys';
import type { FileStorage } from '../shared/storage/fileStorage';
import { applyEarlierVersions } from './earlierVersions';
import { UpstreamUnavailableError } from './upstreamHttp';
import { type ChangeSource, putVerifiedFiles, upsertVersion, verifiedFiles } from './versionStore';

/** Failures kept with a pull's result. */
const FAILURES_KEPT = 100;

/** A version that could not be mirrored, and why. */
export interface MirrorFailure {
  plugin_key: string;
  version: string | null;
  reason: string;
}

/** What a pull or an import did. */
export interface MirrorCounts {
  added: number;
  updated: number;
  withdrawn: number;
  unchanged: number;
  skipped: number;
  failed: number;
  failures: MirrorFailure[];
}

/** An empty tally. */
export function emptyCounts(): MirrorCounts {
  return { added: 0, updated: 0, withdrawn: 0, unchanged: 0, skipped: 0, failed: 0, failures: [] };
}

/** Whether a version change passes the allowlist (all lists empty: everything passes). */
export function allowed(
  config: Pick<MirrorConfig, 'allowKeys' | 'allowTags' | 'allowPublishers'>,
  change: MirrorVersionChange,
): boolean {
  const { allowKeys, allowTags, allowPublishers } = config;
  if (allowKeys.length === 0 && allowTags.length === 0 && allowPublishers.length === 0) return true;
  if (allowKeys.includes(change.plugin_key)) return true;
  if (change.tags.some((tag) => allowTags.includes(tag.toLowerCase()))) return true;
  const handle = change.publisher?.handle?.toLowerCase();
  return handle !== undefined && allowPublishers.includes(handle);
}

/** Applies changes to one database and storage, as the upstream `source` of each call names. */
export class ChangeApplier {
  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    /** The allowlist; undefined: every version is taken. */
    private readonly config: MirrorConfig | undefined,
    private readonly clock: () => number,
  ) {}

  /**
   * Applies changes from `source` in order, adding to `counts`: versions allowed by the allowlist
   * are verified and stored, the others (and withdrawals) withdraw the local copy when there is one.
   * A plugin counts once (added, updated — also when only earlier versions were stored — or
   * unchanged); each version refused, current or earlier, is a failure.
   * @throws UpstreamUnavailableError when the upstream stops answering: the rest is not applied.
   */
  async applyChanges(
    source: ChangeSource,
    changes: readonly MirrorChange[],
    counts: MirrorCounts,
  ): Promise<void> {
    for (const change of changes) {
      if (change.kind === 'withdrawn') {
        if (await this.withdraw(source.origin, change.plugin_key)) counts.withdrawn++;
        continue;
      }
      if (this.config && !allowed(this.config, change)) {
        if (await this.withdraw(source.origin, change.plugin_key)) counts.withdrawn++;
        else counts.skipped++;
        continue;
      }
      const fail = (version: string, reason: string) => {
        counts.failed++;
        if (counts.failures.length < FAILURES_KEPT)
          counts.failures.push({ plugin_key: change.plugin_key, version, reason });
      };
      let outcome: 'added' | 'updated' | 'unchanged' | undefined;
      try {
        outcome = await this.applyVersion(source, change);
      } catch (caught) {
        // The upstream gone: not this version's fault; the pull stops and the next one retries it.
        if (caught instanceof UpstreamUnavailableError) throw caught;
        fail(change.version, caught instanceof Error ? caught.message : String(caught));
      }
      const stored = await applyEarlierVersions(this.db, this.storage, source, change, fail);
      // A plugin whose history grew is updated, though its current version was held already.
      if (outcome) counts[outcome === 'unchanged' && stored > 0 ? 'updated' : outcome]++;
    }
  }

  /**
   * Verifies and stores one version.
   * @returns what it did.
   * @throws Error with the reason it was refused (nothing stored).
   */
  private async applyVersion(
    source: ChangeSource,
    change: MirrorVersionChange,
  ): Promise<'added' | 'updated' | 'unchanged'> {
    // The earlier versions are checked one by one (`earlierVersions.ts`): none of them fails this one.
    const { earlier_versions: _earlier, ...current } = change;
    if (JSON.stringify(current).includes('\\u0000'))
      throw new Error(`the change of ${change.plugin_key} holds a NUL character`);
    const local = await pluginByKey(this.db.kysely, change.plugin_key);
    if (local && local.mirrored_from !== source.origin)
      throw new Error(
        local.mirrored_from
          ? `the key ${change.plugin_key} is mirrored from ${local.mirrored_from} already`
          : `the key ${change.plugin_key} is a local plugin's here`,
      );
    if (local && (await this.holds(local.id, change)) && isListed(local)) {
      const texts = this.textColumns(change);
      const same = (Object.keys(texts) as (keyof typeof texts)[]).every((k) => local[k] === texts[k]);
      if (same) return 'unchanged';
    }
    const checked = await verifyVersionSignature(change.signature, source.jwks, change);
    if (!checked.ok) throw new Error(checked.message);
    const signed = checked.signed;
    await putVerifiedFiles(this.storage, await verifiedFiles(signed, (file) => source.readFile(file)));
    const outcome = await this.store(source.origin, change, signed);
    markPluginChanged(this.db, change.plugin_key);
    markCatalogueChanged(this.db);
    return outcome;
  }

  /** Whether the local plugin holds the change's version with its signature as current. */
  private async holds(pluginId: number, change: MirrorVersionChange): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('plugin as p')
      .innerJoin('plugin_version as v', 'v.plugin_id', 'p.id')
      .select('v.id')
      .where('p.id', '=', pluginId)
      .whereRef('v.version', '=', 'p.current_version')
      .where('v.version', '=', change.version)
      .where('v.signature', '=', change.signature.jws)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The plugin columns a change's texts set. */
  private textColumns(change: MirrorVersionChange) {
    return {
      name: change.name,
      intro: change.intro,
      description: change.description,
      version_content: change.version_content,
      developer: change.developer,
      contact: change.contact,
      technical_support_link: change.technical_support_link,
      homepage: change.homepage,
      license: change.license,
      repository: change.repository,
      copyright_type: change.copyright_type,
      copyright_name: change.copyright_name,
      platforms: JSON.stringify(
        change.platforms.filter((p) => (PLUGIN_PLATFORMS as readonly string[]).includes(p)),
      ),
      mirror_publisher: change.publisher ? JSON.stringify(change.publisher) : null,
    };
  }

  /** Writes a verified version: the plugin, its tags, the version, the search index; one transaction. */
  private async store(
    origin: string,
    change: MirrorVersionChange,
    signed: SignedVersion,
  ): Promise<'added' | 'updated'> {
    const now = this.clock();
    const f = signed.files;
    const fileColumns = {
      icon: fileUrl(f.icon?.key ?? null),
      cover_center: fileUrl(f.cover_center?.key ?? null),
      cover_panel: fileUrl(f.cover_panel?.key ?? null),
      video: fileUrl(f.video?.key ?? null),
      images: JSON.stringify(f.images.map((image) => fileUrl(image.key)!)),
      code_file: f.code_file?.key ?? null,
      reuse_center_cover: change.reuse_center_cover ? 1 : 0,
    };
    return this.db.kysely.transaction().execute(async (trx) => {
      let plugin = await pluginByKey(trx, change.plugin_key);
      if (plugin && plugin.mirrored_from !== origin)
        throw new Error(`the key ${change.plugin_key} is taken here`);
      const texts = this.textColumns(change);
      let outcome: 'added' | 'updated';
      const wasListed = plugin ? isListed(plugin) : false;
      if (!plugin) {
        const row = pluginRow({
          plugin_key: change.plugin_key,
          name: change.name,
          review_status: ReviewStatus.APPROVED,
          create_time: now,
          update_time: signed.approved_at,
          approve_time: signed.approved_at,
        });
        const inserted = await trx
          .insertInto('plugin')
          .values({
            ...row,
            ...texts,
            ...fileColumns,
            current_version: change.version,
            mirrored_from: origin,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        plugin = (await pluginByKey(trx, change.plugin_key))!;
        void inserted;
        outcome = 'added';
      } else {
        await updatePlugin(trx, plugin.id, {
          ...texts,
          ...fileColumns,
          review_status: ReviewStatus.APPROVED,
          reject_reason: null,
          unlisted_at: null,
          current_version: change.version,
          update_time: Math.max(plugin.update_time ?? 0, signed.approved_at),
          sort_time: Math.max(plugin.update_time ?? 0, signed.approved_at),
        });
        outcome = 'updated';
      }
      await replacePluginTags(trx, plugin.id, change.tags, wasListed, true);
      await upsertVersion(trx, plugin.id, change, signed.approved_at);
      await refreshSearchIndex(trx, [plugin.id]);
      return outcome;
    });
  }

  /**
   * Unlists the local copy of a plugin mirrored from `origin` (its local likes, ratings and
   * installs stay). @returns whether it was listed and is withdrawn now.
   */
  private async withdraw(origin: string, pluginKey: string): Promise<boolean> {
    const now = this.clock();
    const done = await this.db.kysely.transaction().execute(async (trx) => {
      const plugin = await pluginByKey(trx, pluginKey);
      if (!plugin || plugin.mirrored_from !== origin || !isListed(plugin)) return false;
      await shiftTagCounts(trx, plugin.id, -1);
      await updatePlugin(trx, plugin.id, { unlisted_at: now });
      await refreshSearchIndex(trx, [plugin.id]);
      return true;
    });
    if (done) {
      markPluginChanged(this.db, pluginKey);
      markCatalogueChanged(this.db);
    }
    return done;
  }
}
