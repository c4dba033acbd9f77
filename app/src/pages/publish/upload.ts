/**
 * Sending the publish form (and the batch upload) with upload progress and cancel, through the API
 * client's multipart call with `onUploadProgress`: the signed-in user's bearer token, a 15-minute
 * timeout (SPEC §9). It never rejects: every outcome is an envelope, like the API client's (SPEC
 * §8): the server's (success or {@link ErrorEnvelope} with its optional `field`), the cancel
 * result, or the network error.
 *
 * @packageDocumentation
 */
import { type ApiError, CANCEL_MESSAGE, createApiClient, isCancelled, isSuccess } from '@plugin-center/api';
import { xhrUpload } from '@plugin-center/api/upload';
import { type ErrorEnvelope, PLUGIN_ROUTES, type Submission } from '@plugin-center/contract';
import { ssoClient } from '../../session';

/** Path of `POST` (publish) and `PUT` (edit) `/api/cmt/plugin` (the contract's route table). */
export const PUBLISH_PATH = PLUGIN_ROUTES.publish.path;

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
export async function uploadForm<T = Submission>(options: UploadOptions): Promise<UploadOutcome<T>> {
  const { method, form, onProgress, signal } = options;
  const token = options.token === undefined ? ssoClient.getAccessToken() : options.token;
  const client = createApiClient({
    getAccessToken: () => token,
    createXhr: options.createXhr,
    upload: xhrUpload,
    timeout: options.timeout ?? UPLOAD_TIMEOUT_MS,
    isAdminPage: () => false,
  });
  const onUploadProgress = ({ loaded, total }: { loaded: number; total: number }) => {
    if (total > 0) onProgress?.(Math.min(1, loaded / total));
  };
  try {
    const res = await client.request<T>(method, options.url ?? PUBLISH_PATH, form, {
      signal,
      onUploadProgress,
    });
    if (isCancelled(res)) {
      return { ok: false, status: 0, cancelled: true, envelope: failure('CANCELLED', CANCEL_MESSAGE, -1) };
    }
    if (isSuccess(res)) {
      onProgress?.(1);
      return { ok: true, status: 200, data: res.data as T };
    }
    return { ok: false, status: 200, cancelled: false, envelope: toEnvelope(res) };
  } catch (e) {
    const error = e as ApiError;
    const status = error.status ?? 0;
    return { ok: false, status, cancelled: false, envelope: toEnvelope(error.body, status) };
  }
}

/** The server's error envelope when `body` is one, else the network error of SPEC §8 (401 kept). */
function toEnvelope(body: unknown, status = 0): ErrorEnvelope {
  const env = body as Partial<ErrorEnvelope> | undefined;
  return env && typeof env.code === 'number' && typeof env.message === 'string'
    ? {
        code: env.code,
        error: typeof env.error === 'string' ? env.error : 'ERROR',
        message: env.message,
        data: null,
        ...(typeof env.field === 'string' ? { field: env.field } : {}),
      }
    : failure(
        status === 401 ? 'UNAUTHORIZED' : 'NETWORK_ERROR',
        'network error',
        status === 401 ? 401 : -10000,
      );
}
