/**
 * The OpenAPI 3 document served at `GET /api/openapi.json` (`@fastify/swagger` options): from the
 * contract's route table, every operation's schemas (registered by `routeTable.ts`), its `security`
 * (who may call it and with which credential) and, for the multipart routes, a
 * `multipart/form-data` request body with the text fields, the files (`format: binary`) and their
 * content types — so that tools driven by the document alone can sign in and upload.
 */
import type { SwaggerOptions } from '@fastify/swagger';
import type { Access, RouteDefinition } from '@plugin-center/contract';
import { ROUTES } from '@plugin-center/contract/routes';
import { type MultipartForm, ROUTE_SCHEMAS, type RouteSchema } from '@plugin-center/contract/schemas';
import type { TSchema } from 'typebox';

/** Server version reported in the OpenAPI document. */
export const SERVER_VERSION = '0.1.0';

/**
 * The credentials the server accepts, as OpenAPI security schemes. All four travel as
 * `Authorization: Bearer <token>`; which one an operation takes is its `security`.
 */
export const SECURITY_SCHEMES = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'An access token (JWT) from `POST /api/uc/user/login` (`access_token`), the login-code exchange or `POST /api/uc/user/refresh_token`; valid while its session is live.',
  },
  personalAccessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pcpat_',
    description:
      'A personal access token (`pcpat_` + 43 characters) made with `POST /api/cmt/user/tokens`: scope `publish`, accepted only by the operations that list this scheme.',
  },
  refreshToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'opaque',
    description:
      'The refresh token of a session (`refresh_token` of the sign-in answer), for the session calls that list this scheme.',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'opaque',
    description:
      "The server's scrape token, `METRICS_TOKEN` of its configuration (docs/deployment.md, Monitoring), for `GET /metrics` only.",
  },
} as const;

/** A security scheme's name in the document. */
export type SecuritySchemeName = keyof typeof SECURITY_SCHEMES;

/**
 * The role an operation needs (`x-required-role`), by table access: `user` (any signed-in account),
 * `admin` (role 1 or 2), `super_admin` (role 1, entries marked `superAdmin`); public operations need none.
 */
const REQUIRED_ROLE: Partial<Record<Access, string>> = {
  user: 'user',
  admin: 'admin',
  refresh_token: 'user',
};

/**
 * The OpenAPI `security` of a route-table entry: `public` → anonymous or an access token (which
 * personalises some answers); `user` → an access token (or a personal access token where the entry
 * says `personalToken`); `admin` → an access token of an administrator (`x-required-role`);
 * `refresh_token` → the session's refresh token.
 */
export function operationSecurity(definition: RouteDefinition): Record<string, string[]>[] {
  switch (definition.access) {
    case 'public':
      return [{}, { accessToken: [] }];
    case 'user':
      return definition.personalToken
        ? [{ accessToken: [] }, { personalAccessToken: [] }]
        : [{ accessToken: [] }];
    case 'admin':
      return [{ accessToken: [] }];
    case 'refresh_token':
      return [{ refreshToken: [] }];
    case 'metrics_token':
      return [{ metricsToken: [] }];
  }
}

/** What the document says of one route-table entry, beyond its schemas. */
function entryOf(id: unknown): { definition: RouteDefinition; schema: RouteSchema } | undefined {
  if (typeof id !== 'string') return undefined;
  const [group, name] = id.split('.') as [keyof typeof ROUTES, string];
  const definition = (ROUTES[group] as Record<string, RouteDefinition> | undefined)?.[name];
  const schema = (ROUTE_SCHEMAS[group] as Record<string, RouteSchema> | undefined)?.[name];
  return definition && schema ? { definition, schema } : undefined;
}

/**
 * The JSON schema of a multipart form for the document: its text fields as declared, each file
 * field a `string` of `format: binary` (an array of them when it may repeat) whose `maxLength` is
 * its cap in bytes; required: the required text fields and files.
 */
