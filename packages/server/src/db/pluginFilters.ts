/**
 * The filters of the plugin list (`GET plugin/list?platform=&rating=`) as SQL conditions on a
 * `plugin p` row, and the expressions of the list orders that are not plain columns. One module,
 * read by the list's keyset walks (`plugins/data/list.ts`) and by search (`search/data.ts`), so a
 * filter means the same with and without a keyword.
 *
 * Adding a filter is one more optional field of {@link PluginListFilters} and one more condition in
 * {@link pluginFilterConditions}; the list's cache keys and cursors already include every field
 * ({@link filtersFingerprint}).
 */
import { type PluginPlatform, RATING_PRIOR } from '@plugin-center/contract/schemas';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from './database';

/** The filters of a plugin list; an absent field does not filter. */
export interface PluginListFilters {
  /** Only plugins whose `platforms` carry this design tool (`figma` also matches `figjam`). */
  platform?: PluginPlatform | undefined;
  /** Only plugins whose average rating, rounded to one decimal, is at least this many stars (1–5). */
  rating?: number | undefined;
  /** Only plugins whose owner is a verified publisher (`publisher.verified_by` set, migration 0038). */
  verified?: true | undefined;
}

/** The platform slugs each filter value matches in `plugin.platforms` (a JSON array of slugs). */
const PLATFORM_SLUGS: Readonly<Record<PluginPlatform, readonly string[]>> = {
  figma: ['figma', 'figjam'],
  sketch: ['sketch'],
  'adobe-xd': ['adobe-xd'],
  penpot: ['penpot'],
  mastergo: ['mastergo'],
};

/** Whether any filter is set (without one, the list's count is the kept counter). */
export function hasFilters(filters: PluginListFilters): boolean {
  return filters.platform !== undefined || filters.rating !== undefined || filters.verified === true;
}

/** The filters as a stable list of strings for cache keys and cursor fingerprints. */
export function filtersFingerprint(filters: PluginListFilters): string[] {
  return [
    `platform=${filters.platform ?? ''}`,
    `rating=${filters.rating ?? ''}`,
    `verified=${filters.verified ? 1 : ''}`,
  ];
}

/**
 * The conditions (joined with AND by the caller; `TRUE` without filters) on the row `p` of
 * `plugin`. A verified publisher is the owner's `publisher` row with `verified_by` set, of an active
 * account (a disabled account's publisher page answers 404; imported
 * plugins without an owner never match). The platform is matched as the quoted slug inside the JSON array (`"figma"`), which no
 * other slug contains. The rating condition is exact integer arithmetic: the rounded average
 * `round(10 · sum / count) / 10 ≥ N` holds exactly when `20 · sum ≥ (20 · N − 1) · count`.
 */
export function pluginFilterConditions(filters: PluginListFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filters.platform !== undefined) {
    const slugs = PLATFORM_SLUGS[filters.platform] ?? [filters.platform];
    parts.push(
      sql`(${sql.join(
        slugs.map((slug) => sql`p.platforms LIKE ${`%"${slug}"%`}`),
        sql` OR `,
      )})`,
    );
  }
  if (filters.rating !== undefined) {
    parts.push(
      sql`(p.rating_count > 0 AND 20 * p.rating_sum >= ${20 * filters.rating - 1} * p.rating_count)`,
    );
  }
  if (filters.verified) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM publisher pub JOIN user_account u ON u.id = pub.user_id
        WHERE pub.user_id = p.owner_id AND pub.verified_by IS NOT NULL AND u.staff_status = 1)`,
    );
  }
  return parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `);
}

/**
 * The highest-rated order's score of the row `p`, in thousandths of a star: the Bayesian average
 * `(rating_sum + WEIGHT · MEAN) / (rating_count + WEIGHT)` of the contract's `RATING_PRIOR`
 * (`alias` '' for the bare columns of an index)
 * (integer division; 0 without ratings, so unrated plugins come last). Written exactly as in the
 * expression index of migration 0039, which both databases match by its text.
 */
export function ratingScoreSql(alias = 'p'): string {
  const prior = RATING_PRIOR.WEIGHT * RATING_PRIOR.MEAN;
  const a = alias ? `${alias}.` : '';
  return `(CASE WHEN ${a}rating_count = 0 THEN 0 ELSE (CAST(${a}rating_sum AS BIGINT) + ${prior}) * 1000 / (${a}rating_count + ${RATING_PRIOR.WEIGHT}) END)`;
}

/**
 * The name order's key of the row `p`: the lower-cased name, compared byte-wise (`COLLATE "C"` on
 * PostgreSQL, SQLite's default BINARY), so both databases order and continue a page the same way
 * whatever the database's locale. PostgreSQL lower-cases every script; SQLite only ASCII.
 */
export function nameKeySql(db: Pick<Database, 'dialect'>, alias = 'p'): string {
  const a = alias ? `${alias}.` : '';
  return db.dialect === 'postgres' ? `(lower(${a}name) COLLATE "C")` : `lower(${a}name)`;
}
