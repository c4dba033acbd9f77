/**
 * Sending the publish form with upload progress. `fetch` reports no upload progress, so
 * this one call uses `XMLHttpRequest`: multipart `FormData` with the signed-in user's bearer token,
 * progress events, abort on cancel, a 15-minute timeout (SPEC §9). It never rejects: every outcome
 * is an envelope, like the API client's (SPEC §8): the server's (success or {@link ErrorEnvelope}
 * with its optional `field`), the cancel result, or the network error.
 *
 * @packageDocumentation
 */
import { CANCEL_MESSAGE } from '@plugin-center/api';
import type { ErrorEnvelope, Submission } from '@plugin-center/contract';
import { ssoClient } from '../../session';

/** Path of `POST` (publish) and `PUT` (edit) `/api/cmt/plugin` (SPEC §7, the contract's route table). */
export const PUBLISH_PATH = '/api/cmt/plugin';

/** Request timeout in ms (SPEC §9: 15 minutes). */
export const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

/** What {@link uploadForm} resolves with: the success envelope (its `data`, a `Submission` by default) or a failed one. */
export type UploadOutcome<T = Submission> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      /** HTTP status; 0 when no response arrived (network error, timeout, cancel). */
      status: number;
      /** `true` when the caller cancelled. */
      cancelled: boolean;
      /** The server's error envelope, or one made here: `CANCELLED` / `NETWORK_ERROR` (code -10000). */
      envelope: ErrorEnvelope;
    };

/** Options of {@link uploadForm}. */
export interface UploadOptions {
  /** `POST` publishes a new plugin, `PUT` submits a new version (edit). */
  method: 'POST' | 'PUT';
  /** The multipart body (field names of `PublishFields` plus the files). */
  form: FormData;
  /** Called with the fraction sent, 0…1, as the browser reports upload progress. */
  onProgress?: (fraction: number) => void;
  /** Aborting it cancels the upload; the promise resolves with `cancelled: true`. */
  signal?: AbortSignal;
  /** Where to send; default {@link PUBLISH_PATH}. */
  url?: string;
  /** The bearer token; default the SSO client's current access token. */
  token?: string | null;
  /** Creates the request object (tests pass a fake); default `new XMLHttpRequest()`. */
  createXhr?: () => XMLHttpRequest;
  /** Timeout in ms; default {@link UPLOAD_TIMEOUT_MS}. */
  timeout?: number;
}

const failure = (error: string, message: string, code = -10000): ErrorEnvelope => ({
  code,
  error,
  message,
  data: null,
});

/**
 * Sends `form` to the publish endpoint (or `options.url`, e.g. the batch upload) with progress and cancel.
 *
 * @typeParam T - the success envelope's `data` (default `Submission`, the publish answer)
 *
 * @returns never rejects: `{ ok: true, data }` for a success envelope (code 0 or 200 with data);
 *   otherwise `{ ok: false, status, cancelled, envelope }` where `envelope` is the server's error
 *   envelope when it sent one (its `field` names the form field the error is about), else
 *   `CANCELLED` (message `CANCEL_MESSAGE`) or `NETWORK_ERROR` ('network error', SPEC §8).
 */
export function uploadForm<T = Submission>(options: UploadOptions): Promise<UploadOutcome<T>> {
  const { method, form, onProgress, signal } = options;
  const token = options.token === undefined ? ssoClient.getAccessToken() : options.token;
  const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
  return new Promise<UploadOutcome<T>>((resolve) => {
    let settled = false;
    const done = (outcome: UploadOutcome<T>) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const cancelled = () =>
      done({ ok: false, status: 0, cancelled: true, envelope: failure('CANCELLED', CANCEL_MESSAGE, -1) });
    const network = () =>
      done({ ok: false, status: 0, cancelled: false, envelope: failure('NETWORK_ERROR', 'network error') });
    function onAbort() {
      xhr.abort();
      cancelled();
    }
    if (signal?.aborted) {
      cancelled();
      return;
    }
    signal?.addEventListener('abort', onAbort);

    xhr.open(method, options.url ?? PUBLISH_PATH);
    xhr.timeout = options.timeout ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Cache-Control', 'no-cache');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress && xhr.upload) {
      xhr.upload.onprogress = (e: ProgressEvent) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      };
    }
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const env = body as (Partial<ErrorEnvelope> & { data?: unknown }) | undefined;
      const success = xhr.status >= 200 && xhr.status < 300 && (env?.code === 0 || env?.code === 200);
      if (success && env?.data != null) {
        onProgress?.(1);
        done({ ok: true, status: xhr.status, data: env.data as T });
        return;
      }
      const envelope: ErrorEnvelope =
        env && typeof env.code === 'number' && typeof env.message === 'string'
          ? {
              code: env.code,
              error: typeof env.error === 'string' ? env.error : 'ERROR',
              message: env.message,
              data: null,
              ...(typeof env.field === 'string' ? { field: env.field } : {}),
            }
          : failure(
              xhr.status === 401 ? 'UNAUTHORIZED' : 'NETWORK_ERROR',
              'network error',
              xhr.status === 401 ? 401 : -10000,
            );
      done({ ok: false, status: xhr.status, cancelled: false, envelope });
    };
    xhr.onerror = network;
    xhr.ontimeout = network;
    xhr.onabort = () => (signal?.aborted ? cancelled() : network());
    xhr.send(form);
  });
}
