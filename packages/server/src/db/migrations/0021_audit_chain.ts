/**
 * Migration 0021: the audit log made append-only against SQL as well, and tamper-evident.
 * - Columns `seq` (position in the chain, 1 first, unique), `prev_hash` and `hash`
 *   (`shared/auditChain.ts`): each entry's SHA-256 covers its fields and the previous entry's hash.
 *   Entries written before this migration are chained here, in id order.
 * - SQLite: a BEFORE INSERT trigger refuses an entry whose id or seq is already taken, which is
 *   how `INSERT OR REPLACE` / `REPLACE INTO` would rewrite one (REPLACE deletes the old row without
 *   firing the DELETE trigger unless `recursive_triggers` is on), and one without its chain columns.
 * - PostgreSQL: a statement-level BEFORE TRUNCATE trigger refuses `TRUNCATE audit_log`; the chain
 *   columns are NOT NULL.
 * The UPDATE and DELETE refusals of migration 0009 stay (lifted here only while chaining).
 */
import { type Kysely, sql } from 'kysely';
import { AUDIT_GENESIS_HASH, auditEntryHash, type ChainedAuditFields } from '../../shared/auditChain';
import type { Dialect } from '../database';

/** Adds the chain, chains the existing entries, and adds the refusals. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema.alterTable('audit_log').addColumn('seq', 'bigint').execute();
  await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();

  if (pg) await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(db);
  else await sql`DROP TRIGGER audit_log_no_update`.execute(db);
  const rows = (await db.selectFrom('audit_log').selectAll().orderBy('id').execute()) as Omit<
    ChainedAuditFields,
    'seq' | 'prev_hash'
  >[];
  let prev = AUDIT_GENESIS_HASH;
  for (const [index, row] of rows.entries()) {
    const seq = index + 1;
    const hash = auditEntryHash({ ...row, seq, prev_hash: prev });
    await db.updateTable('audit_log').set({ seq, prev_hash: prev, hash }).where('id', '=', row.id).execute();
    prev = hash;
  }
  if (pg) {
    await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX audit_log_seq_idx ON audit_log (seq)`.execute(db);

  if (pg) {
    await sql`ALTER TABLE audit_log
      ALTER COLUMN seq SET NOT NULL, ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL`.execute(
      db,
    );
    await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log
      WHEN EXISTS (SELECT 1 FROM audit_log WHERE id = NEW.id)
        OR EXISTS (SELECT 1 FROM audit_log WHERE seq = NEW.seq)
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_chained BEFORE INSERT ON audit_log
      WHEN NEW.seq IS NULL OR NEW.prev_hash IS NULL OR NEW.hash IS NULL
      BEGIN SELECT RAISE(ABORT, 'audit_log entries carry seq, prev_hash and hash'); END`.execute(db);
  }
}

/** Drops what {@link up} added (the UPDATE and DELETE refusals stay). */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`DROP TRIGGER audit_log_no_truncate ON audit_log`.execute(db);
  } else {
    await sql`DROP TRIGGER audit_log_no_replace`.execute(db);
    await sql`DROP TRIGGER audit_log_chained`.execute(db);
  }
  await sql`DROP INDEX audit_log_seq_idx`.execute(db);
  for (const column of ['hash', 'prev_hash', 'seq']) {
    await db.schema.alterTable('audit_log').dropColumn(column).execute();
  }
}
