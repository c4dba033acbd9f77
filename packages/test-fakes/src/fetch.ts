import { vi } from 'vitest';

/** One request the fake network edge received. */
export interface SeenRequest {
  url: URL;
  method: string;
  headers: Headers;
  init: RequestInit;
  /** The body as sent: a string (JSON) or the FormData instance. */
  body: unknown;
  /** The JSON body parsed, when it was a string. */
  json: unknown;
}

type Answer = (req: SeenRequest) => Response | Promise<Response>;

/** A JSON response. */
export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The success envelope around `data`. */
export const ok = (data: unknown): Response => json({ code: 0, data });

/** An answer that never comes, rejecting like fetch when the request's signal aborts. */
export const hang: Answer = (req) =>
  new Promise((_, reject) => {
    const signal = req.init.signal;
    const fail = () => reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
    if (signal?.aborted) fail();
    signal?.addEventListener('abort', fail);
  });

/**
 * A fake `fetch` (the network edge): records every request and answers with `answer`.
 * `requests` holds what was sent; `fetch` is what `createApiClient({ fetch })` takes.
 */
export function fakeFetch(answer: Answer = () => ok({})) {
  const requests: SeenRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body;
    const req: SeenRequest = {
      url: new URL(String(input), 'http://localhost'),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      init,
      body,
      json: typeof body === 'string' ? JSON.parse(body) : undefined,
    };
    requests.push(req);
    return answer(req);
  });
  return { fetch: fn as unknown as typeof fetch, requests, fn };
}

/**
 * A fake `fetch` whose answers the test gives by hand: `answer(i, response)` settles the i-th request.
 * Requests whose signal aborts reject like fetch does.
 */
export function manualFetch() {
  const resolvers: ((r: Response) => void)[] = [];
  const net = fakeFetch(
    (req) =>
      new Promise<Response>((resolve, reject) => {
        resolvers.push(resolve);
        void (hang(req) as Promise<Response>).catch(reject);
      }),
  );
  return {
    ...net,
    /** Settles the i-th request (0-based, in order sent) with `response`. */
    answer: (i: number, response: Response) => resolvers[i]?.(response),
  };
}

/** A page of `GET plugin/list` with plugins named by `keys`. */
export const page = (keys: string[], next_cursor: string | null, total = 100) =>
  ok({ plugin_list: keys.map((k) => summary(k)), total, next_cursor });

/** A minimal PluginSummary. */
export const summary = (plugin_key: string) => ({
  plugin_key,
  name: plugin_key,
  intro: '',
  icon: null,
  tags: [],
  developer: null,
  platforms: [],
  current_version: null,
  download_count: 0,
  view_count: 0,
  praise_count: 0,
  rating_count: 0,
  rating_average: null as number | null,
  create_time: 0,
  update_time: null,
  publisher_handle: null as string | null,
  publisher_verified: false,
});
