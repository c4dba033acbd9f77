/**
 * What every curation service works with: the database, the server's clock and the
 * audit log of administrative actions (`shared/auditLog.ts`).
 */

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { logAdminAction } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';

/** The database and clock of the curation services. */
export interface CurationContext {
  db: Database;
  /** Current time, ms since the epoch (`BuildAppOptions.clock`, default `Date.now`). */
  clock: () => number;
}

/** The audit-log actions of curation (shown in `GET manager/audit-log`). */
export const CurationAction = {
  RESOURCE_CREATE: 'resource_create',
  RESOURCE_DISABLE: 'resource_disable',
  RESOURCE_RESTORE: 'resource_restore',
  RECOMMENDATION_PUBLISH: 'recommendation_publish',
  SILENT_INSTALL_ON: 'silent_install_on',
  SILENT_INSTALL_OFF: 'silent_install_off',
} as const;
/** A value of {@link CurationAction}. */
export type CurationAction = (typeof CurationAction)[keyof typeof CurationAction];

/**
 * Appends one entry for `admin`'s action to the audit log, in the caller's transaction `trx` so the
 * entry exists exactly when the change does. `reason` carries the action's details.
 */
export async function logCuration(
  trx: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  admin: AuthUser,
  entry: { action: CurationAction; plugin_key: string; reason: string | null; time: number },
): Promise<void> {
  await logAdminAction(trx, admin, {
    time: entry.time,
    action: entry.action,
    plugin_key: entry.plugin_key,
    version: null,
    reason: entry.reason,
  });
}
