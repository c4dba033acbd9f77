/**
 * HTTP routes of the analytics collector (SPEC §7 Analytics, §8 visual config statuses):
 * the endpoints the tracker (`@plugin-center/analytics`, wire-compatible with the Sensors Data web
 * SDK) calls on the site's own origin or, from other product sites, cross-origin.
 *
 * Every route here answers CORS (`Access-Control-Allow-Origin` per `ANALYTICS_ALLOWED_ORIGINS`) and
 * its OPTIONS preflight. Bodies of any content type are read as form text (`a=1&b=2`): the SDK posts
 * `application/x-www-form-urlencoded` (ajax) or `text/plain;charset=UTF-8` (`navigator.sendBeacon`
 * with a string).
 */
import { createHash } from 'node:crypto';
import { ApiErrorCode, COLLECTOR_PATH } from '@plugin-center/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CollectorConfig } from '../config/analytics';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { countCollectedEvents } from '../metrics';
import { tableRoute } from '../routeTable';
import { EventWriter } from './data';
import { type EncodedPayload, parseFormText } from './encoding';
import { maintainEvents, retentionCutoff } from './partitions';
import { collect, resolveProject } from './service';

/** Options of {@link collectorRoutes}. */
export interface CollectorRoutesOptions {
  db: Database;
  settings: CollectorConfig;
  /** Current time, ms (default `Date.now`): `received_at` and the `time` checks. */
  clock?: () => number;
}

/** How often the event store's upkeep (partitions, retention) runs, ms. */
export const MAINTENANCE_INTERVAL_MS = 3_600_000;

/** The image-pixel path the SDK uses for its image transport (`/sa` → `/sa.gif`). */
export const COLLECTOR_PIXEL_PATH = `${COLLECTOR_PATH}.gif`;

/** A transparent 1×1 GIF, the answer of the image transport. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** How long a browser may cache a preflight answer, seconds. */
export const PREFLIGHT_MAX_AGE_S = 86_400;

/** The version of a visual config: its `version`, else a hash of its JSON. */
export function visualConfigVersion(config: Record<string, unknown>): string {
  if (typeof config.version === 'string' || typeof config.version === 'number') return String(config.version);
  return createHash('sha256').update(JSON.stringify(config)).digest('hex').slice(0, 16);
}

/**
 * The collector routes (entries of `ROUTES.collector`; register at the root):
 *
 * - `POST /sa?project=<name>` — body `data=<b64>&ext=crc%3D<n>` (one record) or
 *   `data_list=<b64>[&gzip=0][&ext=…]` (a batch) as `application/x-www-form-urlencoded` or
 *   `text/plain`. `project` defaults to `default` and must be an `AnalyticsProject` value or an
 *   `ANALYTICS_PROJECTS` name. Answers 200 `{ code: 0, data: CollectResult }` (`accepted`, and each
 *   refused record's `index` and `reason`) when at least one record was stored or the batch was
 *   empty. 400 INVALID_PARAMETER: unknown project, no/both payload fields, `crc mismatch`, `gzip=9`
 *   (encrypted) not supported, `batch has more than 500 records` (the whole request, before any
 *   record is checked), or every record refused — then `message` is
 *   `no record accepted: [i] reason; …` (first 10). 400 MALFORMED_BODY: not base64/UTF-8/JSON, a
 *   `gzip=1` payload inflating beyond 1 MiB, or `data_list` not an array. 403 FORBIDDEN: an `Origin`
 *   outside `ANALYTICS_ALLOWED_ORIGINS` (when set). 413 PAYLOAD_TOO_LARGE: body over 1 MiB.
 *   Answer bounds: reasons at most 200 characters; the `rejected` list at most
 *   max(4 KiB, 2 × the `data`/`data_list` text) bytes of JSON (later refusals left out), so an
 *   answer is at most a small multiple of its request. Records with a NUL character, or ids with a
 *   lone surrogate, are refused like any invalid record.
 * - `GET /sa?project=&data=&ext=` and `GET /sa.gif?…` — the image transport: same checks, 200 with
 *   a 1×1 `image/gif` when stored (errors as above, in JSON).
 * - `GET /config/visualized/Web.conf?app_id=&v=` — the visual config `ANALYTICS_VISUAL_CONFIG`
 *   (SPEC §8): 200 with the config JSON (not enveloped; its `version` filled in) when `v` differs
 *   from its version, 304 (keep) when equal, 205 (clear) when none is configured. With
 *   `callbackName` (JSONP, how the Sensors web SDK loads it): HTTP 200 JavaScript
 *   `callbackName(status[, config])` with the same statuses.
 * - `GET /sdk/deeplink/param?key=&system_type=JS&project=` — 200 with the key's object of
 *   `ANALYTICS_DEEPLINKS` (`DeeplinkResult`, not enveloped: the Sensors deeplink API's shape); 404
 *   ROUTE_NOT_FOUND (envelope) for an unknown key, 400 INVALID_PARAMETER for an unknown project.
 * - `OPTIONS` of each: the CORS preflight, 204.
 */
