/**
 * Webhook endpoints as administrators manage them (docs/webhooks.md): the URL and event rules, the
 * SSRF check on save (`ssrf.ts`), the sealed signing secret shown once and its rotation (the old
 * one still signs for {@link ROTATION_GRACE_MS}), and the audit entries of every change. The deliveries and their worker are `service.ts` and `worker.ts`.
 */
import { ApiErrorCode } from '@plugin-center/contract';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, type WebhookEventType } from '@plugin-center/contract/schemas';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import type { SecretBox } from '../settings/secrets';
import { accountName } from '../shared/accounts';
import { appendAuditLog } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';
import { type EndpointRow, endpointRow, listEndpointRows } from './data';
import { newSecret, SECRET_PREFIX } from './delivery';
import { type HostResolver, SsrfError, vetHost } from './ssrf';

export { WEBHOOK_EVENTS };

/** One of {@link WEBHOOK_EVENTS} (`plugin.published`: with `plugin.approved` for a first approval). */
export type WebhookEvent = WebhookEventType;

/** Longest endpoint URL, characters. */
export const URL_MAX = WEBHOOK_URL_MAX;
/** Audit actions of endpoint changes. */
export const WEBHOOK_AUDIT_ACTIONS = {
  create: 'webhook_create',
  update: 'webhook_update',
  delete: 'webhook_delete',
  rotate: 'webhook_rotate',
} as const;
/**
 * How long the secret a rotation replaced still signs deliveries beside the new one, ms (24 h): the
 * receiver's time to switch over (Standard Webhooks: several space-separated signatures).
 */
export const ROTATION_GRACE_MS = 86_400_000;
/** Context of the sealed secrets (`SecretBox`). */
export const SECRET_CONTEXT = 'webhook-endpoint';

/** An endpoint as the back office sees it (never its secret). */
export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEvent[];
  allow_private: boolean;
  enabled: boolean;
  /** ms */
  create_time: number;
  created_by: number | null;
  /**
   * ms: until then deliveries also carry a signature with the secret the last rotation replaced;
   * null when no rotation is in its grace period.
   */
  previous_secret_expires_at: number | null;
}

/** What an endpoint is saved with. */
export interface EndpointInput {
  url: string;
  events: string[];
  allow_private?: boolean;
  enabled?: boolean;
}

/** 404 WEBHOOK_NOT_FOUND for the endpoint or delivery `id`. */
export const notFound = (what: string, id: number) =>
  new ApiError(ApiErrorCode.WEBHOOK_NOT_FOUND, `no webhook ${what} with id ${id}`, 404);
const invalid = (message: string, field: string) =>
  new ApiError(ApiErrorCode.INVALID_PARAMETER, message, 400, field);

/** The back office's view of an endpoint row at `now` (ms). */
export function toEndpoint(row: EndpointRow, now: number): WebhookEndpoint {
  const until = row.previous_secret_until === null ? null : Number(row.previous_secret_until);
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    allow_private: row.allow_private === 1,
    enabled: row.enabled === 1,
    create_time: Number(row.create_time),
    created_by: row.created_by,
    previous_secret_expires_at: until !== null && until > now ? until : null,
  };
}

/**
 * The parsed endpoint URL: a string of at most {@link URL_MAX} characters without control
 * characters, an absolute `http:` or `https:` URL with a host and without user or password.
 * @throws ApiError 400 INVALID_PARAMETER (field `url`)
 */
export function parseEndpointUrl(value: unknown): URL {
  if (typeof value !== 'string') throw invalid('url must be a string', 'url');
  if (value.length === 0 || value.length > URL_MAX)
    throw invalid(`url must have 1 to ${URL_MAX} characters`, 'url');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) throw invalid('url must not contain control characters', 'url');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('url is not an absolute URL', 'url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid('url must be http or https', 'url');
  if (!url.hostname) throw invalid('url has no host', 'url');
  if (url.username || url.password) throw invalid('url must not carry a user or password', 'url');
  return url;
}

/** The event list, checked: a non-empty list of distinct {@link WEBHOOK_EVENTS}. @throws ApiError 400 (field `events`) */
export function parseEvents(value: unknown): WebhookEvent[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid('events must be a non-empty list', 'events');
  const events = new Set<WebhookEvent>();
  for (const event of value) {
    if (typeof event !== 'string' || !(WEBHOOK_EVENTS as readonly string[]).includes(event)) {
      throw invalid(`events: unknown event (one of ${WEBHOOK_EVENTS.join(', ')})`, 'events');
    }
    events.add(event as WebhookEvent);
  }
  return [...events];
}

