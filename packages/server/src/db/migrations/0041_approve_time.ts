/**
 * Migration 0041: when a plugin was first approved, and the design tools a submission declares.
 *
 * - `plugin.approve_time` (ms): set by the review domain when the plugin's first submission is
 *   approved, never changed by later versions, unlisting or relisting; null while the plugin was
 *   never approved. Filled in for the approved plugins there are: a catalogue import's (`source`
 *   set) is its source's date (`update_time`), or 0 (an unknown time, last in the order) without
 *   one; any other's is its `create_time` (the time it was submitted: the first approval is not
 *   recorded anywhere else). The newest order of the plugin list (`sort=5`, the square's "new and
 *   notable" row) walks it.
 * - `plugin_approved_idx`: `(review_status, approve_time DESC, id DESC)`, that order's index; it
 *   replaces `plugin_newest_idx` of migration 0039 (`create_time`), which no query walks any more.
 * - `plugin_submission.platforms`: a JSON array of the contract's `PLUGIN_PLATFORMS` codes the
 *   submission declares (chosen in the form or read from its manifest), copied to
 *   `plugin.platforms` when it is approved; null on the rows before this migration, whose approval
 *   leaves the plugin's platforms as they are.
 */
import { type Kysely, sql } from 'kysely';

/** Adds the columns, fills in `approve_time`, swaps the newest order's index. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plugin').addColumn('approve_time', 'bigint').execute();
  await sql`UPDATE plugin SET approve_time = CASE WHEN source IS NOT NULL THEN COALESCE(update_time, 0)
    ELSE create_time END WHERE review_status = 2`.execute(db);
  await db.schema.alterTable('plugin_submission').addColumn('platforms', 'text').execute();
  await sql`DROP INDEX plugin_newest_idx`.execute(db);
  await sql`CREATE INDEX plugin_approved_idx ON plugin (review_status, approve_time DESC, id DESC)`.execute(
    db,
  );
}

/** Drops the columns and puts back the index of migration 0039. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX plugin_approved_idx`.execute(db);
  await sql`CREATE INDEX plugin_newest_idx ON plugin (review_status, create_time DESC, id DESC)`.execute(db);
  await db.schema.alterTable('plugin_submission').dropColumn('platforms').execute();
  await db.schema.alterTable('plugin').dropColumn('approve_time').execute();
}
