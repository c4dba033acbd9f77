import { PAGE_SIZE, type PluginSummary } from '@plugin-center/api';
import { usePluginList, useRecommendations, useTagList } from '@plugin-center/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { BannerCarousel } from '../components/BannerCarousel';
import { FeaturedStrip } from '../components/FeaturedStrip';
import { RefreshIcon } from '../components/Icons';
import { PluginCard, SkeletonCards } from '../components/PluginCard';
import { formatCount, formatNumber } from '../format';
import { useTranslation } from '../i18n/i18n';
import {
  type DetailLinkState,
  detailPath,
  hasSquareFilters,
  parseSquareQuery,
  patchSquareQuery,
  type SquareQuery,
  squareSearch,
} from '../routes';
import { Button } from '../ui/Button';
import { EmptyState, ErrorState, LoadingState } from '../ui/States';
import { useDocumentTitle } from '../useDocumentTitle';
import { useInfiniteScroll } from '../useInfiniteScroll';
import { FilterBar, SearchBox, SortSwitch, TagRow } from './SquareControls';

/** The trending and new-and-notable rows: their own chunk, loaded after the square's first paint. */
const SquareRows = lazy(() => import('./SquareRows').then((m) => ({ default: m.SquareRows })));

/** Number of recommended plugins in the strip. */
export const RECOMMENDATION_COUNT = 4;

/**
 * The plugin square (SPEC §2), route `/` (and `/detail/:pluginKey`, whose dialog renders in the
 * `<Outlet>` over it, so the square keeps its state and scroll): search with the result count, the
 * banner carousel and the featured area, recommended plugins with refresh (all three left
 * out while searching), the trending and new-and-notable rows (lazily loaded; left out while
 * searching or filtering), the tag row, the filters (design tool, minimum rating), the sort switch
 * and the infinite list of cards. Tag, sort, keyword and filters live in the query string
 * (`?tag=&sort=&q=&platform=&rating=`); the count follows the list's current answer.
 */
