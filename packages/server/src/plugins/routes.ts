/**
 * The `plugins` domain's HTTP routes: the plugin calls of SPEC §7 that read the square and the
 * signed-in user's install and like calls, each registered from its entry of the contract's route
 * table (`ROUTES.plugin`: method, path, access; `ROUTE_SCHEMAS.plugin`: validation, serialisation,
 * OpenAPI). Every answer is the `{ code: 0, data }` envelope, every failure the `ErrorEnvelope`.
 */

import { createHmac, randomBytes } from 'node:crypto';
import { PAGE_SIZE } from '@plugin-center/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { conditionalGetHook } from '../etag';
import { tableRoute } from '../routeTable';
import { serverSecret } from '../shared/serverSecrets';
import { getPluginDetail, recordView } from './detail';
import { editorCodeFile, listEditorPlugins } from './editor';
import { listPlugins, listTags } from './list';
import { morePlugins } from './morePlugins';
import { recommendPlugins } from './recommendations';
import { suggest } from './suggest';
import {
  installDefaultPlugins,
  listInstalledPlugins,
  setInstalled,
  setPraise,
  userPluginState,
} from './userActions';

/** Options of {@link pluginsRoutes}. */
export interface PluginsRoutesOptions {
  db: Database;
  /** Current time, ms (default `Date.now`): the UTC day of a view. */
  clock?: () => number;
}

/** Name of the key of the visitors' hashes in `server_secret`. */
export const VIEW_VISITOR_KEY = 'view_visitor_key';

/**
 * Who is viewing, for counting views once per visitor, plugin and UTC day: `u:<user_id>` when
 * signed in, else `a:` and an HMAC-SHA-256 (keyed with `key`, kept in `server_secret`) of the
 * client address (`request.ip`, see `TRUST_PROXY`) and user agent, truncated to 128 bits — the
 * address itself is never stored.
 */
export function viewVisitor(request: FastifyRequest, key: string): string {
  if (request.user) return `u:${request.user.user_id}`;
  const agent = String(request.headers['user-agent'] ?? '').slice(0, 512);
  return `a:${createHmac('sha256', key).update(`${request.ip}\n${agent}`).digest('base64url').slice(0, 22)}`;
}

/**
 * Fastify plugin with the plugin routes (paths are absolute, from the route table):
 * - `GET /api/cmt/plugin/list` → `PluginListResult` (SPEC §3: plugin_list, total, next_cursor); 400
 *   INVALID_PARAMETER / INVALID_CURSOR;
 * - `GET /api/cmt/plugin/suggest` → `SuggestResult`: at most 8 plugin and tag suggestions
 *   for `q`, best first (`suggest.ts`); `q` without a letter or digit answers an empty list; 400
 *   INVALID_PARAMETER only from the contract's validation (missing, empty or over 100 characters, NUL);
 * - `GET /api/cmt/plugin/tag/list` → `TagListResult`;
 * - `GET /api/cmt/plugin` → `PluginDetail`; 404 PLUGIN_NOT_FOUND; with a bearer token the caller's
 *   `is_praise` and `is_installed`;
 * - `GET /api/cmt/plugin/recommendation/list` → `RecommendationResult`;
 * - `GET /api/cmt/plugin/more` → `MorePluginsResult`: more from the plugin's publisher
 *   (`morePlugins.ts`); 404 PLUGIN_NOT_FOUND;
 * - `POST /api/cmt/plugin/view` → `PluginViewResult`; 404 PLUGIN_NOT_FOUND; a visitor
 *   ({@link viewVisitor}) is counted once per plugin per UTC day, so reloads and repeated opens do
 *   not inflate `view_count`;
 *
 * and the signed-in user's calls (bearer access token; 401 UNAUTHORIZED without one, SPEC §6 "A 401
 * on like triggers sign-in"):
 * - `POST` / `DELETE /api/cmt/plugin/user` (body `{ plugin_key }`) → `InstallResult`;
 * - `GET /api/cmt/plugin/user` → `InstalledListResult` (the editor's installed plugins);
 * - `POST /api/cmt/plugin/user/praise` (body `{ plugin_key, praise: 1 | -1 }`) → `PraiseResult`;
 * - `POST /api/cmt/plugin/user/new/silent` → `InstalledListResult` (the default-install plugins it added);
 * - `GET /api/cmt/plugin/user/editor` (query `lang`) → `EditorPluginsResult` (the design
 *   tool's plugins, `editor.ts`), with a strong `ETag` of the answer (`If-None-Match` → 304, no body)
 *   and `Cache-Control: private, no-cache`; 400 INVALID_PARAMETER for an unknown `lang` or field;
 * - `GET /api/cmt/plugin/user/editor/code?plugin_key=` → the approved code file of a plugin in that
 *   list (`application/json`, same ETag and caching); 404 PLUGIN_NOT_FOUND otherwise.
 */
