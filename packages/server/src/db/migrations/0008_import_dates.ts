/**
 * Migration 0008: imported plugins whose creation date is later than their update date (the import
 * used to set `create_time` to the import time) get the source's date instead,
 * as new imports do (`recordToPlugin`): `create_time = update_time` where a catalogue source is
 * named and the update is earlier. Published plugins (no `source`) are left as they are.
 */
import { type Kysely, sql } from 'kysely';

/** Moves the creation date of imported plugins back to their update date where it was later. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await sql`UPDATE plugin SET create_time = update_time
    WHERE source IS NOT NULL AND update_time IS NOT NULL AND create_time > update_time`.execute(db);
}

/** Nothing to undo: the import time was not kept. */
export async function down(): Promise<void> {}
