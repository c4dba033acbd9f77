/**
 * The hash chain of the audit log: every entry carries `hash`, the SHA-256 of its canonical
 * serialisation, which includes `prev_hash`, the hash of the entry before it (`seq` one less), so
 * altering, removing or reordering an entry without rewriting every later one breaks the chain at
 * that entry. Used by the writer (`auditLog.ts`), by `plugin-center audit verify`, and by migration
 * 0021, which chained the entries written before it. Changing the serialisation breaks every stored
 * chain: keep it as it is.
 */
import { createHash } from 'node:crypto';

/** `prev_hash` of the first entry (seq 1): 64 zeros. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** What the hash of an entry covers: every column but `hash` itself. */
export interface ChainedAuditFields {
  id: number;
  /** Position in the chain, 1 for the first entry. */
  seq: number;
  /** ms */
  time: number;
  actor_id: number | null;
  actor_name: string;
  action: string;
  plugin_key: string;
  version: string | null;
  reason: string | null;
  /** The previous entry's `hash`, {@link AUDIT_GENESIS_HASH} for the first. */
  prev_hash: string;
}

/**
 * The hash of an entry: lowercase hex SHA-256 of the UTF-8 JSON array
 * `["audit_log/1", id, seq, time, actor_id, actor_name, action, plugin_key, version, reason, prev_hash]`
 * (numbers as JSON numbers, absent values as `null`), so the serialisation is the same on both
 * dialects whatever the driver returns for BIGINT (a string is read as its number).
 */
export function auditEntryHash(entry: ChainedAuditFields): string {
  const canonical = JSON.stringify([
    'audit_log/1',
    Number(entry.id),
    Number(entry.seq),
    Number(entry.time),
    entry.actor_id === null ? null : Number(entry.actor_id),
    entry.actor_name,
    entry.action,
    entry.plugin_key,
    entry.version ?? null,
    entry.reason ?? null,
    entry.prev_hash,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
