/**
 * The append-only audit log of administrative actions (SPEC §5): review decisions, deletions,
 * downloads and owner changes of plugins, curation, banners, settings and role changes all write
 * here, each in the transaction of the change it records, so an entry exists exactly when the
 * change does. `GET manager/audit-log` reads it, newest first.
 */
import { PAGE_SIZE } from '@plugin-center/contract';
import type { AuditLogPage } from '@plugin-center/contract/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, DatabaseSchema } from '../db/schema';
import { accountName } from './accounts';
import type { AuthUser } from './auth';
import { decodeCursor, encodeCursor } from './cursor';

type Db = Kysely<DatabaseSchema>;

/** One entry as written (the id is the database's). */
export type AuditEntry = Omit<AuditLogTable, 'id'>;

/** Appends an entry to the audit log (inside the caller's transaction). */
export async function appendAuditLog(db: Db, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
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