export async function collectorRoutes(
  app: FastifyInstance,
  { db, settings, clock = Date.now }: CollectorRoutesOptions,
): Promise<void> {
  const writer = new EventWriter(db);
  // The event store's upkeep (partitions ahead, retention): at start, then every hour.
  const maintain = () =>
    maintainEvents(db, writer.partitions, settings.retentionDays, clock()).catch((error: unknown) => {
      app.log.error({ err: error }, 'analytics event store upkeep failed');
    });
  let upkeep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await maintain();
    upkeep = setInterval(() => void maintain(), MAINTENANCE_INTERVAL_MS);
    upkeep.unref();
  });
  app.addHook('onClose', async () => {
    if (upkeep) clearInterval(upkeep);
  });
  // Records older than the retention are refused (they would be removed at once).
  const oldest = () =>
    settings.retentionDays > 0 ? retentionCutoff(settings.retentionDays, clock()) : undefined;
  // Records stored and refused, for /metrics (nothing is kept without METRICS_TOKEN).
  const tally = (accepted: number, rejected: number) => countCollectedEvents(db, accepted, rejected);
  // Any content type is form text here: ajax posts urlencoded, sendBeacon text/plain.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseFormText(body as string));
  });

  const allowed = new Set(settings.allowedOrigins);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (allowed.size === 0) {
      reply.header('access-control-allow-origin', '*');
      return;
    }
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (allowed.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
    } else if (request.method !== 'OPTIONS') {
      throw new ApiError(
        ApiErrorCode.FORBIDDEN,
        `origin ${JSON.stringify(origin.slice(0, 200))} may not send analytics (ANALYTICS_ALLOWED_ORIGINS)`,
      );
    }
  });

  const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = request.headers['access-control-request-headers'];
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', typeof asked === 'string' && asked ? asked : 'Content-Type')
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
      .send();
  };
  tableRoute(app, 'collector', 'collectPreflight', preflight);
  tableRoute(app, 'collector', 'pixelPreflight', preflight);
  tableRoute(app, 'collector', 'visualConfigPreflight', preflight);
  tableRoute(app, 'collector', 'deeplinkPreflight', preflight);

  const fields = (source: EncodedPayload): EncodedPayload => ({
    data: source.data,
    data_list: source.data_list,
    ext: source.ext,
    gzip: source.gzip,
  });

  tableRoute(app, 'collector', 'collect', (request) => {
    const project = resolveProject(settings.projects, request.query.project);
    const body = (request.body ?? {}) as EncodedPayload;
    const payload = body.data || body.data_list ? fields(body) : fields(request.query);
    return collect(writer, project, payload, clock(), tally, oldest());
  });

  const collectByImage = async (
    request: FastifyRequest<{ Querystring: EncodedPayload & { project?: string } }>,
    reply: FastifyReply,
  ) => {
    const project = resolveProject(settings.projects, request.query.project);
    await collect(writer, project, fields(request.query), clock(), tally, oldest());
    return reply.type('image/gif').send(PIXEL_GIF);
  };
  // A HEAD must not store records.
  tableRoute(app, 'collector', 'collectByImage', collectByImage, { exposeHeadRoute: false });
  tableRoute(app, 'collector', 'collectByPixel', collectByImage, { exposeHeadRoute: false });

  const visualConfig = settings.visualConfig;
  const visualVersion = visualConfig ? visualConfigVersion(visualConfig) : null;
  const visualBody = visualConfig
    ? { ...visualConfig, version: visualConfig.version ?? visualVersion }
    : null;
  tableRoute(app, 'collector', 'visualConfig', async (request, reply) => {
    const status = !visualBody
      ? 205
      : request.query.v !== undefined && request.query.v === visualVersion
        ? 304
        : 200;
    const callback = request.query.callbackName;
    if (callback) {
      const args = status === 200 ? `200, ${JSON.stringify(visualBody)}` : String(status);
      return reply
        .type('application/javascript; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .send(`${callback}(${args});`);
    }
    if (status !== 200) return reply.code(status).send();
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(visualBody));
  });

  tableRoute(app, 'collector', 'deeplink', async (request) => {
    resolveProject(settings.projects, request.query.project); // 400 for an unknown project
    const { key } = request.query;
    const params = Object.hasOwn(settings.deeplinks, key) ? settings.deeplinks[key] : undefined;
    if (!params) {
      throw new ApiError(ApiErrorCode.ROUTE_NOT_FOUND, `no deeplink with key ${JSON.stringify(key)}`);
    }
    return params;
  });
}
