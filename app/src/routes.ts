import { ALL_TAGS_ID, KEYWORD_MAX_LENGTH, type PluginPlatform, PluginSort } from '@plugin-center/api';
import { MIN_RATING, PLUGIN_PLATFORMS, pluginListSort } from '@plugin-center/contract';

/**
 * The state of the square kept in the query string (`?tag=…&sort=…&q=…&platform=…&rating=…&verified=1`) so
 * reload and share keep it.
 */
export interface SquareQuery {
  /** Tag id; `0` is All (SPEC §2). */
  tagId: number;
  /**
   * A value of `PluginSort` (`0` latest, `1` most popular, `2` relevance only with a keyword, `3`
   * highest rated, `4` name, `5` newest, `6` trending). The default is {@link defaultSort} of the
   * keyword.
   */
  sort: PluginSort;
  /** Search keyword, trimmed; `''` for none. */
  keyword: string;
  /** Design tool filter (`?platform=`); `null` for all tools. */
  platform: PluginPlatform | null;
  /** Minimum rating in stars, 1–5 (`?rating=`); `0` for any rating. */
  rating: number;
  /** Verified publishers only (`?verified=1`). */
  verified: boolean;
}

/** The sort used when none is chosen (the contract's `pluginListSort`): relevance with a non-blank keyword, else latest. */
export const defaultSort = (keyword: string): PluginSort => pluginListSort(undefined, keyword);

const SORTS: ReadonlySet<number> = new Set(Object.values(PluginSort));

/** Whether a filter (design tool, rating, verified publishers) is set: the square then shows the list only. */
export const hasSquareFilters = (query: SquareQuery): boolean =>
  query.platform !== null || query.rating > 0 || query.verified;

/**
 * Reads the square's state from the query string; unknown or malformed values give the defaults
 * (relevance without a keyword too, a platform the contract does not list, a rating outside 1–5;
 * `verified` only as `1`).
 */
export function parseSquareQuery(params: URLSearchParams): SquareQuery {
  const tag = Number(params.get('tag'));
  const raw = params.get('sort');
  const sort = raw === null || raw === '' ? Number.NaN : Number(raw);
  const keyword = (params.get('q') ?? '').trim().slice(0, KEYWORD_MAX_LENGTH);
  const valid = SORTS.has(sort) && (sort !== PluginSort.RELEVANCE || keyword !== '');
  const platform = params.get('platform');
  const rating = Number(params.get('rating'));
  return {
    tagId: Number.isSafeInteger(tag) && tag > 0 ? tag : ALL_TAGS_ID,
    sort: valid ? (sort as PluginSort) : defaultSort(keyword),
    keyword,
    platform: (PLUGIN_PLATFORMS as readonly string[]).includes(platform ?? '')
      ? (platform as PluginPlatform)
      : null,
    rating: Number.isInteger(rating) && rating >= MIN_RATING.MIN && rating <= MIN_RATING.MAX ? rating : 0,
    verified: params.get('verified') === '1',
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
export function squareSearch({ tagId, sort, keyword, platform, rating, verified }: SquareQuery): string {
  const params = new URLSearchParams();
  if (tagId !== ALL_TAGS_ID) params.set('tag', String(tagId));
  if (sort !== defaultSort(keyword)) params.set('sort', String(sort));
  if (keyword) params.set('q', keyword);
  if (platform) params.set('platform', platform);
  if (rating > 0) params.set('rating', String(rating));
  if (verified) params.set('verified', '1');
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Path of a plugin's detail (the dialog over the square, or its full page) inside the router (basename `/plugins`). */
export const detailPath = (pluginKey: string) => `/detail/${encodeURIComponent(pluginKey)}`;

/** Absolute share URL of a plugin: `<origin>/plugins/detail/<key>` (opens its detail page directly). */
export const shareUrl = (pluginKey: string, origin: string = window.location.origin) =>
  new URL(`${import.meta.env.BASE_URL}detail/${encodeURIComponent(pluginKey)}`, origin).href;

/** Path of a publisher's page inside the router (basename `/plugins`): `/publisher/<handle>`. */
export const publisherPath = (handle: string) => `/publisher/${encodeURIComponent(handle)}`;

/** Router state set when a card opens the dialog, so closing it can go back in history. */
export interface DetailLinkState {
  fromSquare: true;
}

/** Whether the square has been on screen since this page loaded (see {@link showsSquare}). */
let squareShown = false;

/**
 * Whether a router location shows the square: `/`, or a plugin's dialog over it — a `/detail/<key>`
 * that a card or suggestion of the square opened (router state {@link DetailLinkState}) while the
 * square has been on screen since the page loaded. Any other `/detail/<key>` (a shared link, a new
 * tab, a reload, which keeps the history state but not the square, a link of the detail page) is the
 * plugin's full detail page. Showing the square marks it shown (`markSquareShown`).
 */
export function showsSquare(pathname: string, state: unknown): boolean {
  if (pathname === '/') return true;
  return (
    pathname.startsWith('/detail/') && squareShown && (state as DetailLinkState | null)?.fromSquare === true
  );
}

/** Notes that the square is on screen: from now on the square's detail links open the dialog. */
export function markSquareShown(): void {
  squareShown = true;
}

/**
 * The router's behaviour flags, on every router of the app and its tests: React Router 7's defaults
 * (state updates in `startTransition`; relative paths inside splat routes such as `/backstage-index/*`
 * resolve from the splat's full path). The app uses React Router 6.30 in declarative mode because
 * version 7's package carries its data-router and framework code into the square's first load
 * (about 6 KB gzip more; the square's budget is 100 KB).
 */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
