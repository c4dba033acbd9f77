/**
 * The append-only audit log of administrative actions (SPEC §5): review decisions, deletions,
 * downloads and owner changes of plugins, curation, banners, settings and role changes all write
 * here, each in the transaction of the change it records, so an entry exists exactly when the
 * change does. `GET manager/audit-log` reads it, newest first.
 *
 * The database refuses UPDATE, DELETE, TRUNCATE (PostgreSQL) and rewriting an id (SQLite
 * `INSERT OR REPLACE`) (migrations 0009, 0021); each entry is also chained to the one before it by
 * a SHA-256 hash (`auditChain.ts`), which {@link verifyAuditLog} (`plugin-center audit verify`)
 * checks, so an entry changed behind the triggers' back is found.
 */
import { PAGE_SIZE } from '@plugin-center/contract';
import type { AuditLogPage } from '@plugin-center/contract/schemas';
import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { AuditLogTable, DatabaseSchema } from '../db/schema';
import { accountName } from './accounts';
import { AUDIT_GENESIS_HASH, auditEntryHash } from './auditChain';
import type { AuthUser } from './auth';
import { decodeCursor, encodeCursor } from './cursor';

type Db = Kysely<DatabaseSchema>;

/** One entry as written (the id and the chain columns are the writer's). */
export type AuditEntry = Omit<AuditLogTable, 'id' | 'seq' | 'prev_hash' | 'hash'>;

/**
 * Appends an entry to the audit log, chained to the last one: in the caller's transaction when `db`
 * is one (so the entry exists exactly when the change does), otherwise in a transaction of its own.
 * Appends are serialised so that two transactions never chain to the same entry: on PostgreSQL by
 * a transaction-scoped advisory lock held until commit, on SQLite by its single writer; the unique
 * `seq` refuses a fork should either fail. The id is chosen here (PostgreSQL: the next value of the
 * id sequence; SQLite: one more than the largest) because the hash covers it. A NUL character in
 * the texts (a file name, a reason) is stored as U+FFFD: PostgreSQL text cannot hold it, and the
 * entry must be written whatever the request carried.
 */
export async function appendAuditLog(db: Db, entry: AuditEntry): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => appendAuditLog(trx, entry));
    return;
  }
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) await sql`SELECT pg_advisory_xact_lock(hashtext('audit_log:append'))`.execute(db);
  const head = await db
    .selectFrom('audit_log')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const id = pg
    ? (
        await sql<{
          id: number;
        }>`SELECT nextval(pg_get_serial_sequence('audit_log', 'id'))::integer AS id`.execute(db)
      ).rows[0]!.id
    : Number(
        (
          await db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.coalesce(eb.fn.max('id'), sql<number>`0`).as('max'))
            .executeTakeFirstOrThrow()
        ).max,
      ) + 1;
  const chained = {
    ...entry,
    actor_name: withoutNul(entry.actor_name),
    reason: entry.reason === null ? null : withoutNul(entry.reason),
    id,
    seq: Number(head?.seq ?? 0) + 1,
    prev_hash: head?.hash ?? AUDIT_GENESIS_HASH,
  };
  await db
    .insertInto('audit_log')
    .values({ ...chained, hash: auditEntryHash(chained) })
    .execute();
}

/**
 * Appends `admin`'s action to the audit log in `db` (the caller's transaction), with the actor's
 * display name as it is now.
 */
export async function logAdminAction(
  db: Db,
  admin: AuthUser,
  entry: Omit<AuditEntry, 'actor_id' | 'actor_name'>,
): Promise<void> {
  await appendAuditLog(db, {
    ...entry,
    actor_id: admin.user_id,
    actor_name: await accountName(db, admin.user_id),
  });
}

