/**
 * The upload transport of the API client: `fetch` reports no upload progress, so a multipart call
 * with `onUploadProgress` goes out through `XMLHttpRequest`. It answers like ofetch's `raw`: the
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

/** What {@link sendWithProgress} sends. */
export interface ProgressRequest {
  createXhr?: () => XMLHttpRequest;
  method: string;
  url: string;
  query: Record<string, unknown>;
  body: FormData;
  headers: Record<string, string>;
  timeout: number;
  signal: AbortSignal;
  onProgress: (progress: UploadProgress) => void;
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

/**
 * Sends a multipart body with `XMLHttpRequest`, reporting upload progress.
 * @returns the status and parsed JSON body (undefined when it is not JSON) of a 2xx answer
 * @throws an error with `status` and `data` for a 4xx/5xx answer, without them for a network
 *   error, a timeout or an abort of `signal`
 */
export function sendWithProgress(r: ProgressRequest): Promise<{ status: number; _data: unknown }> {
  const xhr = r.createXhr ? r.createXhr() : new XMLHttpRequest();
  return new Promise((resolve, reject) => {
    const abort = () => xhr.abort();
    const fail = (message: string) => () => {
      r.signal.removeEventListener('abort', abort);
      reject(new UploadFailure(message));
    };
    if (r.signal.aborted) return fail('aborted')();
    r.signal.addEventListener('abort', abort);
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(r.query)) search.append(k, String(v));
    const qs = search.toString();
    xhr.open(r.method, qs ? `${r.url}?${qs}` : r.url);
    xhr.timeout = r.timeout;
    for (const [name, value] of Object.entries(r.headers)) xhr.setRequestHeader(name, value);
    if (xhr.upload) {
      xhr.upload.onprogress = (e: ProgressEvent) => {
        if (e.lengthComputable) r.onProgress({ loaded: e.loaded, total: e.total });
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
    xhr.ontimeout = fail(`timeout after ${r.timeout} ms`);
    xhr.onabort = fail('aborted');
    xhr.send(r.body);
  });
}
