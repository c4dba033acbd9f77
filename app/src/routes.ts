import { ALL_TAGS_ID, KEYWORD_MAX_LENGTH, PluginSort } from '@plugin-center/api';

/** The state of the square kept in the query string (`?tag=…&sort=…&q=…`) so reload and share keep it. */
export interface SquareQuery {
  /** Tag id; `0` is All (SPEC §2). */
  tagId: number;
  /** `0` latest (default), `1` most popular (SPEC §4). */
  sort: PluginSort;
  /** Search keyword, trimmed; `''` for none. */
  keyword: string;
}

/** Reads the square's state from the query string; unknown or malformed values give the defaults. */
export function parseSquareQuery(params: URLSearchParams): SquareQuery {
  const tag = Number(params.get('tag'));
  const sort = Number(params.get('sort'));
  return {
    tagId: Number.isSafeInteger(tag) && tag > 0 ? tag : ALL_TAGS_ID,
    sort: sort === PluginSort.MOST_POPULAR ? PluginSort.MOST_POPULAR : PluginSort.LATEST,
    keyword: (params.get('q') ?? '').trim().slice(0, KEYWORD_MAX_LENGTH),
  };
}

/** Writes the square's state as a query string, leaving out the defaults (`''` when all are defaults). */
export function squareSearch({ tagId, sort, keyword }: SquareQuery): string {
  const params = new URLSearchParams();
  if (tagId !== ALL_TAGS_ID) params.set('tag', String(tagId));
  if (sort !== PluginSort.LATEST) params.set('sort', String(sort));
  if (keyword) params.set('q', keyword);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Path of a plugin's detail dialog inside the router (basename `/plugins`). */
export const detailPath = (pluginKey: string) => `/detail/${encodeURIComponent(pluginKey)}`;

/** Absolute share URL of a plugin: `<origin>/plugins/detail/<key>` (opens the dialog directly). */
export const shareUrl = (pluginKey: string, origin: string = window.location.origin) =>
  new URL(`${import.meta.env.BASE_URL}detail/${encodeURIComponent(pluginKey)}`, origin).href;

/** Whether a router path shows the square (the square itself or a plugin's dialog over it). */
export const isSquarePath = (pathname: string) => pathname === '/' || pathname.startsWith('/detail/');

/** Router state set when a card opens the dialog, so closing it can go back in history. */
export interface DetailLinkState {
  fromSquare: true;
}
