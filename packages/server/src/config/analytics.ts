/**
 * The analytics collector's variables (group `analytics`, `/sa`) and their settings with defaults
 * applied ({@link CollectorConfig}).
 */
import { Type } from 'typebox';
import { ConfigError, isPlainObject, parseJson, parseOriginList } from './values';
import { about, trim } from './variables';

/** Project names `POST /sa` accepts: `[A-Za-z0-9_-]{1,64}`. */
export const PROJECT_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `ANALYTICS_PROJECTS`: comma-separated project names, duplicates and empty entries dropped.
 *
 * @throws ConfigError for a name outside {@link PROJECT_NAME}.
 */
export function parseProjects(value: string): string[] {
  const out: string[] = [];
  for (const part of value.split(',')) {
    const name = part.trim();
    if (!name) continue;
    if (!PROJECT_NAME.test(name)) {
      throw new ConfigError(
        'ANALYTICS_PROJECTS',
        `${JSON.stringify(name)} is not a project name ([A-Za-z0-9_-]{1,64})`,
      );
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * `ANALYTICS_VISUAL_CONFIG`: a JSON object whose `version`, when present, is a string or a number.
 *
 * @throws ConfigError for invalid JSON, a non-object or another `version`.
 */
export function parseVisualConfig(value: string): Record<string, unknown> {
  const config = parseJson('ANALYTICS_VISUAL_CONFIG', value);
  if (!isPlainObject(config)) throw new ConfigError('ANALYTICS_VISUAL_CONFIG', 'expected a JSON object');
  if (
    config.version !== undefined &&
    typeof config.version !== 'string' &&
    typeof config.version !== 'number'
  ) {
    throw new ConfigError('ANALYTICS_VISUAL_CONFIG', 'version must be a string or a number');
  }
  return config;
}

/**
 * `ANALYTICS_DEEPLINKS`: a JSON object of objects (`{ "<key>": { …params } }`).
 *
 * @throws ConfigError for invalid JSON, a non-object, or a key whose value is not an object.
 */
export function parseDeeplinks(value: string): Record<string, Record<string, unknown>> {
  const links = parseJson('ANALYTICS_DEEPLINKS', value);
  if (!isPlainObject(links)) throw new ConfigError('ANALYTICS_DEEPLINKS', 'expected a JSON object');
  for (const [key, params] of Object.entries(links)) {
    if (!isPlainObject(params)) {
      throw new ConfigError(
        'ANALYTICS_DEEPLINKS',
        `${JSON.stringify(key)}: expected an object of parameters`,
      );
    }
  }
  return links as Record<string, Record<string, unknown>>;
}

/** The collector settings with every default applied (see the fields of `ServerConfig`). */
export interface CollectorConfig {
  /** Every accepted project name: the `AnalyticsProject` values, then `ANALYTICS_PROJECTS`. */
  projects: string[];
  /** Allowed origins; empty: any origin (`*`). */
  allowedOrigins: string[];
  /** The visual config, or null when none is configured. */
  visualConfig: Record<string, unknown> | null;
  /** Deeplink parameters by key. */
  deeplinks: Record<string, Record<string, unknown>>;
  /** Days of events kept (`ANALYTICS_RETENTION_DAYS`); 0: kept forever. */
  retentionDays: number;
}

/** `ANALYTICS_PROJECTS`, `ANALYTICS_PROJECT` … `ANALYTICS_DEEPLINKS`. */
export const ANALYTICS_VARIABLES = {
  ANALYTICS_PROJECTS: Type.Array(Type.String({ pattern: PROJECT_NAME.source }), {
    default: [],
    ...about({
      group: 'analytics',
      transform: trim,
      parse: (_, text) => parseProjects(text),
      defaultText: 'unset',
      summary: 'more project names POST /sa?project= accepts',
      description:
        'comma-separated project names `POST /sa?project=` accepts besides `production` (www), `oversea_production` (overseas) and `default` (test), each `[A-Za-z0-9_-]{1,64}`; other projects are refused with 400',
    }),
  }),
  ANALYTICS_PROJECT: Type.Optional(
    Type.String({
      pattern: PROJECT_NAME.source,
      ...about({
        group: 'analytics',
        transform: trim,
        errorMessage: 'must be a project name ([A-Za-z0-9_-]{1,64})',
        defaultText: 'by `SITE_VARIANT`',
        summary: "the collector project of the marketplace's own tracker",
        description:
          "the collector project the marketplace's own tracker posts to (`/sa?project=`; SPEC §9): by default `production` on the domestic site and the desktop client, `oversea_production` on the overseas site, the test project `default` on a private deployment. Set `default` on a test deployment. Must be one `POST /sa` accepts (`production`, `oversea_production`, `default` or one of `ANALYTICS_PROJECTS`)",
      }),
    }),
  ),
  ANALYTICS_ALLOWED_ORIGINS: Type.Array(Type.String(), {
    default: [],
    ...about({
      group: 'analytics',
      transform: trim,
      parse: parseOriginList,
      defaultText: 'unset (any origin)',
      summary: 'origins whose trackers may send (default any)',
      description:
        'comma-separated `http(s)://host[:port]` origins of the sites whose trackers may send. Unset: `Access-Control-Allow-Origin: *` without credentials. Set: listed origins are echoed (credentials allowed), requests from any other `Origin` get 403; requests without `Origin` (image pixel, server-side senders) are accepted',
    }),
  }),
  ANALYTICS_VISUAL_CONFIG: Type.Optional(
    Type.Object(
      { version: Type.Optional(Type.Union([Type.String(), Type.Number()])) },
      {
        ...about({
          group: 'analytics',
          transform: trim,
          parse: (_, text) => parseVisualConfig(text),
          defaultText: 'unset (none: 205 "clear")',
          summary: 'JSON object answered by GET /config/visualized/Web.conf',
          description:
            'JSON object answered by `GET /config/visualized/Web.conf`; its `version` (string or number; a content hash when absent) is compared with the SDK\'s `v` (same → 304). The Sensors web SDK only uses a config with `"os": "Web"`',
        }),
      },
    ),
  ),
  ANALYTICS_RETENTION_DAYS: Type.Integer({
    minimum: 0,
    maximum: 36_500,
    default: 0,
    ...about({
      group: 'analytics',
      defaultText: '0 (kept forever)',
      summary: 'days of analytics events kept (0: forever)',
      description:
        'days of analytics events kept; 0 keeps them forever. Older events and their daily rollups are removed at start and every hour: on PostgreSQL whole month partitions once their month ends before the cutoff (00:00 UTC of the day `N` days ago), on SQLite the rows before the cutoff in batches. `POST /sa` refuses records older than the cutoff (`time is invalid: older than the retention`)',
    }),
  }),
  ANALYTICS_DEEPLINKS: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), {
    default: {},
    ...about({
      group: 'analytics',
      transform: trim,
      parse: (_, text) => parseDeeplinks(text),
      defaultText: 'unset (none)',
      summary: 'JSON { "<key>": { …params } } for GET /sdk/deeplink/param',
      description: 'JSON object `{ "<key>": { …params } }` answered by `GET /sdk/deeplink/param?key=`',
    }),
  }),
};
