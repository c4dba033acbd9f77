/**
 * Webhooks (docs/webhooks.md): administrators register endpoints for events; each event is sent to
 * every enabled endpoint that asked for it, signed the Standard Webhooks way (`delivery.ts`),
 * retried with exponential backoff for a day ({@link RETRY_DELAYS_MS}), and logged with its last
 * response; the back office lists the log and sends a delivery again.
 *
 * Events are recorded by {@link WebhooksService.emit} after the change they tell of is committed
 * (the review, ratings and publishing domains call it through `emitWebhook`). It never throws: a
 * webhook that cannot be recorded is logged and the change stands. Deliveries are sent by an
 * in-process worker (a timer, unref'd, stopped by {@link WebhooksService.close}); of several
 * processes on one database, one claims each due row (`claimDelivery`).
 *
 * SSRF: `ssrf.ts`, checked on save and before every attempt.
 */
import { ApiErrorCode, PAGE_SIZE } from '@plugin-center/contract';
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX, type WebhookEventType } from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import type { SecretBox } from '../settings/secrets';
import { accountName } from '../shared/accounts';
import { appendAuditLog } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import {
  claimDelivery,
  type DeliveryRow,
  deliveryPage,
  deliveryRow,
  dueDeliveryIds,
  type EndpointRow,
  endpointRow,
  listEndpointRows,
} from './data';
import {
  DELIVERY_TIMEOUT_MS,
  httpPoster,
  newMessageId,
  newSecret,
  type Poster,
  RESPONSE_BODY_MAX,
  SECRET_PREFIX,
  signature,
} from './delivery';
import { dnsResolver, type HostResolver, SsrfError, vetHost } from './ssrf';

export { WEBHOOK_EVENTS };

/** One of {@link WEBHOOK_EVENTS} (`plugin.published`: with `plugin.approved` for a first approval). */
export type WebhookEvent = WebhookEventType;

/** The event of a test sent from the back office (to one endpoint, whatever its events). */
export const TEST_EVENT = 'webhook.test';

/**
 * The waits after each failed attempt, ms: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then what is left of
 * 24 h — eight attempts, the last one 24 h after the first; after it the delivery is `failed`.
 */
export const RETRY_DELAYS_MS: readonly number[] = (() => {
  const delays = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
  return [...delays, 86_400_000 - delays.reduce((a, b) => a + b, 0)];
})();

/** How long a claimed attempt holds its row before another process may try it, ms. */
export const CLAIM_LEASE_MS = 60_000;
/** How often the worker looks for due deliveries, ms. */
export const POLL_INTERVAL_MS = 5_000;
/** Due deliveries one pass of the worker takes at most. */
const BATCH = 20;
/** Longest endpoint URL, characters. */
export const URL_MAX = WEBHOOK_URL_MAX;
/** Audit actions of endpoint changes. */
export const WEBHOOK_AUDIT_ACTIONS = {
  create: 'webhook_create',
  update: 'webhook_update',
  delete: 'webhook_delete',
} as const;
/** Context of the sealed secrets (`SecretBox`). */
const SECRET_CONTEXT = 'webhook-endpoint';

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
}

/** One delivery in the log. */
export interface WebhookDelivery {
  id: number;
  endpoint_id: number;
  event_type: string;
  /** `msg_…`, the `webhook-id` header. */
  msg_id: string;
  /** The JSON body sent. */
  payload: string;
  attempts: number;
  /** `pending` | `delivered` | `failed` */
  status: string;
  /** ms; when it is pending, the next attempt. */
  next_attempt_at: number;
  response_status: number | null;
  /** First 2 KB of the last response's body. */
  response_body: string | null;
  last_error: string | null;
  /** ms */
  create_time: number;
  /** ms */
  update_time: number;
}

/** What an endpoint is saved with. */
export interface EndpointInput {
  url: string;
  events: string[];
  allow_private?: boolean;
  enabled?: boolean;
}

/** What the service logs (Fastify's logger fits). */
export interface WebhookLog {
  warn(object: object, message: string): void;
}

/** Options of {@link WebhooksService}. */
export interface WebhooksOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /** The waits between attempts, ms (default {@link RETRY_DELAYS_MS}). */
  retryDelaysMs?: readonly number[];
  /** Host name resolution (default `node:dns` lookup, all addresses). */
  resolve?: HostResolver;
  /** Sends one attempt (default {@link httpPoster}). */
  post?: Poster;
  /** The time one attempt may take, ms (default {@link DELIVERY_TIMEOUT_MS}, 10 s). */
  timeoutMs?: number;
  /** The worker's interval, ms (default {@link POLL_INTERVAL_MS}); 0: no timer (tests call `runDue`). */
  pollMs?: number;
  log?: WebhookLog;
}

const notFound = (what: string, id: number) =>
  new ApiError(ApiErrorCode.WEBHOOK_NOT_FOUND, `no webhook ${what} with id ${id}`, 404);
