import { BIND_PAGE_PATH, LOGIN_PAGE_PATH } from '@plugin-center/contract';

/**
 * Query of the login page (SPEC §2): `redirect_uri` (where the login page returns with `code`),
 * `response_type` (default `'code'`), `from`, `channel`, `product`, `ux_mode`, plus any extra field.
 * Undefined fields are left out.
 */
export interface LoginQuery {
  redirect_uri: string;
  response_type?: string;
  from?: string;
  channel?: string;
  product?: string;
  ux_mode?: string;
  [field: string]: string | undefined;
}

/** The extra query of the document-collaboration provider's login (SPEC §2). */
export interface DocsLoginQuery {
  ux_from: string;
  login_source_id: string;
  app_name: string;
}

/** Query of the bind page `/user/login/bind` (SPEC §2). */
export interface BindPageQuery {
  id: string;
  mainUrl: string;
  txDocFolderId?: string;
}

/** `page?query`, undefined fields left out. */
const withQuery = (page: string, query: object): string =>
  `${page}?${new URLSearchParams(JSON.parse(JSON.stringify(query)))}`;

/**
 * The login page URL (SPEC §2), e.g. `/user/login/?response_type=code&redirect_uri=...`.
 * @param query - the login query; `response_type` defaults to `'code'`
 * @param page - the login page without query, default `LOGIN_PAGE_PATH` (`/user/login/`); may be absolute
 *
 * @example
 * ```ts
 * buildLoginUrl({ redirect_uri: 'https://docs.example.com/', from: 'web' });
 * // '/user/login/?response_type=code&redirect_uri=https%3A%2F%2Fdocs.example.com%2F&from=web'
 * ```
 */
export const buildLoginUrl = (query: LoginQuery, page: string = LOGIN_PAGE_PATH): string =>
  withQuery(page, { response_type: 'code', ...query });

/**
 * The sign-up page URL: the login URL with `page=sign_up` (SPEC §2). Parameters as {@link buildLoginUrl}.
 *
 * @example
 * ```ts
 * buildSignUpUrl({ redirect_uri: '/plugins/' });
 * // '/user/login/?response_type=code&redirect_uri=%2Fplugins%2F&page=sign_up'
 * ```
 */
export const buildSignUpUrl = (query: LoginQuery, page?: string): string =>
  buildLoginUrl({ ...query, page: 'sign_up' }, page);

/**
 * The document-collaboration provider's login URL: the login URL plus `ux_from`, `login_source_id`,
 * `app_name` (SPEC §2).
 *
 * @example
 * ```ts
 * buildDocsLoginUrl({ redirect_uri: '/plugins/', ux_from: 'docs', login_source_id: '7', app_name: 'Docs' });
 * ```
 */
export const buildDocsLoginUrl: (query: LoginQuery & DocsLoginQuery, page?: string) => string = buildLoginUrl;

/**
 * The bind-other URL: the login URL with `bind_other=bind` (SPEC §2). Parameters as {@link buildLoginUrl}.
 *
 * @example
 * ```ts
 * buildBindOtherUrl({ redirect_uri: '/plugins/' });
 * // '/user/login/?response_type=code&redirect_uri=%2Fplugins%2F&bind_other=bind'
 * ```
 */
export const buildBindOtherUrl = (query: LoginQuery, page?: string): string =>
  buildLoginUrl({ ...query, bind_other: 'bind' }, page);

/**
 * The bind page URL `/user/login/bind?id=&mainUrl=&txDocFolderId=` (SPEC §2).
 * @param page - the bind page without query, default `BIND_PAGE_PATH`; may be absolute
 *
 * @example
 * ```ts
 * buildBindPageUrl({ id: '42', mainUrl: 'https://docs.example.com/' });
 * // '/user/login/bind?id=42&mainUrl=https%3A%2F%2Fdocs.example.com%2F'
 * ```
 */
export const buildBindPageUrl = (query: BindPageQuery, page: string = BIND_PAGE_PATH): string =>
  withQuery(page, query);
