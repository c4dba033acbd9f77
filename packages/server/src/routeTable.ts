/**
 * Registration of the server's routes from the contract's route table (`ROUTES` and
 * `ROUTE_SCHEMAS` of `@plugin-center/contract`): a domain plugin names a table entry and gives its
 * handler; method, path, access check, validation, serialisation and the OpenAPI entry come from the
 * table. Every registered route is recorded in `app.routeRegistry` with its table id, which
 * `routeTable.test.ts` compares with the table (a route without a handler, or a handler without a
 * route, fails it).
 */
import type { Access, RouteDefinition, RouteGroup } from '@plugin-center/contract';
import { ROUTES } from '@plugin-center/contract/routes';
import { Envelope, ErrorEnvelope, ROUTE_SCHEMAS, type RouteSchema } from '@plugin-center/contract/schemas';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { Static, TSchema } from 'typebox';

/** A route as Fastify registered it, with the id of its table entry (`group.name`) when it has one. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `group.name` of the table entry, e.g. `plugin.list`; undefined for a route registered by hand. */
  route: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this server, in registration order (see `recordRoutes`). */
    routeRegistry: readonly RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** `group.name` of the route's entry in the contract's route table. */
    route?: string;
  }
}

/** The names of the table's routes in group `G` (the same in `ROUTES` and `ROUTE_SCHEMAS`). */
export type TableName<G extends RouteGroup> = keyof (typeof ROUTES)[G] & keyof (typeof ROUTE_SCHEMAS)[G];

type SchemaOf<G extends RouteGroup, K extends TableName<G>> = (typeof ROUTE_SCHEMAS)[G][K];
type DefinitionOf<G extends RouteGroup, K extends TableName<G>> = (typeof ROUTES)[G][K];
type Field<S, F extends string> = S extends { readonly [P in F]: infer T extends TSchema }
  ? Static<T>
  : unknown;

/** The request a handler of table entry `G.K` receives: query, params and body typed by its schemas. */
export type TableRequest<G extends RouteGroup, K extends TableName<G>> = FastifyRequest<{
  Querystring: Field<SchemaOf<G, K>, 'querystring'>;
  Params: Field<SchemaOf<G, K>, 'params'>;
  Body: Field<SchemaOf<G, K>, 'body'>;
}>;

/**
 * What a handler of table entry `G.K` returns: for an `envelope` route the `data` of the success
 * envelope (the helper wraps it in `{ code: 0, data }`); otherwise whatever Fastify sends (the
 * reply, a raw object, a string).
 */
export type TableResult<G extends RouteGroup, K extends TableName<G>> =
  DefinitionOf<G, K> extends { readonly response: 'envelope' } ? Field<SchemaOf<G, K>, 'response'> : unknown;

/** Options of one route beyond what the table says. */
export interface TableRouteOptions {
  /** Route config (e.g. `rateLimit` of `@fastify/rate-limit`). */
  config?: FastifyContextConfig;
  /** Whether Fastify adds the HEAD route of a GET (default true). */
  exposeHeadRoute?: boolean;
  /** Runs after the access check and validation, before the handler (e.g. a shared rate limit). */
  preHandler?: preHandlerAsyncHookHandler;
}

const ERRORS = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

