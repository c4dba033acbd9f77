/**
 * The upstream side of mirroring (docs/mirroring.md): the feed `GET /api/cmt/mirror/changes` and
 * the changes a bundle export writes. Both read the change sequence (`mirror_change`, migration
 * 0046, appended by triggers) and answer each changed plugin as it is now: a `version` change for a
 * plugin that is approved, listed and has a signed current version (with its earlier signed
 * versions, newest first, at most `MIRROR_EARLIER_VERSIONS_MAX`; none for a plugin mirrored here
 * from elsewhere), else a `withdrawn` one. A feed page stops early at `MIRROR_PAGE_MAX_BYTES`.
 */
import {
  MIRROR_CHANGES_MAX,
  MIRROR_EARLIER_VERSIONS_MAX,
  type MirrorChange,
  type MirrorChanges,
  type MirrorEarlierVersion,
  type MirrorPublisher,
  ReviewStatus,
} from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { tagCodesByPlugin } from '../publishing/data';

type Db = Kysely<DatabaseSchema>;

/** The default page of the feed. */
export const MIRROR_CHANGES_DEFAULT = 100;

/**
 * The most bytes of changes (serialized as JSON, UTF-8) a feed page holds, well under the 16 MiB a
 * mirror reads (`MIRROR_ANSWER_MAX_BYTES`): a page stops before the change that would pass it (a
 * single change larger than it — a few MiB at most under the contract's text limits — still makes
 * a page of its own).
 */
export const MIRROR_PAGE_MAX_BYTES = 4 * 1024 * 1024;

/** A change row of the sequence. */
interface ChangeRow {
  seq: number;
  plugin_key: string;
}

/**
 * The changes of the rows, in sequence order, one per plugin (at its last row), each the plugin's
 * state now.
 */
export async function changesOf(db: Db, rows: readonly ChangeRow[]): Promise<MirrorChange[]> {
  const last = new Map<string, number>();
  for (const row of rows) last.set(row.plugin_key, Number(row.seq));
  const keys = [...last.keys()];
  if (keys.length === 0) return [];
  const plugins = await db
    .selectFrom('plugin as p')
    .leftJoin('publisher as pub', 'pub.user_id', 'p.owner_id')
    .leftJoin('user_account as u', 'u.id', 'p.owner_id')
    .leftJoin('plugin_version as v', (join) =>
      join.onRef('v.plugin_id', '=', 'p.id').onRef('v.version', '=', 'p.current_version'),
    )
    .select([
      'p.id',
      'p.plugin_key',
      'p.name',
      'p.intro',
      'p.description',
      'p.review_status',
      'p.unlisted_at',
      'p.current_version',
      'p.version_content',
      'p.platforms',
      'p.developer',
      'p.contact',
      'p.technical_support_link',
      'p.homepage',
      'p.license',
      'p.repository',
      'p.copyright_type',
      'p.copyright_name',
      'p.reuse_center_cover',
      'p.owner_id',
      'p.mirror_publisher',
      'p.mirrored_from',
      'pub.handle as publisher_handle',
      'u.nick_name as publisher_name',
      'v.id as version_id',
      'v.create_time as approved_at',
      'v.signature',
      'v.signature_kid',
    ])
    .where('p.plugin_key', 'in', keys)
    .orderBy('v.id', 'desc')
    .execute();
  const byKey = new Map<string, (typeof plugins)[number]>();
  // The newest version row of that number (a number approved twice keeps its latest signature).
  for (const row of plugins) if (!byKey.has(row.plugin_key)) byKey.set(row.plugin_key, row);
  const ids = [...byKey.values()].map((p) => p.id);
  const tags = await tagCodesByPlugin(db, ids);
  const earlier = await signedVersionsByPlugin(db, ids);
  const out: MirrorChange[] = [];
  for (const key of keys.sort((a, b) => last.get(a)! - last.get(b)!)) {
    const seq = last.get(key)!;
    const p = byKey.get(key);
    if (
      !p ||
      p.review_status !== ReviewStatus.APPROVED ||
      p.unlisted_at !== null ||
      !p.current_version ||
      !p.signature ||
      !p.signature_kid
    ) {
      out.push({ kind: 'withdrawn', seq, plugin_key: key });
      continue;
    }
    out.push({
      kind: 'version',
      seq,
      plugin_key: p.plugin_key,
      name: p.name,
      intro: p.intro,
      description: p.description,
      version: p.current_version,
      version_content: p.version_content,
      approved_at: Number(p.approved_at),
      tags: tags.get(p.id) ?? [],
      platforms: JSON.parse(p.platforms) as string[],
      developer: p.developer,
      contact: p.contact,
      technical_support_link: p.technical_support_link,
      homepage: p.homepage,
      license: p.license,
      repository: p.repository,
      copyright_type: p.copyright_type,
      copyright_name: p.copyright_name,
      reuse_center_cover: p.reuse_center_cover === 1,
      publisher: publisherOf(p),
      signature: { kid: p.signature_kid, jws: p.signature },
      // A plugin mirrored here from elsewhere: only its current version (this server's file route
      // serves no earlier code file of it, so a mirror of this one could not verify them).
      earlier_versions: p.mirrored_from
        ? []
        : (earlier.get(p.id) ?? [])
            .filter((v) => v.version !== p.current_version)
            .slice(0, MIRROR_EARLIER_VERSIONS_MAX),
    });
  }
  return out;
}

