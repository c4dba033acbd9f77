/**
 * HTTP routes of the analytics collector (issue 4; SPEC §7 Analytics, §8 visual config statuses):
 * the endpoints the tracker (`@plugin-center/analytics`, wire-compatible with the Sensors Data web
 * SDK) calls on the site's own origin or, from other product sites, cross-origin.
 *
 * Every route here answers CORS (`Access-Control-Allow-Origin` per `ANALYTICS_ALLOWED_ORIGINS`) and
 * its OPTIONS preflight. Bodies of any content type are read as form text (`a=1&b=2`): the SDK posts
 * `application/x-www-form-urlencoded` (ajax) or `text/plain;charset=UTF-8` (`navigator.sendBeacon`
 * with a string).
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiErrorCode,
  COLLECTOR_PATH,
  CollectResult,
  DEEPLINK_PATH,
  Envelope,
  ErrorEnvelope,
  VISUAL_CONFIG_PATH,
} from '@plugin-center/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { CollectorConfig } from '../config';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { EventWriter } from './data';
import { type EncodedPayload, parseFormText } from './encoding';
import { collect, resolveProject } from './service';

/** Options of {@link collectorRoutes}. */
export interface CollectorRoutesOptions {
  db: Database;
  settings: CollectorConfig;
  /** Current time, ms (default `Date.now`): `received_at` and the `time` checks. */
  clock?: () => number;
}

/** The image-pixel path the SDK uses for its image transport (`/sa` → `/sa.gif`). */
export const COLLECTOR_PIXEL_PATH = `${COLLECTOR_PATH}.gif`;

/** A transparent 1×1 GIF, the answer of the image transport. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** How long a browser may cache a preflight answer, seconds. */
export const PREFLIGHT_MAX_AGE_S = 86_400;

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };
const TAGS = ['analytics'];

/** The encoded fields, in a form body, a text body or the query string. */
const EncodedFields = {
  data: Type.Optional(Type.String({ description: 'urlencoded base64 of one record (UTF-8 JSON)' })),
  data_list: Type.Optional(
    Type.String({ description: 'urlencoded base64 of a JSON array of records (a batch)' }),
  ),
  ext: Type.Optional(Type.String({ description: '`crc=<n>`: the SDK hashCode of the base64 text' })),
  gzip: Type.Optional(
    Type.String({ description: '0 (default) plain, 1 gzip-compressed; 9 (encrypted) is refused' }),
  ),
};

/** Query of `/sa`: the project and, for the image transport, the encoded fields. */
const CollectQuery = Type.Object({
  project: Type.Optional(
    Type.String({ maxLength: 64, description: 'analytics project (default `default`)' }),
  ),
  ...EncodedFields,
});

/** Query of the visual config. */
const VisualConfigQuery = Type.Object({
  app_id: Type.Optional(Type.String({ maxLength: 255 })),
  v: Type.Optional(Type.String({ maxLength: 255, description: 'the version the SDK holds' })),
  callbackName: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z_$][A-Za-z0-9_$]{0,63}$',
      description:
        'JSONP (how the Sensors web SDK loads it): answer `callbackName(status[, config])` with HTTP 200',
    }),
  ),
});

/** Query of the deeplink parameters. */
const DeeplinkQuery = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 255 }),
  system_type: Type.Optional(Type.Literal('JS')),
  project: Type.Optional(Type.String({ maxLength: 64 })),
});

/**
 * Answer of `GET /sdk/deeplink/param`: the key's object of `ANALYTICS_DEEPLINKS` as configured, not
 * enveloped, as the Sensors deeplink API answers it (`app_key`, `android_info`, `ios_info`, page
 * parameters…), so the Sensors web SDK's deeplink plugin and ours both read it.
 */
export const DeeplinkResult = Type.Record(Type.String(), Type.Unknown(), {
  description: 'the configured object of the key, not enveloped (the Sensors deeplink API shape)',
});

/** A reply free of the route's response typing (answers that are not JSON envelopes: gif, raw config). */
function untyped(reply: unknown): FastifyReply {
  return reply as FastifyReply;
}

/** The version of a visual config: its `version`, else a hash of its JSON. */
export function visualConfigVersion(config: Record<string, unknown>): string {
  if (typeof config.version === 'string' || typeof config.version === 'number') return String(config.version);
  return createHash('sha256').update(JSON.stringify(config)).digest('hex').slice(0, 16);
}