/** The path of a table entry in Fastify's syntax: `{name}` → `:name`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

function accessCheck(app: FastifyInstance, access: Access): preHandlerAsyncHookHandler | undefined {
  if (access === 'user') return app.requireUser;
  if (access === 'admin') return app.requireAdmin;
  return undefined; // public; refresh-token and metrics-token routes read their token in the handler
}

function responseSchema(
  definition: RouteDefinition,
  schema: RouteSchema,
): Record<string, TSchema> | undefined {
  switch (definition.response) {
    case 'envelope':
      return { 200: Envelope(schema.response ?? ({} as TSchema)), ...ERRORS };
    case 'raw':
      return schema.response ? { 200: schema.response, ...ERRORS } : ERRORS;
    case 'image':
    case 'blob':
    case 'redirect':
      return ERRORS;
    default:
      return undefined; // pages, files, preflights: no JSON to describe
  }
}

/**
 * Registers the handler of table entry `ROUTES[group][name]` on `app` (in the caller's
 * encapsulation context, so its content-type parsers and hooks apply):
 * - method and path from the table (`{name}` → `:name`);
 * - access from the table, checked before validation: `user` → `app.requireUser` (401
 *   UNAUTHORIZED), `admin` → `app.requireAdmin` (401, 403 FORBIDDEN 'Current account has no
 *   permission'), SPEC §6;
 * - validation and serialisation with `ROUTE_SCHEMAS[group][name]` (query, params, body; the 200
 *   envelope and the `ErrorEnvelope` for 4xx/5xx), which also make its OpenAPI entry; pages,
 *   files, preflights and entries with `hide` are left out of the OpenAPI document;
 * - for `envelope` routes the handler returns the payload and this wraps it as `{ code: 0, data }`.
 *
 * @throws Error when the entry is `planned` (it has no server side yet: remove the mark in the
 *   contract when its issue lands) — a programming error caught by every test that builds the app.
 */
export function tableRoute<G extends RouteGroup, K extends TableName<G>>(
  app: FastifyInstance,
  group: G,
  name: K,
  handler: (
    request: TableRequest<G, K>,
    reply: FastifyReply,
  ) => Promise<TableResult<G, K>> | TableResult<G, K>,
  options: TableRouteOptions = {},
): void {
  const definition = ROUTES[group][name] as RouteDefinition;
  const schema = ROUTE_SCHEMAS[group][name] as RouteSchema;
  const id = `${group}.${String(name)}`;
  if (definition.planned) throw new Error(`route ${id} is planned (${definition.planned}): no handler yet`);
  const hide = group === 'page' || definition.method === 'OPTIONS' || schema.hide === true;
  const accessHook = accessCheck(app, definition.access);
  const envelope = definition.response === 'envelope';
  const response = responseSchema(definition, schema);
  const route: RouteOptions = {
    method: definition.method,
    url: fastifyPath(definition.path),
    schema: {
      ...(hide ? { hide: true } : {}),
      tags: [...schema.tags],
      summary: schema.summary,
      ...(schema.description ? { description: schema.description } : {}),
      ...(schema.consumes ? { consumes: [...schema.consumes] } : {}),
      ...(schema.querystring ? { querystring: schema.querystring } : {}),
      ...(schema.params ? { params: schema.params } : {}),
      ...(schema.body ? { body: schema.body } : {}),
      ...(response ? { response } : {}),
    },
    config: { ...options.config, route: id },
    ...(options.exposeHeadRoute === undefined ? {} : { exposeHeadRoute: options.exposeHeadRoute }),
    // Before validation: a visitor learns nothing of a guarded route's input rules.
    ...(accessHook ? { preValidation: accessHook } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: envelope
      ? async (request, reply) => ({
          code: 0 as const,
          data: await handler(request as unknown as TableRequest<G, K>, reply),
        })
      : (request, reply) => handler(request as unknown as TableRequest<G, K>, reply),
  };
  app.route(route);
}

/**
 * Records every route registered on `app` from now on (an `onRoute` hook on the root, which sees
 * the routes of every child context) in `app.routeRegistry`. Call it on the root instance before any
 * route is registered.
 */
export function recordRoutes(app: FastifyInstance): void {
  const registry: RegisteredRoute[] = [];
  app.decorate('routeRegistry', registry);
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) {
      // Read the id when asked: hooks of child contexts (`markRoutes`) run after this one.
      registry.push({
        method,
        url: options.url,
        get route() {
          return options.config?.route;
        },
      });
    }
  });
}

/**
 * Marks every route registered in `scope` (a child context, e.g. the one serving a folder with
 * `@fastify/static`) as table entry `group.name`, for routes that a plugin registers itself.
 */
export function markRoutes<G extends RouteGroup>(scope: FastifyInstance, group: G, name: TableName<G>): void {
  const id = `${group}.${String(name)}`;
  scope.addHook('onRoute', (options) => {
    options.config = { ...options.config, route: id };
  });
}
