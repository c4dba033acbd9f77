/**
 * The `plugins` domain's HTTP routes: the plugin calls of SPEC §7 that read the square and the
 * signed-in user's install and like calls, each registered from its entry of the contract's route
 * table (`ROUTES.plugin`: method, path, access; `ROUTE_SCHEMAS.plugin`: validation, serialisation,
 * OpenAPI). Every answer is the `{ code: 0, data }` envelope, every failure the `ErrorEnvelope`.
 */
import { PAGE_SIZE, PluginSort } from '@plugin-center/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { tableRoute } from '../routeTable';
import { getPluginDetail, recordView } from './detail';
import { listPlugins, listTags } from './list';
import { recommendPlugins } from './recommendations';
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
}

/**
 * Fastify plugin with the plugin routes (paths are absolute, from the route table):
 * - `GET /api/cmt/plugin/list` → `PluginListResult` (SPEC §3: plugin_list, total, next_cursor); 400
 *   INVALID_PARAMETER / INVALID_CURSOR;
 * - `GET /api/cmt/plugin/tag/list` → `TagListResult`;
 * - `GET /api/cmt/plugin` → `PluginDetail`; 404 PLUGIN_NOT_FOUND; with a bearer token the caller's
 *   `is_praise` and `is_installed`;
 * - `GET /api/cmt/plugin/recommendation/list` → `RecommendationResult`;
 * - `POST /api/cmt/plugin/view` → `PluginViewResult`; 404 PLUGIN_NOT_FOUND;
 *
 * and the signed-in user's calls (bearer access token; 401 UNAUTHORIZED without one, SPEC §6 "A 401
 * on like triggers sign-in"):
 * - `POST` / `DELETE /api/cmt/plugin/user` (body `{ plugin_key }`) → `InstallResult`;
 * - `GET /api/cmt/plugin/user` → `InstalledListResult` (the editor's installed plugins);
 * - `POST /api/cmt/plugin/user/praise` (body `{ plugin_key, praise: 1 | -1 }`) → `PraiseResult`;
 * - `POST /api/cmt/plugin/user/new/silent` → `InstalledListResult` (the default-install plugins it added).
 */
export async function pluginsRoutes(app: FastifyInstance, { db }: PluginsRoutesOptions): Promise<void> {
  tableRoute(app, 'plugin', 'list', (request) => {
    const q = request.query;
    return listPlugins(db, {
      tag_id: q.tag_id ?? 0,
      sort: q.sort ?? PluginSort.LATEST,
      keyword: q.keyword,
      cursor: q.cursor,
      page_size: q.page_size ?? PAGE_SIZE.DEFAULT,
      lang: q.lang,
    });
  });

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

  tableRoute(app, 'plugin', 'view', async (request) => ({
    view_count: await recordView(db, request.body.plugin_key),
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
}