/** The endpoints of one database: list, create, update, delete, rotate, each change audit-logged. */
export class WebhookEndpoints {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly clock: () => number,
    private readonly resolve: HostResolver,
  ) {}

  /**
   * Checks the SSRF rule for `url`. @throws ApiError 400 INVALID_PARAMETER (field `url`) naming the
   * refused address
   */
  private async vet(url: URL, allowPrivate: boolean): Promise<void> {
    try {
      await vetHost(url, allowPrivate, this.resolve);
    } catch (error) {
      if (error instanceof SsrfError) throw invalid(error.message, 'url');
      throw error;
    }
  }

  /** Every endpoint, oldest first. */
  async list(): Promise<WebhookEndpoint[]> {
    return (await listEndpointRows(this.db.kysely)).map((row) => toEndpoint(row, this.clock()));
  }

  /**
   * Registers an endpoint; its secret (`whsec_…`) is returned here only.
   * @throws ApiError 400 INVALID_PARAMETER (field `url` or `events`; `url` also for the SSRF rule)
   */
  async create(
    admin: AuthUser,
    input: EndpointInput,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const url = parseEndpointUrl(input.url);
    const events = parseEvents(input.events);
    const allowPrivate = input.allow_private === true;
    await this.vet(url, allowPrivate);
    const secret = newSecret();
    const now = this.clock();
    const id = await this.db.kysely.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('webhook_endpoint')
        .values({
          url: url.href,
          secret: this.box.seal(secret.toString('base64'), SECRET_CONTEXT),
          events: JSON.stringify(events),
          allow_private: allowPrivate ? 1 : 0,
          enabled: input.enabled === false ? 0 : 1,
          create_time: now,
          created_by: admin.user_id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.audit(trx, admin, WEBHOOK_AUDIT_ACTIONS.create, `${url.href} (${events.join(', ')})`);
      return row.id;
    });
    const endpoint = toEndpoint((await endpointRow(this.db.kysely, id))!, this.clock());
    return { endpoint, secret: `${SECRET_PREFIX}${secret.toString('base64')}` };
  }

  /**
   * Changes an endpoint (the fields given).
   * @throws ApiError 404 WEBHOOK_NOT_FOUND, 400 INVALID_PARAMETER as {@link create}
   */
  async update(admin: AuthUser, id: number, input: Partial<EndpointInput>): Promise<WebhookEndpoint> {
    const before = await endpointRow(this.db.kysely, id);
    if (!before) throw notFound('endpoint', id);
    const url = input.url === undefined ? new URL(before.url) : parseEndpointUrl(input.url);
    const events = input.events === undefined ? undefined : parseEvents(input.events);
    const allowPrivate = input.allow_private === undefined ? before.allow_private === 1 : input.allow_private;
    // Checked again when the address rule's inputs change or the endpoint is turned on; turning it
    // off or changing its events never depends on the DNS.
    if (input.url !== undefined || input.allow_private !== undefined || input.enabled === true)
      await this.vet(url, allowPrivate);
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_endpoint')
        .set({
          url: url.href,
          ...(events ? { events: JSON.stringify(events) } : {}),
          allow_private: allowPrivate ? 1 : 0,
          ...(input.enabled === undefined ? {} : { enabled: input.enabled ? 1 : 0 }),
        })
        .where('id', '=', id)
        .execute();
      await this.audit(trx, admin, WEBHOOK_AUDIT_ACTIONS.update, url.href);
    });
    return toEndpoint((await endpointRow(this.db.kysely, id))!, this.clock());
  }

  /** Deletes an endpoint and its log. @throws ApiError 404 WEBHOOK_NOT_FOUND */
  async delete(admin: AuthUser, id: number): Promise<{ id: number }> {
    const row = await endpointRow(this.db.kysely, id);
    if (!row) throw notFound('endpoint', id);
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_delivery').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('webhook_endpoint').where('id', '=', id).execute();
      await this.audit(trx, admin, WEBHOOK_AUDIT_ACTIONS.delete, row.url);
    });
    return { id };
  }

  /**
   * Gives the endpoint a new signing secret, returned here only (`whsec_…`). The secret it replaces
   * still signs every delivery beside the new one for {@link ROTATION_GRACE_MS} (a secret replaced
   * earlier no longer does); the replacement is one UPDATE, so of two rotations at once the later
   * keeps the earlier's secret as the previous one. Audit-logged (`webhook_rotate`).
   * @throws ApiError 404 WEBHOOK_NOT_FOUND
   */
  async rotate(admin: AuthUser, id: number): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const row = await endpointRow(this.db.kysely, id);
    if (!row) throw notFound('endpoint', id);
    const secret = newSecret();
    const now = this.clock();
    const changed = await this.db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('webhook_endpoint')
        .set({
          previous_secret: sql.ref('secret'),
          previous_secret_until: now + ROTATION_GRACE_MS,
          secret: this.box.seal(secret.toString('base64'), SECRET_CONTEXT),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await this.audit(trx, admin, WEBHOOK_AUDIT_ACTIONS.rotate, row.url);
      return true;
    });
    if (!changed) throw notFound('endpoint', id);
    const endpoint = toEndpoint((await endpointRow(this.db.kysely, id))!, now);
    return { endpoint, secret: `${SECRET_PREFIX}${secret.toString('base64')}` };
  }

  private async audit(
    trx: Parameters<typeof appendAuditLog>[0],
    admin: AuthUser,
    action: string,
    reason: string,
  ): Promise<void> {
    await appendAuditLog(trx, {
      time: this.clock(),
      actor_id: admin.user_id,
      actor_name: await accountName(trx, admin.user_id),
      action,
      plugin_key: '',
      version: null,
      reason: reason.slice(0, 500),
    });
  }
}
