/**
 * The signed-in user's plugins, as the design tool loads them: `GET /api/cmt/plugin/user/editor`
 * (docs/api.md "The editor's plugins") with a conditional GET. The first answer's `ETag` is sent
 * back as `If-None-Match`; while nothing changed the server answers 304 with no body, so polling
 * costs one small request.
 *
 * Why `fetch` and not `@plugin-center/api`: that client sends no request headers of the caller's
 * (no `If-None-Match`), does not show the answer's headers (no `ETag`) and treats a 304 as a failed
 * call, so every poll would fetch the whole list. `cache: 'no-store'` keeps the browser's HTTP cache
 * out of the way: this module keeps the tag and the last list itself.
 */
import { type EditorPlugin, type EditorPluginsResult, PLUGIN_ROUTES } from '@plugin-center/contract';

/** The path of the call (on this page's origin; see `config.ts`). */
export const EDITOR_PLUGINS_PATH = PLUGIN_ROUTES.editorPlugins.path;

/** What one {@link PluginList.refresh} did. */
export interface RefreshResult {
  /** `200`: a new list; `304`: unchanged (no body was sent). */
  status: 200 | 304;
  plugins: readonly EditorPlugin[];
}

/** A failed call: `status` is the HTTP status (0 for a network failure), `code` the envelope's error. */
export class PluginListError extends Error {
  override readonly name = 'PluginListError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The user's plugin list with its ETag; create one per signed-in session. */
export interface PluginList {
  /**
   * One conditional GET: sends the last `ETag` as `If-None-Match`; a 200 replaces the list and the
   * tag, a 304 keeps both.
   * @throws PluginListError on any other status (401 when the token was refused) or a network failure
   */
  refresh(): Promise<RefreshResult>;
  /** The last list (empty before the first refresh). */
  current(): readonly EditorPlugin[];
  /** The last `ETag`, or null before the first 200. */
  etag(): string | null;
}

/**
 * Creates the list of the user whose bearer token `getToken` gives (`sso.getValidAccessToken`).
 * `fetchImpl` is injectable (default the page's `fetch`).
 */
export function createPluginList(
  getToken: () => Promise<string>,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): PluginList {
  let etag: string | null = null;
  let plugins: readonly EditorPlugin[] = [];
  return {
    async refresh() {
      const headers: Record<string, string> = { authorization: `Bearer ${await getToken()}` };
      if (etag) headers['if-none-match'] = etag;
      let response: Response;
      try {
        response = await fetchImpl(EDITOR_PLUGINS_PATH, { headers, cache: 'no-store' });
      } catch (error) {
        throw new PluginListError(`Plugin Center could not be reached: ${String(error)}`, 0, 'NETWORK_ERROR');
      }
      if (response.status === 304) return { status: 304, plugins };
      const body = (await response.json().catch(() => null)) as {
        code: number;
        data?: EditorPluginsResult;
        error?: string;
        message?: string;
      } | null;
      if (response.status !== 200 || body?.code !== 0 || !body.data) {
        throw new PluginListError(
          body?.message ?? `HTTP ${response.status}`,
          response.status,
          body?.error ?? 'NETWORK_ERROR',
        );
      }
      plugins = body.data.plugin_list;
      etag = response.headers.get('etag');
      return { status: 200, plugins };
    },
    current: () => plugins,
    etag: () => etag,
  };
}

/**
 * Fetches a plugin's code file (`code_file_url` of the list: the approved manifest, JSON) with the
 * bearer token, as bytes: the host checks them against the version's signature (`verify.ts`) before
 * it parses them ({@link parseManifest}).
 * @throws PluginListError when the call fails
 */
export async function fetchCodeFile(
  url: string,
  token: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<Uint8Array> {
  const response = await fetchImpl(url, { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });
  if (!response.ok) {
    const error = (await response.json().catch(() => undefined)) as
      | { error?: string; message?: string }
      | undefined;
    throw new PluginListError(
      error?.message ?? `HTTP ${response.status}`,
      response.status,
      error?.error ?? '',
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The manifest of a code file's bytes (UTF-8 JSON).
 * @returns the parsed manifest, a JSON object
 * @throws PluginListError when the bytes are not a JSON object
 */
export function parseManifest(bytes: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PluginListError('the code file is not a JSON object', 200, 'INVALID_MANIFEST');
  }
  return value as Record<string, unknown>;
}
