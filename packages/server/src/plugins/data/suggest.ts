/**
 * The queries of the as-you-type suggestions (`GET plugin/suggest`): listed approved plugins
 * whose lower-cased name, or translated name, starts with a prefix — each one range scan of an
 * index of migration 0013 (`plugin_suggest_name_idx`, `plugin_translation_suggest_idx`) that stops
 * after {@link SUGGEST_SCAN} entries — and the tags in use.
 */
import { type Locale, ReviewStatus } from '@plugin-center/contract/schemas';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';

/** How many index entries a prefix scan reads at most before ranking them by popularity. */
export const SUGGEST_SCAN = 200;

/** A plugin that a prefix matched: its key, the name to show and its popularity. */
export interface SuggestPluginRow {
  id: number;
  plugin_key: string;
  /** The name to show: the translated name when a translation in the asked locale exists. */
  name: string;
  download_count: number;
}

/** Above every character: `prefix || MAX` bounds the names starting with `prefix` (byte order). */
const MAX_CHAR = '\u{10FFFF}';

/** The indexed key of a name column: `lower(name)`, in the "C" collation on PostgreSQL. */
function nameKey(db: Database, column: 'p.name' | 't.name'): RawBuilder<string> {
  return db.dialect === 'postgres'
    ? sql<string>`(lower(${sql.ref(column)}) COLLATE "C")`
    : sql<string>`lower(${sql.ref(column)})`;
}

/** `key >= prefix AND key < prefix || U+10FFFF` (the key's explicit collation decides). */
function prefixRange(key: RawBuilder<string>, prefix: string): RawBuilder<boolean> {
  return sql<boolean>`${key} >= ${prefix} AND ${key} < ${prefix + MAX_CHAR}`;
}

/**
 * Approved plugins whose `lower(name)` starts with `prefix` (already lower case): the first
 * {@link SUGGEST_SCAN} entries of `plugin_suggest_name_idx` in name order, the `limit` most
 * downloaded of them (then by name). With `lang`, `name` is the translated one when it exists.
 * The approved filter is a literal so that both planners may use the partial index.
 */
export function pluginsByNamePrefix(
  db: Database,
  prefix: string,
  limit: number,
  lang?: Locale,
): Promise<SuggestPluginRow[]> {
  const key = nameKey(db, 'p.name');
  const scanned = db.kysely
    .selectFrom('plugin as p')
    .select(['p.id', 'p.plugin_key', 'p.name', 'p.download_count', key.as('name_key')])
    .where(sql<boolean>`p.review_status = ${sql.lit(ReviewStatus.APPROVED)}`)
    .where('p.unlisted_at', 'is', null)
    .where(prefixRange(key, prefix))
    .orderBy(key)
    .limit(SUGGEST_SCAN)
    .as('s');
  const top = db.kysely
    .selectFrom(scanned)
    .select(['s.id', 's.plugin_key', 's.name', 's.download_count', 's.name_key'])
    .orderBy('s.download_count', 'desc')
    .orderBy('s.name_key')
    .orderBy('s.id')
    .limit(limit);
  if (!lang) {
    return top
      .execute()
      .then((rows) => rows.map(({ id, plugin_key, name, download_count }) => ({ id, plugin_key, name, download_count })));
  }
  // The translated names of the `limit` chosen ones only (not of every scanned entry).
  return db.kysely
    .selectFrom(top.as('top'))
    .leftJoin('plugin_translation as t', (join) => join.onRef('t.plugin_id', '=', 'top.id').on('t.locale', '=', lang))
    .select(['top.id', 'top.plugin_key', sql<string>`coalesce(t.name, top.name)`.as('name'), 'top.download_count'])
    .orderBy('top.download_count', 'desc')
    .orderBy('top.name_key')
    .orderBy('top.id')
    .execute();
}

/**
 * Approved plugins whose translated name in `locale` starts with `prefix` (lower case): the first
 * {@link SUGGEST_SCAN} entries of `plugin_translation_suggest_idx`, the `limit` most downloaded of
 * those that are approved (then by name); `name` is the translated name.
 */
export function pluginsByTranslatedNamePrefix(
  db: Database,
  locale: Locale,
  prefix: string,
  limit: number,
): Promise<SuggestPluginRow[]> {
  const key = nameKey(db, 't.name');
  const scanned = db.kysely
    .selectFrom('plugin_translation as t')
    .select(['t.plugin_id', 't.name', key.as('name_key')])
    .where('t.locale', '=', locale)
    .where(prefixRange(key, prefix))
    .orderBy(key)
    .limit(SUGGEST_SCAN)
    .as('s');
  return db.kysely
    .selectFrom(scanned)
    .innerJoin('plugin as p', 'p.id', 's.plugin_id')
    .select(['p.id', 'p.plugin_key', 's.name', 'p.download_count'])
    .where('p.review_status', '=', ReviewStatus.APPROVED)
    .where('p.unlisted_at', 'is', null)
    .orderBy('p.download_count', 'desc')
    .orderBy('s.name_key')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}
