/**
 * `@plugin-center/api/upload`: the upload transport of the API client. `fetch` reports no upload
 * progress, so a client created with `upload: xhrUpload` sends a multipart call with
 * `onUploadProgress` through `XMLHttpRequest`. Its own entry point: a bundle that never uploads
 * does not carry it. It answers like ofetch's `raw`: the
 * status and the parsed body, or it rejects with the status and body of a 4xx/5xx answer, or
 * without a status when no answer came (network error, timeout, abort).
 */

/** Bytes of an upload sent so far and in all, as the browser reports them. */
export interface UploadProgress {
  /** Bytes sent. */
  loaded: number;
  /** Bytes in all (the encoded multipart body). */
  total: number;
}

/** The request an {@link UploadTransport} sends, as the client prepares it for ofetch. */
export interface UploadInit {
  method: string;
  baseURL?: string;
  query: Record<string, unknown>;
  body?: unknown;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/** A failed upload: `status` and `data` (the parsed body) when an answer came. */
class UploadFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** Sends a multipart call reporting upload progress; answers like ofetch's `raw`. */
export type UploadTransport = (
  path: string,
  init: UploadInit,
  onProgress: (progress: UploadProgress) => void,
  options: { timeout: number; createXhr?: () => XMLHttpRequest },
) => Promise<{ status: number; _data: unknown }>;

/**
 * Sends a multipart body with `XMLHttpRequest`, reporting upload progress: the `upload` option of
 * `createApiClient`.
 * @returns the status and parsed JSON body (undefined when it is not JSON) of a 2xx answer
 * @throws an error with `status` and `data` for a 4xx/5xx answer, without them for a network
 *   error, a timeout or an abort of `signal`
 *
 * @example
 * ```ts
 * import { createApiClient } from '@plugin-center/api';
 * import { xhrUpload } from '@plugin-center/api/upload';
 *
 * const client = createApiClient({ getAccessToken, upload: xhrUpload });
 * await client.plugin.publish(form, { onUploadProgress: ({ loaded, total }) => show(loaded / total) });
 * ```
 */
export const xhrUpload: UploadTransport = (path, r, onProgress, { timeout, createXhr }) => {
  const xhr = createXhr ? createXhr() : new XMLHttpRequest();
  return new Promise((resolve, reject) => {
    const abort = () => xhr.abort();
    const fail = (message: string) => () => {
      r.signal.removeEventListener('abort', abort);
      reject(new UploadFailure(message));
    };
    if (r.signal.aborted) return fail('aborted')();
    r.signal.addEventListener('abort', abort);
    const qs = new URLSearchParams(r.query as Record<string, string>).toString();
    const url = `${r.baseURL?.replace(/\/$/, '') ?? ''}${path}`;
    xhr.open(r.method, qs ? `${url}?${qs}` : url);
    xhr.timeout = timeout;
    for (const [name, value] of Object.entries(r.headers)) xhr.setRequestHeader(name, value);
    if (xhr.upload) {
      xhr.upload.onprogress = (e: ProgressEvent) => {
        if (e.lengthComputable) onProgress({ loaded: e.loaded, total: e.total });
      };
    }
    xhr.onload = () => {
      r.signal.removeEventListener('abort', abort);
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ status: xhr.status, _data: data });
      else reject(new UploadFailure(`HTTP ${xhr.status}`, xhr.status, data));
    };
    xhr.onerror = fail('network error');
    xhr.ontimeout = fail('timeout');
    xhr.onabort = fail('aborted');
    xhr.send(r.body as FormData);
  });
};