export function multipartSchema(form: MultipartForm): TSchema {
  const files = Object.fromEntries(
    Object.entries(form.files).map(([name, file]) => {
      const binary = { type: 'string', format: 'binary', maxLength: file.maxBytes };
      return [
        name,
        file.repeat
          ? { type: 'array', items: binary, description: file.description }
          : { ...binary, description: file.description },
      ];
    }),
  );
  const required = [
    ...((form.fields.required as string[] | undefined) ?? []),
    ...Object.entries(form.files)
      .filter(([, file]) => file.required)
      .map(([name]) => name),
  ];
  return {
    type: 'object',
    properties: { ...form.fields.properties, ...files },
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  } as unknown as TSchema;
}

/** The `encoding` of a multipart form: each file field's accepted content types. */
export function multipartEncoding(form: MultipartForm): Record<string, { contentType: string }> {
  return Object.fromEntries(
    Object.entries(form.files).map(([name, file]) => [name, { contentType: file.contentTypes.join(', ') }]),
  );
}

type Document = {
  paths?: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, Record<string, unknown>> } }>
  >;
};

/**
 * Options of `@fastify/swagger`: the document's info, tags and security schemes; per operation (by
 * its table entry, `config.route`) its `security` and `x-required-role`, and a multipart request
 * body (schema from {@link multipartSchema}, `encoding` from {@link multipartEncoding}).
 */
export const OPENAPI_OPTIONS: SwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: {
      title: 'Plugin Center API',
      version: SERVER_VERSION,
      description:
        "Plugin-center API of SPEC §7. Success: `{ code: 0, data }`; failure: `{ code, error, message, data: null }` with the error codes of docs/api.md. Credentials: `Authorization: Bearer <token>` as each operation's `security` says (`components.securitySchemes`); `x-required-role` names the role it needs (`admin`: role 1 or 2, else 403 FORBIDDEN).",
    },
    tags: [
      {
        name: 'plugins',
        description: 'Plugin square: list, search, tags, detail, recommendations, views',
      },
      {
        name: 'identity',
        description: 'User API (/api/uc/): sign-in, sign-up, login codes, tokens, third-party accounts',
      },
      {
        name: 'analytics',
        description: 'Analytics collector (/sa), visual config and deeplink parameters of the tracker',
      },
      {
        name: 'settings',
        description: 'Space setting, icon-font and stock-photo accounts, people and roles',
      },
    ],
    components: { securitySchemes: SECURITY_SCHEMES },
  },
  refResolver: {
    buildLocalReference: (json, _baseUri, _fragment, i) =>
      typeof json.$id === 'string' ? json.$id : `def-${i}`,
  },
  transform: ({ schema, url, route }) => {
    const entry = entryOf(route.config?.route);
    if (!entry || !schema) return { schema, url };
    const role = entry.definition.superAdmin ? 'super_admin' : REQUIRED_ROLE[entry.definition.access];
    const form = entry.schema.multipart;
    return {
      url,
      schema: {
        ...schema,
        security: operationSecurity(entry.definition),
        ...(role ? { 'x-required-role': role } : {}),
        ...(form ? { body: multipartSchema(form), consumes: ['multipart/form-data'] } : {}),
      },
    };
  },
  transformObject: (documentObject) => {
    const openapiObject = 'openapiObject' in documentObject ? documentObject.openapiObject : {};
    const paths = (openapiObject as Document).paths ?? {};
    for (const [group, routes] of Object.entries(ROUTES)) {
      for (const [name, definition] of Object.entries(routes as Record<string, RouteDefinition>)) {
        const form = entryOf(`${group}.${name}`)?.schema.multipart;
        const media =
          paths[definition.path]?.[definition.method.toLowerCase()]?.requestBody?.content?.[
            'multipart/form-data'
          ];
        if (form && media) media.encoding = multipartEncoding(form);
      }
    }
    return openapiObject;
  },
};