/** A page of the audit log, newest first, before entry id `beforeId` (exclusive). */
export function listAuditLog(
  db: Db,
  pluginKey: string | undefined,
  beforeId: number | undefined,
  limit: number,
): Promise<Selectable<AuditLogTable>[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (pluginKey !== undefined) q = q.where('plugin_key', '=', pluginKey);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** `GET manager/audit-log`: newest first, optionally one plugin's, in pages of `pageSize`. */
export async function readAuditLog(
  db: Db,
  pluginKey: string | undefined,
  cursor: string | undefined,
  pageSize: number = PAGE_SIZE.DEFAULT,
): Promise<AuditLogPage> {
  const fingerprint = `publishing:log:${pluginKey ?? ''}`;
  const beforeId = cursor ? decodeCursor(cursor, fingerprint, 1)[0] : undefined;
  const rows = await listAuditLog(db, pluginKey, beforeId, pageSize);
  const last = rows.at(-1);
  return {
    entry_list: rows.map((r) => ({
      id: r.id,
      time: Number(r.time),
      actor: { user_id: r.actor_id, nick_name: r.actor_name },
      action: r.action,
      plugin_key: r.plugin_key,
      version: r.version,
      reason: r.reason,
    })),
    next_cursor: rows.length === pageSize && last ? encodeCursor(fingerprint, [last.id]) : null,
  };
}

/** Entries read per query by {@link verifyAuditLog}. */
const VERIFY_PAGE = 1000;

/** How the chain breaks at an entry (see {@link AuditVerification}). */
export type AuditChainBreak =
  /** The entry's fields do not hash to its `hash`: it was altered. */
  | 'hash_mismatch'
  /** Its `seq` is not one more than the entry before it: entries are missing (or were reordered). */
  | 'gap'
  /** Its `prev_hash` is not the `hash` of the entry before it: it was replaced or moved. */
  | 'prev_mismatch';

/** What {@link verifyAuditLog} found. */
export type AuditVerification =
  | {
      intact: true;
      /** Entries in the chain. */
      entries: number;
      /** The last entry (id, seq and hash), null for an empty log: record it to notice a cut tail later. */
      head: { id: number; seq: number; hash: string } | null;
    }
  | {
      intact: false;
      /** Entries verified before the broken one. */
      entries: number;
      /** Id of the first entry whose link is broken. */
      brokenId: number;
      problem: AuditChainBreak;
      /** One sentence saying what does not match. */
      detail: string;
    };

/**
 * Walks the audit log in id order (in pages of {@link VERIFY_PAGE}) and checks each link of the
 * hash chain: the entry hashes to its `hash`, its `seq` follows the previous entry's, and its
 * `prev_hash` is the previous entry's `hash` (the first entry: seq 1 and 64 zeros). Answers the
 * first entry that fails, or that the whole chain holds. Entries removed from the end leave the
 * chain intact: compare the answered head with one recorded earlier to notice that.
 */
export async function verifyAuditLog(db: Db): Promise<AuditVerification> {
  let entries = 0;
  let prev: { id: number; seq: number; hash: string } | null = null;
  for (;;) {
    let q = db.selectFrom('audit_log').selectAll().orderBy('id').limit(VERIFY_PAGE);
    if (prev) q = q.where('id', '>', prev.id);
    const rows = await q.execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      const broken = (problem: AuditChainBreak, detail: string): AuditVerification => ({
        intact: false,
        entries,
        brokenId: row.id,
        problem,
        detail,
      });
      if (row.hash !== auditEntryHash(row)) {
        return broken('hash_mismatch', 'its fields do not match its hash: it was altered');
      }
      const expectedSeq: number = (prev?.seq ?? 0) + 1;
      if (seq > expectedSeq) {
        return broken(
          'gap',
          `it is number ${seq} in the chain but ${prev ? `entry ${prev.id} before it is number ${prev.seq}` : 'the first'}: ${seq - expectedSeq} missing`,
        );
      }
      if (seq < expectedSeq) {
        return broken(
          'gap',
          `it is number ${seq} in the chain but follows number ${expectedSeq - 1}: entries were reordered`,
        );
      }
      if (row.prev_hash !== (prev?.hash ?? AUDIT_GENESIS_HASH)) {
        return broken(
          'prev_mismatch',
          prev
            ? `its prev_hash is not the hash of entry ${prev.id} before it: that entry was replaced, or this one moved`
            : 'it is the first but its prev_hash is not the chain start',
        );
      }
      entries += 1;
      prev = { id: row.id, seq, hash: row.hash };
    }
    if (rows.length < VERIFY_PAGE) return { intact: true, entries, head: prev };
  }
}

/** `text` with each NUL character replaced by U+FFFD. */
function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}
