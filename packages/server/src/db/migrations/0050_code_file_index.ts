/**
 * Migration 0050: the code files a mirror's upstream serves (`GET /api/cmt/mirror/file/<key>`,
 * `mirror/feed.ts` isMirrorableFile) are looked up by storage key, in the plugins' current code
 * files and in the approved submissions' (an earlier version's): one index on each column, so a
 * file request reads a few index entries, not every submission (nor every plugin).
 */
import type { Kysely } from 'kysely';

/** Creates the indexes. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('plugin_submission_code_file_idx')
    .on('plugin_submission')
    .column('code_file')
    .execute();
  await db.schema.createIndex('plugin_code_file_idx').on('plugin').column('code_file').execute();
}

/** Drops the indexes. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('plugin_code_file_idx').execute();
  await db.schema.dropIndex('plugin_submission_code_file_idx').execute();
}