/**
 * The signed versions of each plugin of `ids`, newest first (by approval time, then row): what a
 * change carries as earlier versions once the current one is left out.
 */
async function signedVersionsByPlugin(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, MirrorEarlierVersion[]>> {
  const byPlugin = new Map<number, MirrorEarlierVersion[]>();
  if (ids.length === 0) return byPlugin;
  const rows = await db
    .selectFrom('plugin_version')
    .select(['plugin_id', 'version', 'version_content', 'create_time', 'signature', 'signature_kid'])
    .where('plugin_id', 'in', ids)
    .where('signature', 'is not', null)
    .where('signature_kid', 'is not', null)
    .orderBy('plugin_id')
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const list = byPlugin.get(row.plugin_id) ?? [];
    byPlugin.set(row.plugin_id, list);
    // One more than travels: the current version may be among them.
    if (list.length > MIRROR_EARLIER_VERSIONS_MAX) continue;
    list.push({
      version: row.version,
      version_content: row.version_content,
      approved_at: Number(row.create_time),
      signature: { kid: row.signature_kid!, jws: row.signature! },
    });
  }
  return byPlugin;
}

/** The publisher of a plugin row: its owner's, or (a plugin mirrored here) its upstream's. */
function publisherOf(p: {
  owner_id: number | null;
  publisher_handle: string | null;
  publisher_name: string | null;
  mirror_publisher: string | null;
}): MirrorPublisher | null {
  if (p.owner_id !== null) return { handle: p.publisher_handle, name: p.publisher_name || null };
  return p.mirror_publisher ? (JSON.parse(p.mirror_publisher) as MirrorPublisher) : null;
}

/**
 * A page of the feed: the changes after `since` (a sequence number, `'0'` from the start), at most
 * `limit` rows of the sequence, and the cursor of the next page (the last row's number; `since`
 * itself when there was none). The changes are cut before the one that would take the page past
 * `maxBytes` of JSON (at least one change is answered): the cursor is then the last answered
 * change's number and `more` is true, so the next page starts with the first change left out (a
 * plugin whose last change was left out comes then, at that change, even when an earlier change of
 * it was within this page's numbers).
 * @param maxBytes - bytes of UTF-8 JSON of the changes (default {@link MIRROR_PAGE_MAX_BYTES}).
 */
export async function readChanges(
  db: Db,
  since: string | undefined,
  limit?: number,
  maxBytes: number = MIRROR_PAGE_MAX_BYTES,
): Promise<MirrorChanges> {
  const after = Number(since ?? '0');
  const size = Math.min(Math.max(limit ?? MIRROR_CHANGES_DEFAULT, 1), MIRROR_CHANGES_MAX);
  const rows = await db
    .selectFrom('mirror_change')
    .select(['seq', 'plugin_key'])
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(size)
    .execute();
  const changes = await changesOf(db, rows);
  // The changes are in sequence order: those kept end at a number below every one left out.
  let bytes = 0;
  let kept = 0;
  for (const change of changes) {
    // Its JSON and the comma after it.
    const length = Buffer.byteLength(JSON.stringify(change)) + 1;
    if (kept > 0 && bytes + length > maxBytes) break;
    bytes += length;
    kept++;
  }
  if (kept < changes.length)
    return { changes: changes.slice(0, kept), cursor: String(changes[kept - 1]!.seq), more: true };
  const cursor = rows.length > 0 ? String(rows.at(-1)!.seq) : String(after);
  return { changes, cursor, more: rows.length === size };
}

/**
 * Every change at or after `since` (ms), one per plugin, walked in pages of the sequence (for a
 * bundle export): calls `each` with each page's changes in order.
 */
export async function forEachChangeSince(
  db: Db,
  since: number,
  each: (changes: MirrorChange[]) => Promise<void>,
): Promise<void> {
  const rows = await db
    .selectFrom('mirror_change')
    .select(['plugin_key'])
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('time', '>=', since)
    .groupBy('plugin_key')
    .orderBy('seq')
    .execute();
  for (let i = 0; i < rows.length; i += MIRROR_CHANGES_MAX) {
    await each(
      await changesOf(
        db,
        rows.slice(i, i + MIRROR_CHANGES_MAX).map((r) => ({ seq: Number(r.seq), plugin_key: r.plugin_key })),
      ),
    );
  }
}

/**
 * Whether the mirror file route may answer the stored file `key`: any image or video (the public
 * file route serves them too), and a code file (`.json`) only when it is an approved plugin's: its
 * current one, or the one of an approved submission of a signed earlier version.
 */
export async function isMirrorableFile(db: Db, key: string): Promise<boolean> {
  if (!key.endsWith('.json')) return true;
  const row = await db
    .selectFrom('plugin')
    .select('id')
    .where('code_file', '=', key)
    .where('review_status', '=', ReviewStatus.APPROVED)
    .limit(1)
    .executeTakeFirst();
  if (row) return true;
  const earlier = await db
    .selectFrom('plugin_submission as s')
    .innerJoin('plugin as p', 'p.id', 's.plugin_id')
    .innerJoin('plugin_version as v', (join) =>
      join.onRef('v.plugin_id', '=', 's.plugin_id').onRef('v.version', '=', 's.version'),
    )
    .select('s.id')
    .where('s.code_file', '=', key)
    .where('s.status', '=', ReviewStatus.APPROVED)
    .where('p.review_status', '=', ReviewStatus.APPROVED)
    .where('v.signature', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return earlier !== undefined;
}