export function SquarePage() {
  const { t, locale } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const query = parseSquareQuery(new URLSearchParams(location.search));
  const search = squareSearch(query);
  useDocumentTitle();
  useWarmCountFormat(locale);

  const tags = useTagList({ lang: locale });
  const list = usePluginList({
    tagId: query.tagId,
    sort: query.sort,
    keyword: query.keyword,
    platform: query.platform ?? undefined,
    rating: query.rating || undefined,
    verified: query.verified ? 1 : undefined,
    pageSize: PAGE_SIZE.DEFAULT,
    lang: locale,
  });

  const update = (patch: Partial<SquareQuery>, replace = false) =>
    navigate({ pathname: '/', search: squareSearch(patchSquareQuery(query, patch)) }, { replace });
  // A chosen plugin suggestion: its detail over the square searched for what was typed.
  const openSuggested = (pluginKey: string, typed: string) => {
    const state: DetailLinkState = { fromSquare: true };
    navigate(
      { pathname: detailPath(pluginKey), search: squareSearch(patchSquareQuery(query, { keyword: typed })) },
      { state },
    );
  };

  // Only a count that belongs to the shown query (not the previous one while the new page loads).
  const current =
    list.status === 'success' &&
    (list.params.tagId ?? 0) === query.tagId &&
    list.params.sort === query.sort &&
    (list.params.keyword ?? '') === query.keyword &&
    (list.params.platform ?? null) === query.platform &&
    (list.params.rating ?? 0) === query.rating &&
    (list.params.verified === 1) === query.verified;
  // A lower bound (`total_relation` gte) reads "10,000+".
  const count = current
    ? `${formatNumber(list.total, locale)}${list.totalRelation === 'gte' ? '+' : ''}`
    : undefined;

  return (
    <div className="square">
      <section className="hero">
        <h1>{t('square.title')}</h1>
        <p className="hero-subtitle">{t('square.subtitle')}</p>
        <SearchBox
          keyword={query.keyword}
          onSearch={(keyword, replace) => update({ keyword }, replace)}
          onPickPlugin={openSuggested}
          onPickTag={(tagId) => update({ tagId, keyword: '' })}
          tags={tags.tags}
        />
      </section>

      {/* The banner carousel and the featured area, like the recommendations, only when not searching. */}
      {!query.keyword && (
        <>
          <BannerCarousel />
          <FeaturedStrip search={search} />
          <Recommendations search={search} />
        </>
      )}
      {!query.keyword && !hasSquareFilters(query) && (
        <Suspense fallback={null}>
          <SquareRows search={search} onSeeAll={(sort) => update({ sort })} />
        </Suspense>
      )}

      <section className="catalogue" aria-labelledby="catalogue-title">
        <h2 id="catalogue-title" className="sr-only">
          {t('square.plugins')}
        </h2>
        <TagRow
          tags={tags.tags}
          status={tags.status}
          selected={query.tagId}
          onSelect={(tagId) => update({ tagId })}
          onRetry={tags.reload}
        />
        <FilterBar
          platform={query.platform}
          rating={query.rating}
          verified={query.verified}
          onChange={(patch) => update(patch)}
        />
        <div className="toolbar">
          <p className="result-count" role="status" aria-live="polite" data-testid="result-count">
            {count !== undefined &&
              t(query.keyword ? 'square.results' : 'square.total', { count: list.total, n: count })}
          </p>
          <SortSwitch
            sort={query.sort}
            withRelevance={query.keyword !== ''}
            onChange={(sort) => update({ sort })}
          />
        </div>
        <PluginList
          list={list}
          search={search}
          onClear={() =>
            update(
              query.keyword
                ? { keyword: '' }
                : hasSquareFilters(query)
                  ? { platform: null, rating: 0 }
                  : { tagId: 0 },
            )
          }
          clearLabel={
            query.keyword
              ? t('square.clearSearch')
              : hasSquareFilters(query)
                ? t('square.clearFilters')
                : t('square.showAll')
          }
        />
      </section>

      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/**
 * Creates the cards' compact number formatter (`formatCount`, cached by locale) when the main thread
 * is idle, while the square waits for its answers: the first compact `Intl.NumberFormat` of a page
 * loads its ICU data (about 20 ms on a desktop), which would otherwise lengthen the render of the
 * first cards (Lighthouse's Total Blocking Time). `requestIdleCallback` (timeout 500 ms),
 * or `setTimeout` where it is missing.
 */
function useWarmCountFormat(locale: string): void {
  useEffect(() => {
    const warm = () => formatCount(12345, locale);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(warm, { timeout: 500 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(warm, 0);
    return () => clearTimeout(id);
  }, [locale]);
}

type ListResult = ReturnType<typeof usePluginList>;

/**
 * The list of cards with its states: skeleton cards while the first page loads, the error with Retry,
 * the empty state ("No plugins match" with clear search), and after the cards: the infinite-scroll
 * sentinel (SPEC §9: 200 ms, 0 px) plus a visible "Load more" button for keyboard users.
 */
function PluginList({
  list,
  search,
  onClear,
  clearLabel,
}: {
  list: ListResult;
  search: string;
  onClear: () => void;
  clearLabel: string;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { status, plugins, hasMore, isLoadingMore, error } = list;
  useInfiniteScroll(sentinel, {
    enabled: status === 'success' && hasMore && !isLoadingMore && !error,
    onLoadMore: list.loadMore,
    itemCount: plugins.length,
  });

  if (status === 'error' && plugins.length === 0) {
    return <ErrorState message={t('square.listError')} onRetry={list.reload} />;
  }
  if (status === 'success' && plugins.length === 0) {
    return (
      <EmptyState
        title={t('square.empty')}
        hint={t('square.emptyHint')}
        action={<Button onClick={onClear}>{clearLabel}</Button>}
      />
    );
  }
  const loadingFirst = plugins.length === 0;
  return (
    <>
      <ul className="card-grid" aria-label={t('square.plugins')} aria-busy={loadingFirst || isLoadingMore}>
        {loadingFirst ? (
          <SkeletonCards count={8} />
        ) : (
          plugins.map((plugin: PluginSummary) => (
            <li key={plugin.plugin_key}>
              <PluginCard plugin={plugin} search={search} />
            </li>
          ))
        )}
      </ul>
      {!loadingFirst && (
        <div className="list-footer">
          <div ref={sentinel} className="sentinel" aria-hidden="true" />
          {isLoadingMore ? (
            <LoadingState label={t('square.loadingMore')} variant="more" />
          ) : error ? (
            <ErrorState compact message={t('square.loadMoreError')} onRetry={list.loadMore} />
          ) : hasMore ? (
            <Button onClick={list.loadMore}>{t('square.loadMore')}</Button>
          ) : (
            <p className="list-end">{t('square.end')}</p>
          )}
        </div>
      )}
    </>
  );
}

/** The recommended plugins strip with its refresh button (SPEC §2), hidden while searching. */
function Recommendations({ search }: { search: string }) {
  const { t, locale } = useTranslation();
  const rec = useRecommendations({ count: RECOMMENDATION_COUNT, lang: locale });
  const loading = rec.status === 'requesting' || rec.status === 'unrequest';
  return (
    <section className="recommendations" aria-labelledby="recommendations-title">
      <div className="section-head">
        <h2 id="recommendations-title">{t('recommend.title')}</h2>
        <Button variant="text" onClick={rec.refresh} disabled={loading}>
          <RefreshIcon />
          {t('recommend.refresh')}
        </Button>
      </div>
      {rec.status === 'error' ? (
        <ErrorState compact message={t('recommend.error')} onRetry={rec.refresh} />
      ) : rec.status === 'success' && rec.plugins.length === 0 ? (
        <p className="state-hint">{t('recommend.empty')}</p>
      ) : (
        <ul className="card-grid card-grid-compact" aria-busy={loading}>
          {rec.plugins.length === 0 ? (
            <SkeletonCards count={RECOMMENDATION_COUNT} />
          ) : (
            rec.plugins.map((plugin) => (
              <li key={plugin.plugin_key}>
                <PluginCard plugin={plugin} search={search} variant="compact" />
              </li>
            ))
          )}
        </ul>
      )}
    </section>
  );
}
