/**
 * The `plugins` domain's HTTP routes (read side of SPEC §7's plugin calls), registered under
 * `/api/cmt/`. Requests are validated and responses serialised with the wire schemas; every answer
 * is the `{ code: 0, data }` envelope, every failure the `ErrorEnvelope`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorEnvelope,
  InstalledListQuery,
  InstalledListResult,
  InstallResult,
  PAGE_SIZE,
  PluginDetail,
  PluginDetailQuery,
  PluginKeyBody,
  PluginListQuery,
  PluginListResult,
  PluginSort,
  PluginViewResult,
  PraiseBody,
  PraiseResult,
  RecommendationQuery,
  RecommendationResult,
  TagListResult,
} from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
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

const errors = { '4xx': ErrorEnvelope, '5xx': ErrorEnvelope };

/**
 * Fastify plugin with the plugin read routes (register with `prefix: '/api/cmt'`):
 * - `GET plugin/list` → `PluginListResult` (SPEC §3: plugin_list, total, next_cursor); 400
 *   INVALID_PARAMETER / INVALID_CURSOR;
 * - `GET plugin/tag/list` → `TagListResult`;
 * - `GET plugin` → `PluginDetail`; 404 PLUGIN_NOT_FOUND;
 * - `GET plugin/recommendation/list` → `RecommendationResult`;
 * - `POST plugin/view` → `PluginViewResult`; 404 PLUGIN_NOT_FOUND.
 *
 * and the signed-in user's calls (bearer access token; 401 UNAUTHORIZED without one, SPEC §6 "A 401
 * on like triggers sign-in"):
 * - `POST plugin/user` / `DELETE plugin/user` (body `{ plugin_key }`) → `InstallResult`;
 * - `GET plugin/user` → `InstalledListResult` (the editor's installed plugins);
 * - `POST plugin/user/praise` (body `{ plugin_key, praise: 1 | -1 }`) → `PraiseResult`;
 * - `POST plugin/user/new/silent` → `InstalledListResult` (the default-install plugins it added).
 * With a bearer token, `GET plugin` answers the caller's `is_praise` and `is_installed`.
 */
export const pluginsRoutes: FastifyPluginAsyncTypebox<PluginsRoutesOptions> = async (app, { db }) => {
  app.get(
    '/plugin/list',
    {
      schema: {
        tags: ['plugins'],
        summary: 'List or search approved plugins, one keyset page at a time',
        description:
          'Order: sort 0 latest (update time desc), 1 most popular (download_count desc, then latest). With a keyword, plugins whose name matches every term come first. `next_cursor` continues the same query; null on the last page.',
        querystring: PluginListQuery,
        response: { 200: Envelope(PluginListResult), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await listPlugins(db, {
        tag_id: q.tag_id ?? 0,
        sort: q.sort ?? PluginSort.LATEST,
        keyword: q.keyword,
        cursor: q.cursor,
        page_size: q.page_size ?? PAGE_SIZE.DEFAULT,
        lang: q.lang,
      });
      return { code: 0 as const, data };
    },
  );

  app.get(
    '/plugin/tag/list',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Tags with at least one approved plugin, most used first',
        response: { 200: Envelope(TagListResult), ...errors },
      },
    },
    async () => ({ code: 0 as const, data: { tag_list: await listTags(db) } }),
  );

  app.get(
    '/plugin',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Detail of an approved plugin with its history versions, newest first',
        querystring: PluginDetailQuery,
        response: { 200: Envelope(PluginDetail), ...errors },
      },
    },
    async (request) => {
      const detail = await getPluginDetail(db, request.query.plugin_key, request.query.lang);
      const user = request.user;
      if (!user) return { code: 0 as const, data: detail };
      const state = await userPluginState(db, user.user_id, detail.plugin_key);
      return { code: 0 as const, data: { ...detail, ...state } };
    },
  );

  app.get(
    '/plugin/recommendation/list',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Recommended plugins: curated ones, else a seeded sample (another seed = refresh)',
        querystring: RecommendationQuery,
        response: { 200: Envelope(RecommendationResult), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const plugin_list = await recommendPlugins(db, { count: q.count ?? 4, seed: q.seed, lang: q.lang });
      return { code: 0 as const, data: { plugin_list } };
    },
  );

  app.post(
    '/plugin/view',
    {
      schema: {
        tags: ['plugins'],
        summary: 'Count one view of a plugin; answers the new view count',
        body: PluginKeyBody,
        response: { 200: Envelope(PluginViewResult), ...errors },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: { view_count: await recordView(db, request.body.plugin_key) },
    }),
  );

  const signedIn = { preHandler: app.requireUser };
  const install = (installed: boolean) => ({
    ...signedIn,
    schema: {
      tags: ['plugins'],
      summary: installed
        ? 'Install an approved plugin for the signed-in user (idempotent)'
        : 'Uninstall a plugin for the signed-in user (idempotent)',
      body: PluginKeyBody,
      response: { 200: Envelope(InstallResult), ...errors },
    },
  });
  app.post('/plugin/user', install(true), async (request) => ({
    code: 0 as const,
    data: await setInstalled(db, request.user!.user_id, request.body.plugin_key, true),
  }));
  app.delete('/plugin/user', install(false), async (request) => ({
    code: 0 as const,
    data: await setInstalled(db, request.user!.user_id, request.body.plugin_key, false),
  }));

  app.get(
    '/plugin/user',
    {
      ...signedIn,
      schema: {
        tags: ['plugins'],
        summary: "The signed-in user's installed plugins, most recently installed first",
        querystring: InstalledListQuery,
        response: { 200: Envelope(InstalledListResult), ...errors },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: { plugin_list: await listInstalledPlugins(db, request.user!.user_id, request.query.lang) },
    }),
  );

  app.post(
    '/plugin/user/praise',
    {
      ...signedIn,
      schema: {
        tags: ['plugins'],
        summary: 'Like (praise 1) or unlike (praise -1) a plugin (idempotent)',
        body: PraiseBody,
        response: { 200: Envelope(PraiseResult), ...errors },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await setPraise(db, request.user!.user_id, request.body.plugin_key, request.body.praise),
    }),
  );

  app.post(
    '/plugin/user/new/silent',
    {
      ...signedIn,
      schema: {
        tags: ['plugins'],
        summary: 'Install the default-install plugins the signed-in user does not have yet',
        response: { 200: Envelope(InstalledListResult), ...errors },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: { plugin_list: await installDefaultPlugins(db, request.user!.user_id) },
    }),
  );
};
