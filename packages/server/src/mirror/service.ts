/**
 * The mirror side of mirroring (docs/mirroring.md): pulling an upstream's approved plugins over
 * HTTP (`pull`) and applying the changes of a feed page or of a bundle (`applyChanges`, shared with
 * `bundle.ts`). Every version is checked before anything of it is stored: its signature against
 * the upstream's JWKS (`verifyVersionSignature`), then every signed file downloaded and hashed
 * (`verifyVersionFiles`, each key a content address of its digest); a version that fails is
 * counted as a failure and nothing of it is written. A version that passes is written in one
 * transaction: the plugin (created, or updated when the version or its texts changed) keeps the
 * upstream's key and publisher, `mirrored_from` names the upstream, and its local counters,
 * ratings, likes and installs are never touched. A withdrawal (or a plugin the allowlist no
 * longer takes) unlists the local copy. The cursor is stored after each page's changes are applied,
 * so a pull that stops continues where it stopped; applying a change twice changes nothing the
 * second time (no duplicate plugin or version).
 */
import {
  type MirrorChange,
  MirrorChanges,
  type MirrorStatus,
  type MirrorVersionChange,
  PLUGIN_PLATFORMS,
  ReviewStatus,
} from '@plugin-center/contract/schemas';
import {
  type SignedFile,
  type SignedVersion,
  sha256Hex,
  verifyVersionFiles,
  verifyVersionSignature,
} from '@plugin-center/contract/signatures';
import type { Kysely } from 'kysely';
import { Compile } from 'typebox/compile';
import type { MirrorConfig } from '../config/mirror';
import { markCatalogueChanged, markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { pluginRow, refreshSearchIndex, replacePluginTags, shiftTagCounts } from '../plugins/data/write';
import { isListed, pluginByKey, updatePlugin } from '../publishing/data';
import { fileUrl } from '../shared/storage/fileKeys';
import { type FileStorage, STORAGE_KEY } from '../shared/storage/fileStorage';
import { upstreamPublicKeys } from '../shared/upstreamKeys';

/** The largest file a mirror downloads, bytes (above every publishing limit). */
export const MIRROR_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** The largest feed page or JWKS a mirror reads, bytes. */
export const MIRROR_ANSWER_MAX_BYTES = 16 * 1024 * 1024;
/** How long one request to the upstream may take, ms. */
export const MIRROR_REQUEST_TIMEOUT_MS = 30_000;
/**
 * How long a pull holds its upstream's lease, ms: renewed every third of it while the pull runs
 * (and after every page), so a lease left by a process that died runs out within this.
 */
export const MIRROR_LEASE_MS = 60_000;
/** What a pull's record says when the process that ran it stopped before the end. */
export const MIRROR_PULL_INTERRUPTED = 'interrupted: the process pulling stopped before the end';
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

/** A finished pull or import as stored (`mirror_pull`). */
export interface MirrorPullResult extends MirrorCounts {
  id: number;
  upstream: string;
  source: 'pull' | 'bundle';
  /** ms */
  start_time: number;
  /** ms; null while it runs. */
  end_time: number | null;
  /** Why it stopped before the end of the feed; null when it reached it. */
  error: string | null;
}

/** Where the changes being applied come from: the upstream's keys and its files. */
export interface ChangeSource {
  /** The upstream's origin (`mirrored_from`). */
  origin: string;
  /** The upstream's JWKS (as parsed JSON; checked by `verifyVersionSignature`). */
  jwks: unknown;
  /** The bytes of a signed file; undefined when it cannot be read. */
  readFile(file: SignedFile): Promise<Uint8Array | undefined>;
}

/** Thrown when a pull cannot go on (upstream unreachable, a malformed answer). */
export class MirrorPullError extends Error {
  override readonly name = 'MirrorPullError';
}

/**
 * Thrown when the upstream cannot answer now: unreachable, timed out, its answer cut off, or a 5xx
 * or 429 status. Even while a version's files download, it stops the whole pull before the page's
 * cursor is stored (the version is not counted as failed), so the next pull continues there.
 */
export class UpstreamUnavailableError extends MirrorPullError {}

const checkChanges = Compile(MirrorChanges);

/** The number columns of a tally. */
function countColumns({ failures: _failures, ...numbers }: MirrorCounts) {
  return numbers;
}

/** An empty tally. */
export function emptyCounts(): MirrorCounts {
  return { added: 0, updated: 0, withdrawn: 0, unchanged: 0, skipped: 0, failed: 0, failures: [] };
}

/**
 * The body of `response`, refused beyond `max` bytes (read as it arrives: a huge answer is cut off,
 * never held whole).
 * @throws MirrorPullError when it is larger; UpstreamUnavailableError when the answer is cut off.
 */
async function readCapped(response: Response, max: number, what: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > max) {
    await response.body?.cancel();
    throw new MirrorPullError(`${what} is larger than ${max} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return new Uint8Array();
  const reader = (response.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Uint8Array>;
    try {
      next = await reader.next();
    } catch (error) {
      throw new UpstreamUnavailableError(
        `${what}: the upstream's answer was cut off (${(error as Error).message})`,
      );
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > max) {
      await response.body.cancel().catch(() => {});
      throw new MirrorPullError(`${what} is larger than ${max} bytes`);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
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

/** Options of {@link MirrorService}. */
export interface MirrorServiceOptions {
  /** The upstream and the allowlist; undefined when the server is not a mirror. */
  config?: MirrorConfig | undefined;
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /** The HTTP client (default the global `fetch`). */
  fetch?: typeof fetch;
}

/** Options of one pull. */
export interface PullOptions {
  /** Changes asked per page (default 100). */
  batchSize?: number;
  /** Stop after this many pages (the cursor is kept: the next pull continues); default no limit. */
  maxBatches?: number;
}

/** Mirroring on one database and storage. */
export class MirrorService {
  private readonly clock: () => number;
  private readonly fetch: typeof fetch;
  private running: Promise<MirrorPullResult> | undefined;
  readonly config: MirrorConfig | undefined;

  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    options: MirrorServiceOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.fetch = options.fetch ?? fetch;
    this.config = options.config;
  }

  /** A GET to the upstream with its token; the answer's bytes, capped. */
  private async get(path: string, max: number, what: string): Promise<Uint8Array | undefined> {
    const config = this.config!;
    let response: Response;
    try {
      response = await this.fetch(new URL(path, config.upstream!), {
        headers: config.token ? { authorization: `Bearer ${config.token}` } : {},
        redirect: 'error',
        signal: AbortSignal.timeout(MIRROR_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new UpstreamUnavailableError(
        `${what}: the upstream cannot be reached (${(error as Error).message})`,
      );
    }
    if (response.status === 404 && what.startsWith('file')) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      const unavailable = response.status >= 500 || response.status === 429;
      throw new (unavailable ? UpstreamUnavailableError : MirrorPullError)(
        `${what}: the upstream answered ${response.status}`,
      );
    }
    return readCapped(response, max, what);
  }

  /** GET of a JSON answer from the upstream. */
  private async getJson(path: string, what: string): Promise<unknown> {
    const bytes = await this.get(path, MIRROR_ANSWER_MAX_BYTES, what);
    try {
      return JSON.parse(Buffer.from(bytes!).toString('utf8'));
    } catch {
      throw new MirrorPullError(`${what}: the upstream's answer is not JSON`);
    }
  }

  /** The upstream's JWKS, fetched now, and stored with the mirror's state. */
  private async fetchJwks(): Promise<unknown> {
    const jwks = await this.getJson('/.well-known/plugin-center/jwks.json', 'the JWKS');
    return jwks;
  }

  /**
   * Pulls from the upstream (`UPSTREAM_URL`) from the stored cursor to the end of the feed (or
   * `maxBatches` pages), applying each page and storing the cursor after it; records the result.
   * A pull asked while one runs in this process answers that one's result.
   * @throws MirrorPullError when the server is not a mirror.
   */
  pull(options: PullOptions = {}): Promise<MirrorPullResult> {
    if (!this.config?.upstream)
      throw new MirrorPullError('this server is not a mirror (UPSTREAM_URL is not set)');
    if (!this.running) {
      this.running = this.runPull(options).finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async runPull(options: PullOptions): Promise<MirrorPullResult> {
    const origin = this.config!.upstream!;
    const started = this.clock();
    if (!(await this.takeLease(origin, started))) {
      // Another process of this deployment is pulling: nothing recorded, nothing done.
      return {
        ...emptyCounts(),
        id: 0,
        upstream: origin,
        source: 'pull',
        start_time: started,
        end_time: started,
        error: `another process is pulling from ${origin}`,
      };
    }
    const renew = setInterval(() => {
      this.db.kysely
        .updateTable('mirror_state')
        .set({ lease_until: this.clock() + MIRROR_LEASE_MS })
        .where('upstream', '=', origin)
        .execute()
        .catch(() => {});
    }, MIRROR_LEASE_MS / 3);
    renew.unref();
    try {
      return await this.pullWithLease(origin, started, options);
    } finally {
      clearInterval(renew);
      await this.db.kysely
        .updateTable('mirror_state')
        .set({ lease_until: null })
        .where('upstream', '=', origin)
        .execute();
    }
  }

  /**
   * Takes the pull of `origin` for this process unless another one holds it (a conditional update:
   * of several processes at once, one gets it). A pull record of `origin` still open then was left
   * by a process that died while pulling: it is closed as {@link MIRROR_PULL_INTERRUPTED}.
   * @returns whether this process holds it now.
   */
  private async takeLease(origin: string, now: number): Promise<boolean> {
    await this.db.kysely
      .insertInto('mirror_state')
      .values({ upstream: origin, cursor: '0', jwks: null, update_time: now })
      .onConflict((oc) => oc.column('upstream').doNothing())
      .execute();
    const taken = await this.db.kysely
      .updateTable('mirror_state')
      .set({ lease_until: now + MIRROR_LEASE_MS })
      .where('upstream', '=', origin)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await this.db.kysely
      .updateTable('mirror_pull')
      .set({ end_time: now, error: MIRROR_PULL_INTERRUPTED })
      .where('upstream', '=', origin)
      .where('source', '=', 'pull')
      .where('end_time', 'is', null)
      .execute();
    return true;
  }

  private async pullWithLease(
    origin: string,
    started: number,
    options: PullOptions,
  ): Promise<MirrorPullResult> {
    const id = await this.startRecord(origin, 'pull', started);
    const counts = emptyCounts();
    let error: string | null = null;
    try {
      const jwks = await this.fetchJwks();
      const source: ChangeSource = {
        origin,
        jwks,
        readFile: (file) =>
          this.get(`/api/cmt/mirror/file/${file.key}`, MIRROR_FILE_MAX_BYTES, `file ${file.key}`),
      };
      let cursor = await this.cursor(origin);
      const size = options.batchSize ?? 100;
      for (let batch = 0; options.maxBatches === undefined || batch < options.maxBatches; batch++) {
        const page = await this.getJson(`/api/cmt/mirror/changes?since=${cursor}&limit=${size}`, 'the feed');
        const data = (page as { data?: unknown } | null)?.data;
        if (!checkChanges.Check(data)) {
          throw new MirrorPullError(
            `the feed's answer after ${cursor} is not a page of changes: ${[...checkChanges.Errors(data)]
              .slice(0, 1)
              .map((e) => `${e.instancePath || '/'} ${e.message}`)
              .join('')}`,
          );
        }
        if (BigInt(data.cursor) < BigInt(cursor))
          throw new MirrorPullError(`the feed went back from ${cursor} to ${data.cursor}`);
        // A page with changes moves the cursor on: a feed that does not would be read forever.
        if (data.changes.length > 0 && data.cursor === cursor)
          throw new MirrorPullError(`the feed did not move on from ${cursor}`);
        await this.applyChanges(source, data.changes, counts);
        cursor = data.cursor;
        await this.saveState(origin, cursor, jwks);
        if (!data.more || data.changes.length === 0) break;
      }
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    return this.finishRecord(id, origin, 'pull', started, counts, error);
  }

  /**
   * Applies changes from `source` in order, adding to `counts`: versions allowed by the allowlist
   * are verified and stored, the others (and withdrawals) withdraw the local copy when there is one.
   * A version refused (signature, digests, a file missing or too large) is counted as failed and the
   * next change is applied.
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
      try {
        const outcome = await this.applyVersion(source, change);
        counts[outcome]++;
      } catch (caught) {
        // The upstream gone: not this version's fault; the pull stops and the next one retries it.
        if (caught instanceof UpstreamUnavailableError) throw caught;
        counts.failed++;
        if (counts.failures.length < FAILURES_KEPT)
          counts.failures.push({
            plugin_key: change.plugin_key,
            version: change.version,
            reason: caught instanceof Error ? caught.message : String(caught),
          });
      }
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
    if (JSON.stringify(change).includes('\\u0000'))
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
    const bytes = new Map<string, Uint8Array>();
    // A read that failed because the upstream is gone (the check sees only a missing file).
    let unavailable: UpstreamUnavailableError | undefined;
    const files = await verifyVersionFiles(signed, async (file) => {
      if (!STORAGE_KEY.test(file.key) || !file.key.startsWith(`${file.sha256}.`)) return undefined;
      try {
        const known = bytes.get(file.key) ?? (await source.readFile(file));
        if (known) bytes.set(file.key, known);
        return known;
      } catch (error) {
        if (error instanceof UpstreamUnavailableError) unavailable = error;
        throw error;
      }
    });
    if (unavailable) throw unavailable;
    if (!files.ok) throw new Error(files.message);
    // Checked again as stored: what the storage holds is what was hashed.
    for (const [key, data] of bytes) {
      if (!key.startsWith(`${await sha256Hex(data)}.`)) throw new Error(`the file ${key} changed while read`);
      await this.storage.put(key, data);
    }
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
      await this.upsertVersion(trx, plugin.id, change, signed.approved_at);
      await refreshSearchIndex(trx, [plugin.id]);
      return outcome;
    });
  }

  /** The version row of the change: inserted, or its signature brought up to date when it exists. */
  private async upsertVersion(
    trx: Kysely<DatabaseSchema>,
    pluginId: number,
    change: MirrorVersionChange,
    approvedAt: number,
  ): Promise<void> {
    const existing = await trx
      .selectFrom('plugin_version')
      .select(['id', 'signature'])
      .where('plugin_id', '=', pluginId)
      .where('version', '=', change.version)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (existing) {
      if (existing.signature !== change.signature.jws)
        await trx
          .updateTable('plugin_version')
          .set({
            signature: change.signature.jws,
            signature_kid: change.signature.kid,
            version_content: change.version_content,
            create_time: approvedAt,
          })
          .where('id', '=', existing.id)
          .execute();
      return;
    }
    await trx
      .insertInto('plugin_version')
      .values({
        plugin_id: pluginId,
        version: change.version,
        version_content: change.version_content,
        create_time: approvedAt,
        signature: change.signature.jws,
        signature_kid: change.signature.kid,
      })
      .execute();
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

  /** The stored cursor of an upstream (`'0'` before the first pull). */
  async cursor(origin: string): Promise<string> {
    const row = await this.db.kysely
      .selectFrom('mirror_state')
      .select('cursor')
      .where('upstream', '=', origin)
      .executeTakeFirst();
    return row?.cursor ?? '0';
  }

  /** Sets the upstream's cursor back to the feed's beginning (the next pull looks at every plugin). */
  async resetCursor(): Promise<void> {
    if (!this.config?.upstream) return;
    await this.db.kysely
      .updateTable('mirror_state')
      .set({ cursor: '0' })
      .where('upstream', '=', this.config.upstream)
      .execute();
  }

  /** Stores the cursor (and the JWKS) of an upstream after a page was applied. */
  private async saveState(origin: string, cursor: string, jwks: unknown): Promise<void> {
    const now = this.clock();
    const values = {
      cursor,
      jwks: JSON.stringify(jwks),
      update_time: now,
      lease_until: now + MIRROR_LEASE_MS,
    };
    await this.db.kysely
      .insertInto('mirror_state')
      .values({ upstream: origin, ...values })
      .onConflict((oc) => oc.column('upstream').doUpdateSet(values))
      .execute();
  }

  /** The public keys of the upstreams last fetched (the mirror's JWKS answers them too). */
  upstreamKeys(): Promise<unknown[]> {
    return upstreamPublicKeys(this.db.kysely);
  }

  /** Inserts the row of a pull or import that starts now. @returns its id */
  async startRecord(origin: string, source: 'pull' | 'bundle', started: number): Promise<number> {
    const row = await this.db.kysely
      .insertInto('mirror_pull')
      .values({
        upstream: origin,
        source,
        start_time: started,
        ...countColumns(emptyCounts()),
        failures: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Stores the result of a pull or import. */
  async finishRecord(
    id: number,
    origin: string,
    source: 'pull' | 'bundle',
    started: number,
    counts: MirrorCounts,
    error: string | null,
  ): Promise<MirrorPullResult> {
    const end = this.clock();
    const { failures, ...numbers } = counts;
    await this.db.kysely
      .updateTable('mirror_pull')
      .set({ ...numbers, failures: JSON.stringify(failures), end_time: end, error })
      .where('id', '=', id)
      .execute();
    return { id, upstream: origin, source, start_time: started, end_time: end, error, ...counts };
  }

  /** The mirroring of this deployment as the back office shows it (`backoffice.mirrorStatus`). */
  async status(): Promise<MirrorStatus> {
    const upstream = this.config?.upstream ?? null;
    const mirrored = await this.db.kysely
      .selectFrom('plugin')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mirrored_from', 'is not', null)
      .executeTakeFirstOrThrow();
    const state = upstream
      ? await this.db.kysely
          .selectFrom('mirror_state')
          .select(['cursor', 'lease_until'])
          .where('upstream', '=', upstream)
          .executeTakeFirst()
      : undefined;
    // A pull of this process, or of another one holding the lease.
    const leased = state?.lease_until != null && Number(state.lease_until) > this.clock();
    return {
      upstream,
      allow: {
        keys: this.config?.allowKeys ?? [],
        tags: this.config?.allowTags ?? [],
        publishers: this.config?.allowPublishers ?? [],
      },
      interval_minutes: upstream ? (this.config?.intervalMinutes ?? 0) : 0,
      cursor: state?.cursor ?? null,
      mirrored: Number(mirrored.n),
      running: this.running !== undefined || leased,
      last_pull: (await this.lastPull()) ?? null,
    };
  }

  /** The latest pull or import; undefined before the first. */
  async lastPull(): Promise<MirrorPullResult | undefined> {
    const row = await this.db.kysely
      .selectFrom('mirror_pull')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: Number(row.id),
      upstream: row.upstream,
      source: row.source as 'pull' | 'bundle',
      start_time: Number(row.start_time),
      end_time: row.end_time === null ? null : Number(row.end_time),
      added: row.added,
      updated: row.updated,
      withdrawn: row.withdrawn,
      unchanged: row.unchanged,
      skipped: row.skipped,
      failed: row.failed,
      failures: JSON.parse(row.failures) as MirrorFailure[],
      error: row.error,
    };
  }
}
