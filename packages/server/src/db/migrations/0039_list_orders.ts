/**
 * Migration 0039: the indexes of the plugin list's orders and of its trending ranking
 * (`GET plugin/list?sort=`, `plugins/list.ts`), so a deep page of each order is a walk of an index
 * from the cursor on, never a sort of the catalogue:
 *
 * - `plugin_rated_idx`: highest rated — the Bayesian score (written exactly as
 *   `db/pluginFilters.ts` ratingScoreSql, since both databases match an expression index by its
 *   expression), then `rating_count`, then `id`, descending;
 * - `plugin_name_idx`: name — the lower-cased name (`COLLATE "C"` on PostgreSQL, as
 *   `nameKeySql`), then `id`, ascending;
 * - `plugin_newest_idx`: newest — `create_time`, then `id`, descending;
 * - `plugin_install_time_idx`: `plugin_install (create_time, plugin_id)`, the installs of the last
 *   days grouped by plugin without reading older ones.
 *
 * Each plugin index leads with `review_status`, as those of migration 0001 do.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The highest-rated score over the bare columns (RATING_PRIOR weight 5, mean 3: 5 × 3 = 15). */
const RATING_SCORE =
  '(CASE WHEN rating_count = 0 THEN 0 ELSE (CAST(rating_sum AS BIGINT) + 15) * 1000 / (rating_count + 5) END)';

/** Creates the four indexes. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const nameKey = dialect === 'postgres' ? '(lower(name) COLLATE "C")' : 'lower(name)';
  await sql
    .raw(
      `CREATE INDEX plugin_rated_idx ON plugin (review_status, ${RATING_SCORE} DESC, rating_count DESC, id DESC)`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX plugin_name_idx ON plugin (review_status, ${nameKey}, id)`).execute(db);
  await sql`CREATE INDEX plugin_newest_idx ON plugin (review_status, create_time DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX plugin_install_time_idx ON plugin_install (create_time, plugin_id)`.execute(db);
}

/** Drops the four indexes. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['plugin_install_time_idx', 'plugin_newest_idx', 'plugin_name_idx', 'plugin_rated_idx'])
    await sql.raw(`DROP INDEX ${name}`).execute(db);
}
