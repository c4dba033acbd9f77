/**
 * The schemas of the `page` and `operation` groups of the route table.
 */
import type { ROUTES } from '../routes';
import { Health, VersionKeySet } from '../wire/common';
import { MirrorChanges, MirrorChangesQuery, MirrorFileParams } from '../wire/mirror';
import { FileParams } from '../wire/publishing';
import { OPERATIONS, PAGES, type SchemasOf } from './definition';

/** Schemas of {@link ROUTES}`.page`: pages and files, not part of the OpenAPI document. */
export const PAGE_ROUTE_SCHEMAS = {
  loginPage: { tags: PAGES, summary: 'The login page (SPEC §2 /user/login/)' },
  loginPageSlash: { tags: PAGES, summary: '308 to /user/login/ with the query' },
  bindPage: { tags: PAGES, summary: 'The bind page (SPEC §2 /user/login/bind)' },
  bindPageSlash: { tags: PAGES, summary: '308 to /user/login/bind with the query' },
  loginScript: { tags: PAGES, summary: 'The login pages’ script' },
  loginStyle: { tags: PAGES, summary: 'The login pages’ stylesheet' },
  root: { tags: PAGES, summary: '302 to /plugins/' },
  appBare: { tags: PAGES, summary: '301 to /plugins/ with the query' },
  app: { tags: PAGES, summary: 'The built marketplace, with history fallback to index.html' },
  uploadedFile: {
    tags: PAGES,
    summary: 'An uploaded image or video, by content hash (nosniff, sandboxed, cached for a year)',
    params: FileParams,
  },
  trackerScript: { tags: PAGES, summary: "The tracker's script-tag build" },
  trackerSourceMap: { tags: PAGES, summary: "The source map of the tracker's script-tag build" },
  notificationUnsubscribePage: {
    tags: PAGES,
    summary: 'The page of an e-mail’s unsubscribe link: one button that turns that kind’s e-mail off',
    description:
      'No sign-in: `token` (signed by the server, valid 60 days) names the account and the kind. Changes nothing by itself (mail scanners open links). A bad or expired token: 400 with a page saying so.',
  },
  notificationUnsubscribe: {
    tags: PAGES,
    summary: 'Turn one kind of notification e-mail off by the e-mail’s token (RFC 8058 one-click)',
    description:
      'The form of the unsubscribe page and the `List-Unsubscribe-Post: List-Unsubscribe=One-Click` POST of mail clients (body `List-Unsubscribe=One-Click`, form-encoded or multipart/form-data, or none). 200 with a page naming the kind turned off; a bad or expired token: 400 with a page saying so. Idempotent.',
  },
} as const satisfies SchemasOf<typeof ROUTES.page>;

/** Schemas of {@link ROUTES}`.operation`. */
export const OPERATION_ROUTE_SCHEMAS = {
  health: { tags: OPERATIONS, summary: 'Ready: migrations and first import done', response: Health },
  openApi: { tags: OPERATIONS, summary: 'This OpenAPI document', hide: true },
  metrics: {
    tags: OPERATIONS,
    summary: 'Prometheus metrics of this process (text format 0.0.4)',
    description:
      'For a Prometheus scraper: `Authorization: Bearer <METRICS_TOKEN>`. 200 `text/plain; version=0.0.4` with the request, database pool, read cache, search and collector metrics of this process and the Node.js process metrics (docs/deployment.md, Monitoring). 401 UNAUTHORIZED without the token or with another one (access tokens included); 404 ROUTE_NOT_FOUND while the server has no `METRICS_TOKEN`.',
  },
  versionKeys: {
    tags: OPERATIONS,
    summary: 'The public keys of version signatures (JWKS)',
    description:
      'A JWK Set (RFC 7517) of the Ed25519 keys (RFC 8037, `alg` EdDSA) that sign approved versions, the signing one first, then every earlier one, so that versions signed before a rotation keep verifying. Each `kid` is the key’s RFC 7638 thumbprint and is the `kid` of the signatures it made (`signature` of the version history and the editor’s plugins; docs/signatures.md). `application/jwk-set+json`, public, cacheable for 5 minutes; a client that meets an unknown `kid` fetches it again.',
    response: VersionKeySet,
  },
  mirrorChanges: {
    tags: OPERATIONS,
    summary: 'The mirroring feed: changes of approved plugins after a cursor',
    description:
      'What a mirror reads from its upstream (docs/mirroring.md): the changes after `since` in the order of the change sequence, each the plugin as it is now — `version` (approved, listed, with a signed current version: texts, tags, publisher, version and its signature, whose files are served at `/api/cmt/file/<key>`) or `withdrawn` (unlisted, rejected, deleted or unsigned) — and the `cursor` of the next page. Nothing is skipped or repeated between pages. Public unless the server sets `MIRROR_FEED_TOKEN`: then `Authorization: Bearer <token>` is required, else 401 UNAUTHORIZED.',
    querystring: MirrorChangesQuery,
    response: MirrorChanges,
  },
  mirrorFile: {
    tags: OPERATIONS,
    summary: 'A stored file of an approved version, for mirrors (code files included)',
    description:
      'The bytes of the stored file `key` (a content address, `<sha256>.<ext>`) as a mirror downloads the files a version’s signature names (docs/mirroring.md): images and videos as `/api/cmt/file/<key>` serves them, and the code file (`.json`) of an approved plugin, which no public route serves otherwise. `application/octet-stream`, `nosniff`, sandboxed. The same token as the feed (`MIRROR_FEED_TOKEN`), else 401 UNAUTHORIZED; 404 ROUTE_NOT_FOUND for a key that is not stored, or a `.json` that is no approved plugin’s code file.',
    params: MirrorFileParams,
  },
} as const satisfies SchemasOf<typeof ROUTES.operation>;
