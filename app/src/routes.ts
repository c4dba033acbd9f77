import { ALL_TAGS_ID, KEYWORD_MAX_LENGTH, PluginSort } from '@plugin-center/api';
import { pluginListSort } from '@plugin-center/contract';

/** The state of the square kept in the query string (`?tag=…&sort=…&q=…`) so reload and share keep it. */
export interface SquareQuery {
  /** Tag id; `0` is All (SPEC §2). */
  tagId: number;
  /**
   * `0` latest, `1` most popular (SPEC §4), `2` relevance (only with a keyword). The
   * default is {@link defaultSort} of the keyword.
   */
  sort: PluginSort;
  /** Search keyword, trimmed; `''` for none. */
  keyword: string;
}

/** The sort used when none is chosen (the contract's `pluginListSort`): relevance with a non-blank keyword, else latest. */
export const defaultSort = (keyword: string): PluginSort => pluginListSort(undefined, keyword);

/**
 * Reads the square's state from the query string; unknown or malformed values give the defaults
 * (relevance without a keyword too).
 */
export function parseSquareQuery(params: URLSearchParams): SquareQuery {
  const tag = Number(params.get('tag'));
  const raw = params.get('sort');
  const sort = raw === null || raw === '' ? Number.NaN : Number(raw);
  const keyword = (params.get('q') ?? '').trim().slice(0, KEYWORD_MAX_LENGTH);
  const valid =
    sort === PluginSort.LATEST ||
    sort === PluginSort.MOST_POPULAR ||
    (sort === PluginSort.RELEVANCE && keyword !== '');
  return {
    tagId: Number.isSafeInteger(tag) && tag > 0 ? tag : ALL_TAGS_ID,
    sort: valid ? (sort as PluginSort) : defaultSort(keyword),
    keyword,
  };
}

/**
 * The state after `patch`: a sort that was the default stays the default of the new keyword (typing
 * a keyword under "latest" switches to relevance, clearing it switches back); a chosen one is kept
 * (relevance falls back to latest without a keyword).
 */
export function patchSquareQuery(query: SquareQuery, patch: Partial<SquareQuery>): SquareQuery {
  const next = { ...query, ...patch };
  if (patch.sort === undefined && query.sort === defaultSort(query.keyword))
    next.sort = defaultSort(next.keyword);
  next.sort = pluginListSort(next.sort, next.keyword);
  return next;
}

/**
 * Writes the square's state as a query string, leaving out the defaults (`''` when all are
 * defaults; the sort only when it is not {@link defaultSort} of the keyword).
 */
export function squareSearch({ tagId, sort, keyword }: SquareQuery): string {
  const params = new URLSearchParams();
  if (tagId !== ALL_TAGS_ID) params.set('tag', String(tagId));
  if (sort !== defaultSort(keyword)) params.set('sort', String(sort));
  if (keyword) params.set('q', keyword);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Path of a plugin's detail dialog inside the router (basename `/plugins`). */
export const detailPath = (pluginKey: string) => `/detail/${encodeURIComponent(pluginKey)}`;

/** Absolute share URL of a plugin: `<origin>/plugins/detail/<key>` (opens the dialog directly). */
export const shareUrl = (pluginKey: string, origin: string = window.location.origin) =>
  new URL(`${import.meta.env.BASE_URL}detail/${encodeURIComponent(pluginKey)}`, origin).href;

/** Path of a publisher's page inside the router (basename `/plugins`): `/publisher/<handle>`. */
export const publisherPath = (handle: string) => `/publisher/${encodeURIComponent(handle)}`;

/** Whether a router path shows the square (the square itself or a plugin's dialog over it). */
export const isSquarePath = (pathname: string) => pathname === '/' || pathname.startsWith('/detail/');

/** Router state set when a card opens the dialog, so closing it can go back in history. */
export interface DetailLinkState {
  fromSquare: true;
}

/**
 * The router's behaviour flags, on every router of the app and its tests: React Router 7's defaults
 * (state updates in `startTransition`; relative paths inside splat routes such as `/backstage-index/*`
 * resolve from the splat's full path). The app uses React Router 6.30 in declarative mode because
 * version 7's package carries its data-router and framework code into the square's first load
 * (about 6 KB gzip more; the square's budget is 100 KB).
 */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
