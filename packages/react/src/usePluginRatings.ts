import {
  createPagedList,
  type PagedListState,
  type PluginReview,
  type RatingPage,
  type RatingSort,
} from '@plugin-center/api';
import { useState } from 'react';
import { usePagedList } from './usePagedList';

/** The query of {@link usePluginRatings}: which plugin, in which order. */
interface RatingsQuery {
  plugin_key: string;
  sort: RatingSort;
}

/** What {@link usePluginRatings} returns beside the paged reviews. */
export interface PluginRatingsMeta {
  /** Count, average (one decimal, null without ratings) and distribution 1★ … 5★; null until loaded. */
  summary: RatingPage['summary'] | null;
  /** The caller's own review (also when hidden, with `hidden_reason`); null without one or signed out. */
  myReview: PluginReview | null;
  /** Whether the caller may rate: signed in and has installed the plugin. */
  canRate: boolean;
  /** Whether the caller owns the plugin and so replies to its reviews. */
  canReply: boolean;
}

/**
 * A plugin's ratings and reviews (`GET /api/cmt/plugin/rating/list`) for the component, in cursor
 * pages: the shown reviews in `sort` order (`newest`, `helpful`, `highest`, `lowest`) with
 * `loadMore()`, starting over when the plugin or the order changes, and the summary, the caller's
 * own review and what the caller may do, from the latest page (null / false until it is there and
 * while another plugin's page is shown). `reload()` reads the first page again after a change.
 *
 * @param pluginKey - the plugin
 * @param sort - the order, default `newest`
 * @returns the list snapshot (`status`, `items`, `hasMore`, `isLoadingMore`, `error`) with
 *   `loadMore()`, `reload()` and {@link PluginRatingsMeta}
 */
export function usePluginRatings(
  pluginKey: string,
  sort: RatingSort = 'newest',
): PagedListState<PluginReview, RatingsQuery> & PluginRatingsMeta & { loadMore(): void; reload(): void } {
  // The latest page's data with the plugin it is for, written as each page arrives (before the
  // store tells the component).
  const [latest] = useState<{ key: string; data: RatingPage | null }>(() => ({ key: '', data: null }));
  const list = usePagedList(
    (client, query: RatingsQuery) =>
      createPagedList(
        async (q: RatingsQuery, cursor, signal) => {
          const res = await client.plugin.ratingList({ ...q, cursor }, { signal });
          if ('data' in res && res.data) Object.assign(latest, { key: q.plugin_key, data: res.data });
          return res;
        },
        (d: RatingPage) => ({
          items: d.review_list,
          total: d.summary.rating_count,
          next_cursor: d.next_cursor,
        }),
        query,
      ),
    { plugin_key: pluginKey, sort },
  );
  const data = latest.key === pluginKey ? latest.data : null;
  return {
    ...list,
    summary: data?.summary ?? null,
    myReview: data?.my_review ?? null,
    canRate: data?.can_rate ?? false,
    canReply: data?.can_reply ?? false,
  };
}