const invalid = (message: string, field: string) =>
  new ApiError(ApiErrorCode.INVALID_PARAMETER, message, 400, field);

/** Ids are int32 on PostgreSQL. */
const ID_MAX = 2_147_483_647;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEvent[],
    allow_private: row.allow_private === 1,
    enabled: row.enabled === 1,
    create_time: Number(row.create_time),
    created_by: row.created_by,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_type: row.event_type,
    msg_id: row.msg_id,
    payload: row.payload,
    attempts: row.attempts,
    status: row.status,
    next_attempt_at: Number(row.next_attempt_at),
    response_status: row.response_status,
    response_body: row.response_body,
    last_error: row.last_error,
    create_time: Number(row.create_time),
    update_time: Number(row.update_time),
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

/** Webhook endpoints, deliveries and the worker of one database. */
export class WebhooksService {
  private readonly clock: () => number;
  private readonly delays: readonly number[];
  private readonly resolve: HostResolver;
  private readonly post: Poster;
  private readonly timeoutMs: number;
  private readonly log: WebhookLog | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private closed = false;
  private again = false;

  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    options: WebhooksOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.resolve = options.resolve ?? dnsResolver;
    this.post = options.post ?? httpPoster;
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.log = options.log;
    const pollMs = options.pollMs ?? POLL_INTERVAL_MS;
    if (pollMs > 0) {
      this.timer = setInterval(() => this.kick(), pollMs);
      this.timer.unref();
    }
  }

  /** Logs a failure to record `type` (never throws). */
  warn(error: unknown, type: string): void {
    this.log?.warn({ err: error, type }, 'recording a webhook failed');
  }

  /**
   * Stops the worker: no new pass or attempt starts; resolves once the attempt under way (at most
   * the 10 s timeout) has recorded its result, so the database can close after it.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /** Starts a pass of the worker unless one runs. */
  private kick(): void {
    if (this.closed) return;
    if (this.running) {
      // Something became due during the pass: one more pass after it.
      this.again = true;
      return;
    }
    this.running = this.runDue()
      .catch((error: unknown) => {
        this.log?.warn({ err: error }, 'webhook worker pass failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

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
  async listEndpoints(): Promise<WebhookEndpoint[]> {
    return (await listEndpointRows(this.db.kysely)).map(toEndpoint);
  }

  /**
   * Registers an endpoint; its secret (`whsec_…`) is returned here only.
   * @throws ApiError 400 INVALID_PARAMETER (field `url` or `events`; `url` also for the SSRF rule)
   */
  async createEndpoint(
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
    const endpoint = toEndpoint((await endpointRow(this.db.kysely, id))!);
    return { endpoint, secret: `${SECRET_PREFIX}${secret.toString('base64')}` };
  }

  /**
   * Changes an endpoint (the fields given).
   * @throws ApiError 404 WEBHOOK_NOT_FOUND, 400 INVALID_PARAMETER as {@link createEndpoint}
   */
  async updateEndpoint(admin: AuthUser, id: number, input: Partial<EndpointInput>): Promise<WebhookEndpoint> {
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
    return toEndpoint((await endpointRow(this.db.kysely, id))!);
  }

  /** Deletes an endpoint and its log. @throws ApiError 404 WEBHOOK_NOT_FOUND */
  async deleteEndpoint(admin: AuthUser, id: number): Promise<{ id: number }> {
    const row = await endpointRow(this.db.kysely, id);
    if (!row) throw notFound('endpoint', id);
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('webhook_delivery').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('webhook_endpoint').where('id', '=', id).execute();
      await this.audit(trx, admin, WEBHOOK_AUDIT_ACTIONS.delete, row.url);
    });
    return { id };
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

  /**
   * A page of an endpoint's deliveries, newest first ({@link PAGE_SIZE} DEFAULT, 20); `cursor` from the page before.
   * @throws ApiError 404 WEBHOOK_NOT_FOUND, 400 INVALID_CURSOR
   */
  async listDeliveries(
    endpointId: number,
    cursor?: string,
  ): Promise<{ list: WebhookDelivery[]; next_cursor: string | null }> {
    if (!(await endpointRow(this.db.kysely, endpointId))) throw notFound('endpoint', endpointId);
    const fingerprint = `webhook-delivery:${endpointId}`;
    const before = cursor ? Math.min(decodeCursor(cursor, fingerprint, 1)[0]!, ID_MAX) : ID_MAX;
    const rows = await deliveryPage(this.db.kysely, endpointId, before, PAGE_SIZE.DEFAULT + 1);
    const list = rows.slice(0, PAGE_SIZE.DEFAULT).map(toDelivery);
    const last = list.at(-1);
    return {
      list,
      next_cursor: rows.length > PAGE_SIZE.DEFAULT && last ? encodeCursor(fingerprint, [last.id]) : null,
    };
  }

  /**
   * Sends a delivery again: a new delivery of the same message (same `webhook-id`, so a receiver
   * that has it can tell), due now. @throws ApiError 404 WEBHOOK_NOT_FOUND
   */
  async redeliver(id: number): Promise<WebhookDelivery> {
    const row = await deliveryRow(this.db.kysely, id);
    if (!row) throw notFound('delivery', id);
    const copy = await this.insertDelivery(row.endpoint_id, row.event_type, row.payload, row.msg_id);
    this.kick();
    return copy;
  }

  /** Sends the event `webhook.test` to one endpoint (whatever its events). @throws ApiError 404 WEBHOOK_NOT_FOUND */
  async sendTest(endpointId: number): Promise<WebhookDelivery> {
    if (!(await endpointRow(this.db.kysely, endpointId))) throw notFound('endpoint', endpointId);
    const body = this.body(TEST_EVENT, { message: 'A test event from Plugin Center.' });
    const delivery = await this.insertDelivery(endpointId, TEST_EVENT, body, newMessageId());
    this.kick();
    return delivery;
  }

  private body(type: string, data: Record<string, unknown>): string {
    return JSON.stringify({ type, timestamp: new Date(this.clock()).toISOString(), data });
  }

  private async insertDelivery(
    endpointId: number,
    type: string,
    payload: string,
    msgId: string,
  ): Promise<WebhookDelivery> {
    const now = this.clock();
    const row = await this.db.kysely
      .insertInto('webhook_delivery')
      .values({
        endpoint_id: endpointId,
        event_type: type,
        msg_id: msgId,
        payload,
        next_attempt_at: now,
        status: 'pending',
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toDelivery(row);
  }

  /**
   * Records `type` for every enabled endpoint that asked for it, and starts sending. Never throws
   * (a failure is logged).
   * @param data - the payload's `data` (plugin_key, plugin_name, version, …)
   */
  async emit(type: WebhookEvent, data: Record<string, unknown>): Promise<void> {
    try {
      const endpoints = (await listEndpointRows(this.db.kysely)).filter(
        (e) => e.enabled === 1 && (JSON.parse(e.events) as string[]).includes(type),
      );
      if (endpoints.length === 0) return;
      const body = this.body(type, data);
      for (const endpoint of endpoints) await this.insertDelivery(endpoint.id, type, body, newMessageId());
      this.kick();
    } catch (error) {
      this.warn(error, type);
    }
  }

  /**
   * One pass of the worker: claims the due deliveries and attempts each once.
   * @returns the number of attempts made
   */
  async runDue(): Promise<number> {
    const now = this.clock();
    let attempts = 0;
    for (const id of await dueDeliveryIds(this.db.kysely, now, BATCH)) {
      if (this.closed) break;
      if (!(await claimDelivery(this.db.kysely, id, now, now + CLAIM_LEASE_MS))) continue;
      await this.attempt(id);
      attempts++;
    }
    return attempts;
  }

  /** Waits for the worker's pass under way, if any (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** One attempt of a claimed delivery, and its result recorded. */
  private async attempt(id: number): Promise<void> {
    const row = await deliveryRow(this.db.kysely, id);
    if (!row) return; // its endpoint was deleted (with its log) since the claim
    const endpoint = await endpointRow(this.db.kysely, row.endpoint_id);
    let result: { ok: boolean; status: number | null; body: string | null; error: string | null };
    // No endpoint, or a disabled one: the delivery ends here (failed), without retries.
    let stop = false;
    if (!endpoint) {
      result = { ok: false, status: null, body: null, error: 'the endpoint was deleted' };
      stop = true;
    } else if (endpoint.enabled !== 1 && row.event_type !== TEST_EVENT) {
      result = { ok: false, status: null, body: null, error: 'the endpoint is disabled' };
      stop = true;
    } else {
      try {
        const url = new URL(endpoint.url);
        const address = await vetHost(url, endpoint.allow_private === 1, this.resolve);
        const secret = Buffer.from(this.box.open(endpoint.secret, SECRET_CONTEXT), 'base64');
        const timestamp = Math.floor(this.clock() / 1000);
        result = await this.post(
          url,
          address,
          {
            'content-type': 'application/json',
            'user-agent': 'Plugin-Center-Webhooks/1',
            'webhook-id': row.msg_id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signature(secret, row.msg_id, timestamp, row.payload),
          },
          row.payload,
          this.timeoutMs,
        );
      } catch (error) {
        result = { ok: false, status: null, body: null, error: (error as Error).message };
      }
    }
    const attempts = row.attempts + 1;
    const now = this.clock();
    const final = result.ok || stop || attempts > this.delays.length;
    await this.db.kysely
      .updateTable('webhook_delivery')
      .set({
        attempts,
        status: result.ok ? 'delivered' : final ? 'failed' : 'pending',
        next_attempt_at: final ? now : now + this.delays[attempts - 1]!,
        response_status: result.status,
        response_body: result.body === null ? null : result.body.slice(0, RESPONSE_BODY_MAX),
        last_error: result.error === null ? null : result.error.slice(0, 500),
        update_time: now,
      })
      .where('id', '=', id)
      .execute();
  }
}