/**
 * The collector routes (register at the root):
 *
 * - `POST /sa?project=<name>` — body `data=<b64>&ext=crc%3D<n>` (one record) or
 *   `data_list=<b64>[&gzip=0][&ext=…]` (a batch) as `application/x-www-form-urlencoded` or
 *   `text/plain`. `project` defaults to `default` and must be an `AnalyticsProject` value or an
 *   `ANALYTICS_PROJECTS` name. Answers 200 `{ code: 0, data: CollectResult }` (`accepted`, and each
 *   refused record's `index` and `reason`) when at least one record was stored or the batch was
 *   empty. 400 INVALID_PARAMETER: unknown project, no/both payload fields, `crc mismatch`, `gzip=9`
 *   (encrypted) not supported, or every record refused — then `message` is
 *   `no record accepted: [i] reason; …` (first 10). 400 MALFORMED_BODY: not base64/UTF-8/JSON, or
 *   `data_list` not an array. 403 FORBIDDEN: an `Origin` outside `ANALYTICS_ALLOWED_ORIGINS` (when
 *   set). 413 PAYLOAD_TOO_LARGE: body over 1 MiB. At most 500 records per request are read.
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
export const collectorRoutes: FastifyPluginAsyncTypebox<CollectorRoutesOptions> = async (
  app,
  { db, settings, clock = Date.now },
) => {
  const writer = new EventWriter(db);
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
  for (const path of [COLLECTOR_PATH, COLLECTOR_PIXEL_PATH, VISUAL_CONFIG_PATH, DEEPLINK_PATH]) {
    app.options(path, { schema: { hide: true } }, preflight);
  }

  const fields = (source: EncodedPayload): EncodedPayload => ({
    data: source.data,
    data_list: source.data_list,
    ext: source.ext,
    gzip: source.gzip,
  });

  app.post(
    COLLECTOR_PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Collect tracked records (one, or a batch) from the tracker',
        description:
          'Body `data=<base64>&ext=crc%3D<n>` or `data_list=<base64>[&gzip=0]`, base64 of the UTF-8 JSON of `TrackedEvent` (or an array of them), as `application/x-www-form-urlencoded` or `text/plain` (sendBeacon). Good records are stored in one statement and refused ones listed with index and reason; 400 when none was stored (`message` lists the reasons). At most 500 records per request.',
        consumes: ['application/x-www-form-urlencoded', 'text/plain'],
        querystring: CollectQuery,
        // No body schema: the body is form text parsed by this plugin (fields as in the query), and
        // an empty body falls back to the query string instead of failing validation.
        response: { 200: Envelope(CollectResult), ...errors },
      },
    },
    async (request) => {
      const project = resolveProject(settings.projects, request.query.project);
      const body = (request.body ?? {}) as EncodedPayload;
      const payload = body.data || body.data_list ? fields(body) : fields(request.query);
      return { code: 0 as const, data: await collect(writer, project, payload, clock()) };
    },
  );

  for (const path of [COLLECTOR_PATH, COLLECTOR_PIXEL_PATH]) {
    app.get(
      path,
      {
        // A HEAD must not store records.
        exposeHeadRoute: false,
        schema: {
          tags: TAGS,
          summary: 'Collect tracked records sent by the image transport (query string)',
          description:
            'Query `project`, `data`/`data_list`, `ext`, `gzip` as for POST. 200 with a 1×1 image/gif when stored; errors in the JSON envelope.',
          querystring: CollectQuery,
          response: errors,
        },
      },
      async (request, reply) => {
        const project = resolveProject(settings.projects, request.query.project);
        await collect(writer, project, fields(request.query), clock());
        return untyped(reply).type('image/gif').send(PIXEL_GIF);
      },
    );
  }

  const visualConfig = settings.visualConfig;
  const visualVersion = visualConfig ? visualConfigVersion(visualConfig) : null;
  const visualBody = visualConfig
    ? { ...visualConfig, version: visualConfig.version ?? visualVersion }
    : null;
  app.get(
    VISUAL_CONFIG_PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Visual (heat map) config of the web SDK',
        description:
          'SPEC §8 statuses: 200 with the config JSON (not enveloped) when `v` differs from its `version`; 304 keep (same version); 205 clear (no config). With `callbackName` (JSONP, as the Sensors web SDK asks): HTTP 200 `application/javascript` calling `callbackName(200, config)`, `callbackName(304)` or `callbackName(205)`.',
        querystring: VisualConfigQuery,
        response: errors,
      },
    },
    async (request, typedReply) => {
      const reply = untyped(typedReply);
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
    },
  );

  app.get(
    DEEPLINK_PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Parameters of a deeplink key',
        description:
          "The key's object of `ANALYTICS_DEEPLINKS`, not enveloped (the Sensors deeplink API shape); 404 ROUTE_NOT_FOUND for an unknown key, 400 for an unknown project.",
        querystring: DeeplinkQuery,
        response: { 200: DeeplinkResult, ...errors },
      },
    },
    async (request) => {
      resolveProject(settings.projects, request.query.project); // 400 for an unknown project
      const { key } = request.query;
      const params = Object.hasOwn(settings.deeplinks, key) ? settings.deeplinks[key] : undefined;
      if (!params) {
        throw new ApiError(ApiErrorCode.ROUTE_NOT_FOUND, `no deeplink with key ${JSON.stringify(key)}`);
      }
      return params;
    },
  );
};
