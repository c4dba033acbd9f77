/**
 * The route table of Plugin Center: every HTTP route the server answers (and every client call still
 * waiting for its server side), one entry each, with its method, absolute path, who may call it and
 * how its request and response travel. TypeBox-free and dependency-free, so the browser SDKs build
 * their calls from it; the request and response schemas of each entry are in
 * `@plugin-center/contract/schemas` (`ROUTE_SCHEMAS`, same groups and names), which the server
 * registers its handlers from and generates the OpenAPI document from.
 *
 * Paths are absolute; `{name}` marks a path parameter (filled by the client from the payload, SPEC §7).
 * A route in the table without a handler, or a handler without a route in the table, fails the
 * server's `routeTable.test.ts`.
 *
 * `@plugin-center/contract/routes`: this whole table, for the server, the OpenAPI document and the
 * back office, with the groups only a server or an operator calls (`BACKOFFICE_ROUTES`,
 * `OPERATION_ROUTES`: health, OpenAPI, metrics, the version keys). The main entry exports the groups a
 * site's pages call (`PLUGIN_ROUTES`, `USER_ROUTES`, `COLLECTOR_ROUTES`, `PAGE_ROUTES`).
 *
 * @packageDocumentation
 */
export { BACKOFFICE_ROUTES } from './routes/backoffice';
export { OPERATION_ROUTES } from './routes/page';

import { BACKOFFICE_ROUTES } from './routes/backoffice';
import { COLLECTOR_ROUTES } from './routes/collector';
import { OPERATION_ROUTES, PAGE_ROUTES } from './routes/page';
import { PLUGIN_ROUTES } from './routes/plugin';
import { USER_ROUTES } from './routes/user';

/**
 * The whole route table by group. The server registers every entry that is not `planned`; the API
 * client's `plugin.*` and `user.*` calls are those groups, `backofficeCalls` of
 * `@plugin-center/api/backoffice` the `backoffice` group; docs/api.md lists the table.
 */
export const ROUTES = {
  plugin: PLUGIN_ROUTES,
  user: USER_ROUTES,
  collector: COLLECTOR_ROUTES,
  page: PAGE_ROUTES,
  operation: OPERATION_ROUTES,
  backoffice: BACKOFFICE_ROUTES,
} as const;

/** The groups of {@link ROUTES}. */
export type RouteGroup = keyof typeof ROUTES;
/** The names of the routes of a group of {@link ROUTES}. */
export type RouteName<G extends RouteGroup> = keyof (typeof ROUTES)[G] & string;
