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
import { OPERATION_ROUTE_SCHEMAS, PAGE_ROUTE_SCHEMAS } from './routeSchemas/page';
import { PLUGIN_ROUTE_SCHEMAS } from './routeSchemas/plugin';
import { USER_ROUTE_SCHEMAS } from './routeSchemas/user';

/** The schemas of every route of the table, by group and name as in {@link ROUTES}. */
export const ROUTE_SCHEMAS = {
  plugin: PLUGIN_ROUTE_SCHEMAS,
  user: USER_ROUTE_SCHEMAS,
  collector: COLLECTOR_ROUTE_SCHEMAS,
  page: PAGE_ROUTE_SCHEMAS,
  operation: OPERATION_ROUTE_SCHEMAS,
} as const;
