import { ApiError } from '@plugin-center/api';

/**
 * The stable string code of a failed call, whichever way it failed: an {@link ApiError}'s `code` (the
 * server envelope's `error` identifier such as `UNAUTHORIZED` or `PLUGIN_NOT_FOUND`, else
 * `UNAUTHORIZED` for a bare HTTP 401 and `NETWORK_ERROR`), or the `error` identifier of a failed
 * envelope a loader or a caller rejected with; `undefined` for anything else. The app branches on
 * these codes, never on HTTP statuses (issue 10; the codes are listed in docs/api.md).
 */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code;
  const named = (error as { error?: unknown } | null | undefined)?.error;
  return typeof named === 'string' ? named : undefined;
}