export async function pluginsRoutes(
  app: FastifyInstance,
  { db, clock = Date.now }: PluginsRoutesOptions,
): Promise<void> {
  const visitorKey = await serverSecret(db.kysely, VIEW_VISITOR_KEY, randomBytes(32).toString('base64url'));
  tableRoute(app, 'plugin', 'list', (request) => {
    const q = request.query;
    return listPlugins(db, {
      tag_id: q.tag_id ?? 0,
      sort: q.sort,
      keyword: q.keyword,
      cursor: q.cursor,
      page_size: q.page_size ?? PAGE_SIZE.DEFAULT,
      lang: q.lang,
      filters: { platform: q.platform, rating: q.rating, verified: q.verified === 1 || undefined },
      now: clock(),
    });
  });

  tableRoute(app, 'plugin', 'suggest', async (request) => ({
    suggestion_list: await suggest(db, request.query.q, request.query.lang),
  }));

  tableRoute(app, 'plugin', 'tagList', async () => ({ tag_list: await listTags(db) }));

  tableRoute(app, 'plugin', 'detail', async (request) => {
    const detail = await getPluginDetail(db, request.query.plugin_key, request.query.lang);
    const user = request.user;
    if (!user) return detail;
    return { ...detail, ...(await userPluginState(db, user.user_id, detail.plugin_key)) };
  });

  tableRoute(app, 'plugin', 'recommendationList', async (request) => {
    const q = request.query;
    return { plugin_list: await recommendPlugins(db, { count: q.count ?? 4, seed: q.seed, lang: q.lang }) };
  });

  tableRoute(app, 'plugin', 'more', async (request) => {
    const q = request.query;
    return { plugin_list: await morePlugins(db, q.plugin_key, { count: q.count ?? 6, lang: q.lang }) };
  });

  tableRoute(app, 'plugin', 'view', async (request) => ({
    view_count: await recordView(db, request.body.plugin_key, viewVisitor(request, visitorKey), clock()),
  }));

  tableRoute(app, 'plugin', 'install', (request) =>
    setInstalled(db, request.user!.user_id, request.body.plugin_key, true),
  );
  tableRoute(app, 'plugin', 'uninstall', (request) =>
    setInstalled(db, request.user!.user_id, request.body.plugin_key, false),
  );

  tableRoute(app, 'plugin', 'installedList', async (request) => ({
    plugin_list: await listInstalledPlugins(db, request.user!.user_id, request.query.lang),
  }));

  tableRoute(app, 'plugin', 'praise', (request) =>
    setPraise(db, request.user!.user_id, request.body.plugin_key, request.body.praise),
  );

  tableRoute(app, 'plugin', 'newUserSilentInstall', async (request) => ({
    plugin_list: await installDefaultPlugins(db, request.user!.user_id),
  }));

  // The editor's side: in its own context, so that the conditional-GET
  // hook (ETag, 304) applies to these two routes only.
  await app.register(async (scope) => {
    scope.addHook('onSend', conditionalGetHook);
    tableRoute(scope, 'plugin', 'editorPlugins', async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return { plugin_list: await listEditorPlugins(db, request.user!.user_id, request.query.lang) };
    });
    tableRoute(scope, 'plugin', 'editorCode', async (request, reply) => {
      const bytes = await editorCodeFile(
        db,
        app.publishing.storage,
        request.user!.user_id,
        request.query.plugin_key,
      );
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-cache')
        .send(bytes);
    });
  });
}
