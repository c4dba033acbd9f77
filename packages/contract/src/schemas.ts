/**
 * `@plugin-center/contract/schemas`: the TypeBox schemas of the Plugin Center wire (`wire.ts`: every
 * entity, request and response; `constants.ts` again, for the server's convenience) and of the route
 * table (`routeSchemas.ts`: `ROUTE_SCHEMAS`, by group and name as `ROUTES`). The server validates,
 * serialises and generates its OpenAPI document with them. Browser code imports the TypeBox-free
 * root entry instead. This entry is `constants.ts`, `routeSchemas.ts` and `wire.ts`, whole;
 * the root `index.ts` lists the package's public API by name.
 *
 * @packageDocumentation
 */

export * from './constants';
export * from './locales';
export * from './routeSchemas';
export * from './routeSchemas/collector';
export type { MultipartFile, MultipartForm, RouteSchema } from './routeSchemas/definition';
export * from './routeSchemas/page';
export * from './routeSchemas/plugin';
export * from './routeSchemas/user';
export * from './site';
export * from './wire/collector';
export * from './wire/common';
export * from './wire/curation';
export * from './wire/identity';
export * from './wire/listing';
export * from './wire/mirror';
export * from './wire/notifications';
export * from './wire/personalTokens';
export * from './wire/plugins';
export * from './wire/publishers';
export * from './wire/publishing';
export * from './wire/ratings';
export * from './wire/reports';
export * from './wire/review';
export * from './wire/settings';
export * from './wire/webhooks';
