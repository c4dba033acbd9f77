/**
 * The one call the other domains make to record a webhook event: `emitWebhook(db, type, data)`
 * after their change committed. It finds the {@link WebhooksService} the app registered for that
 * database (none: nothing happens) and never throws.
 */
import type { Database } from '../db/database';
import type { WebhookEvent, WebhooksService } from './service';

const services = new WeakMap<Database, WebhooksService>();

/** Makes `service` the one {@link emitWebhook} uses for `db` (the app, on start). */
export function registerWebhooks(db: Database, service: WebhooksService): void {
  services.set(db, service);
}

/**
 * Records `type` with `data` for the endpoints that asked for it. `plugin.approved` with
 * `first: true` in `data` is also sent as `plugin.published` (the plugin's first approval; `first`
 * itself is not sent). Never throws.
 */
export async function emitWebhook(
  db: Database,
  type: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const service = services.get(db);
  if (!service) return;
  const { first, ...rest } = data;
  await service.emit(type, rest);
  if (type === 'plugin.approved' && first === true) await service.emit('plugin.published', rest);
}

/**
 * Records `plugin.submitted` for the submission `submissionId` (a new plugin, a new version or an
 * edit waiting for review), with its plugin's key, name and version and the submitter's account id.
 * Never throws.
 */
export async function emitSubmitted(db: Database, submissionId: number): Promise<void> {
  const service = services.get(db);
  if (!service) return;
  try {
    const row = await db.kysely
      .selectFrom('plugin_submission as s')
      .innerJoin('plugin as p', 'p.id', 's.plugin_id')
      .select(['p.plugin_key', 's.name', 's.version', 's.submitter_id', 's.id'])
      .where('s.id', '=', submissionId)
      .executeTakeFirst();
    if (!row) return;
    await service.emit('plugin.submitted', {
      plugin_key: row.plugin_key,
      plugin_name: row.name,
      version: row.version,
      submission_id: row.id,
      submitter_id: row.submitter_id,
    });
  } catch (error) {
    service.warn(error, 'plugin.submitted');
  }
}
