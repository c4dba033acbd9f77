/**
 * The `plugins` domain's HTTP routes (read side of SPEC §7's plugin calls), registered under
 * `/api/cmt/`. Requests are validated and responses serialised with the wire schemas; every answer
 * is the `{ code: 0, data }` envelope, every failure the `ErrorEnvelope`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  ErrorEnvelope,
  PAGE_SIZE,
  PluginDetail,
  PluginDetailQuery,
  PluginKeyBody,
  PluginListQuery,
  PluginListResult,
  PluginSort,
  PluginViewResult,
  RecommendationQuery,
  RecommendationResult,
  TagListResult,
} from '@plugin-center/api/wire';
import type { Database } from '../db/database';
import { getPluginDetail, listPlugins, listTags, recommendPlugins, recordView } from './service';

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
    async (request) => ({
      code: 0 as const,
      data: await getPluginDetail(db, request.query.plugin_key, request.query.lang),
    }),
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
};
