import { ApiError, type ApiErrorKind } from '@plugin-center/api';
import type { ApiErrorCode } from '@plugin-center/contract';

/**
 * The error codes the detail dialog branches on: `UNAUTHORIZED` (the session ended or was never
 * there; {@link ApiErrorKind} for a bare HTTP 401, or the server's identifier) and `PLUGIN_NOT_FOUND`
 * (the contract's `ApiErrorCode`). Literals checked against those constants at compile time: the
 * type-only imports keep the constant objects out of the square's first-load chunk.
 */
export const DetailErrorCode = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  PLUGIN_NOT_FOUND: 'PLUGIN_NOT_FOUND',
} as const satisfies {
  UNAUTHORIZED: (typeof ApiErrorKind)['UNAUTHORIZED'] & (typeof ApiErrorCode)['UNAUTHORIZED']['error'];
  PLUGIN_NOT_FOUND: (typeof ApiErrorCode)['PLUGIN_NOT_FOUND']['error'];
};

/**
 * The stable string code of a failed call, whichever way it failed: an {@link ApiError}'s `code` (the
 * server envelope's `error` identifier such as `UNAUTHORIZED` or `PLUGIN_NOT_FOUND`, else
 * `UNAUTHORIZED` for a bare HTTP 401 and `NETWORK_ERROR`), or the `error` identifier of a failed
 * envelope a loader or a caller rejected with; `undefined` for anything else. The app branches on
 * these codes, never on HTTP statuses (the codes are listed in docs/api.md).
 */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code;
  const named = (error as { error?: unknown } | null | undefined)?.error;
  return typeof named === 'string' ? named : undefined;
}
