import { ApiError, type ApiResponse, isSuccess } from '@plugin-center/api';

/** The outcome of {@link runCall}: the data, or the server's message, `field` and `error` code. */
export type CallResult<T> =
  | { ok: true; data: T }
  | { ok: false; message?: string; field?: string; code?: string };

/**
 * Runs one mutation of a back-office page and folds every way it can fail — a failed
 * envelope, an `ApiError` (HTTP error with the server's envelope as `body`, network failure,
 * timeout) — into one result, so a page shows the server's message beside the field it names.
 *
 * @param call - the client call, e.g. `() => api.plugin.saveIconfont(body)`
 */
export async function runCall<T>(call: () => Promise<ApiResponse<T>>): Promise<CallResult<T>> {
  try {
    const res = await call();
    if (isSuccess(res)) return { ok: true, data: res.data as T };
    const failed = res as { message?: string; error?: string; field?: string };
    return { ok: false, message: failed.message, code: failed.error, field: failed.field };
  } catch (e) {
    const body =
      e instanceof ApiError ? (e.body as { message?: string; field?: string } | undefined) : undefined;
    return {
      ok: false,
      message: body?.message,
      field: body?.field,
      code: e instanceof ApiError ? e.code : undefined,
    };
  }
}
