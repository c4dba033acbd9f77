/**
 * The schemas of the `collector` group of the route table: the collector's queries and answers.
 */
import { Type } from 'typebox';
import type { ROUTES } from '../routes';
import { CollectResult } from '../wire/collector';
import { ANALYTICS, type SchemasOf } from './definition';

/** The collector's encoded fields, in a form body, a text body or the query string. */
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
export const CollectQuery = Type.Object({
  project: Type.Optional(
    Type.String({ maxLength: 64, description: 'analytics project (default `default`)' }),
  ),
  ...EncodedFields,
});

/** Query of the visual config (SPEC §7: `app_id`, `v`). */
export const VisualConfigQuery = Type.Object({
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

/** Query of the deeplink parameters (SPEC §7: `key`, `system_type=JS`, `project`). */
export const DeeplinkQuery = Type.Object({
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
/** Schemas of {@link ROUTES}`.collector` (SPEC §7 Analytics, §8 visual config statuses). */
export const COLLECTOR_ROUTE_SCHEMAS = {
  collect: {
    tags: ANALYTICS,
    summary: 'Collect tracked records (one, or a batch) from the tracker',
    description:
      'Body `data=<base64>&ext=crc%3D<n>` or `data_list=<base64>[&gzip=0]`, base64 of the UTF-8 JSON of `TrackedEvent` (or an array of them), as `application/x-www-form-urlencoded` or `text/plain` (sendBeacon). Good records are stored in one statement and refused ones listed with index and reason; 400 when none was stored (`message` lists the reasons). At most 500 records per request.',
    consumes: ['application/x-www-form-urlencoded', 'text/plain'],
    // No body schema: the body is form text parsed by the collector (fields as in the query), and
    // an empty body falls back to the query string instead of failing validation.
    querystring: CollectQuery,
    response: CollectResult,
  },
  collectByImage: {
    tags: ANALYTICS,
    summary: 'Collect tracked records sent by the image transport (query string)',
    description:
      'Query `project`, `data`/`data_list`, `ext`, `gzip` as for POST. 200 with a 1×1 image/gif when stored; errors in the JSON envelope.',
    querystring: CollectQuery,
  },
  collectByPixel: {
    tags: ANALYTICS,
    summary: 'Collect tracked records sent by the image transport (query string), `.gif` path',
    description: 'As `GET /sa`.',
    querystring: CollectQuery,
  },
  visualConfig: {
    tags: ANALYTICS,
    summary: 'Visual (heat map) config of the web SDK',
    description:
      'SPEC §8 statuses: 200 with the config JSON (not enveloped) when `v` differs from its `version`; 304 keep (same version); 205 clear (no config). With `callbackName` (JSONP, as the Sensors web SDK asks): HTTP 200 `application/javascript` calling `callbackName(200, config)`, `callbackName(304)` or `callbackName(205)`.',
    querystring: VisualConfigQuery,
  },
  deeplink: {
    tags: ANALYTICS,
    summary: 'Parameters of a deeplink key',
    description:
      "The key's object of `ANALYTICS_DEEPLINKS`, not enveloped (the Sensors deeplink API shape); 404 ROUTE_NOT_FOUND for an unknown key, 400 for an unknown project.",
    querystring: DeeplinkQuery,
    response: DeeplinkResult,
  },
  collectPreflight: { tags: ANALYTICS, summary: 'CORS preflight of /sa' },
  pixelPreflight: { tags: ANALYTICS, summary: 'CORS preflight of /sa.gif' },
  visualConfigPreflight: { tags: ANALYTICS, summary: 'CORS preflight of the visual config' },
  deeplinkPreflight: { tags: ANALYTICS, summary: 'CORS preflight of the deeplink parameters' },
} as const satisfies SchemasOf<typeof ROUTES.collector>;
