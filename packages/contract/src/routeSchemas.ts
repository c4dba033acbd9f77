/**
 * The schemas of the route table: for every entry of `ROUTES` (same groups, same names) its OpenAPI
 * tag, summary and description, and the TypeBox schemas of its query string, path parameters, body
 * and response. The server registers each handler with these (validation, serialisation, the OpenAPI
 * document at `GET /api/openapi.json`); the compiler checks that no route of the table lacks an entry.
 *
 * `response` is the schema of `data` in the `{ code: 0, data }` envelope for `envelope` routes, and
 * of the whole 200 body for `raw` routes; other kinds have none.
 *
 * @packageDocumentation
 */

import { COLLECTOR_ROUTE_SCHEMAS } from './routeSchemas/collector';
import type { SchemasOf } from './routeSchemas/definition';
import { OPERATION_ROUTE_SCHEMAS, PAGE_ROUTE_SCHEMAS } from './routeSchemas/page';
import { PLUGIN_ROUTE_SCHEMAS } from './routeSchemas/plugin';
import { USER_ROUTE_SCHEMAS } from './routeSchemas/user';
import type { ROUTES } from './routes';
import { BACKOFFICE_ROUTES } from './routes/backoffice';

type BackofficeName = keyof typeof BACKOFFICE_ROUTES;
const isBackoffice = (name: string) => Object.hasOwn(BACKOFFICE_ROUTES, name);
const entries = Object.entries(PLUGIN_ROUTE_SCHEMAS);

/**
 * The schemas of every route of the table, by group and name as in {@link ROUTES}. The back office's
 * schemas are written beside the plugin calls they belong with (`routeSchemas/plugin*.ts`) and
 * grouped here as the table groups them.
 */
export const ROUTE_SCHEMAS = {
  plugin: Object.fromEntries(entries.filter(([name]) => !isBackoffice(name))) as Omit<
    typeof PLUGIN_ROUTE_SCHEMAS,
    BackofficeName
  >,
  backoffice: Object.fromEntries(entries.filter(([name]) => isBackoffice(name))) as Pick<
    typeof PLUGIN_ROUTE_SCHEMAS,
    BackofficeName
  >,
  user: USER_ROUTE_SCHEMAS,
  collector: COLLECTOR_ROUTE_SCHEMAS,
  page: PAGE_ROUTE_SCHEMAS,
  operation: OPERATION_ROUTE_SCHEMAS,
} as const satisfies { [G in keyof typeof ROUTES]: SchemasOf<(typeof ROUTES)[G]> };
