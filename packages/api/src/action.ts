import type { ApiResponse } from '@plugin-center/contract';
import { isSuccess } from './client';
import { createStore } from './store';

/** Status of an {@link Action}: not run yet, running, or how its last run ended. */
export type ActionStatus = 'idle' | 'running' | 'success' | 'error';

/**
 * Snapshot of an {@link Action}:
 * - `data`: the payload of the last success;
 * - `error`: on `error`, the thrown error (e.g. `ApiError`) or the failed envelope;
 * - `message`, `field`: the server's message and the request field it is about (the error
 *   envelope's `message` and `field`), when it named them;
 * - `code`: on `error`, the error identifier (the envelope's `error`, or the `ApiError`'s `code`:
 *   the server's, else `UNAUTHORIZED` or `NETWORK_ERROR`).
 */
export type ActionState<T> = {
  error: unknown;
  message: string | undefined;
  field: string | undefined;
  code: string | undefined;
} & ({ status: 'success'; data: T } | { status: Exclude<ActionStatus, 'success'>; data: undefined });

/** A change made through one call (save, assign, revoke) as an external store. */
export interface Action<I, T> {
  /** Runs the call with `input`; resolves with the snapshot it ended in; never rejects. */
  run(input: I): Promise<ActionState<T>>;
  /** Back to `idle`, forgetting the last outcome. */
  reset(): void;
  /** Adds a listener; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current immutable snapshot. */
  getSnapshot(): ActionState<T>;
}

const IDLE = {
  status: 'idle',
  data: undefined,
  error: undefined,
  message: undefined,
  field: undefined,
  code: undefined,
} as const;

/**
 * Creates a store around one changing call: `running` while it is in flight, then `success` with
 * the data, or `error` with the server's `message`, `field` and error `code` (from a failed
 * envelope or the `ApiError`). A run started while another is in flight supersedes it.
 *
 * @param call - the call, e.g. `(body) => backofficeCalls(client).assignOwner(body)`
 *
 * @example
 * ```ts
 * const assign = createAction((b: AssignOwnerBody) => backofficeCalls(client).assignOwner(b));
 * const done = await assign.run({ plugin_key: 'grid', email: 'ada@example.com' });
 * if (done.status === 'error' && done.field === 'email') showEmailError(done.message);
 * ```
 */
export function createAction<I, T>(call: (input: I) => Promise<ApiResponse<T>>): Action<I, T> {
  const store = createStore<ActionState<T>>(IDLE);
  let runs = 0;
  const run = async (input: I) => {
    const mine = ++runs;
    store.set({ ...IDLE, status: 'running' });
    let next: ActionState<T>;
    try {
      const res = await call(input);
      const failed = res as { field?: string; error?: string };
      next = isSuccess(res)
        ? { ...IDLE, status: 'success', data: res.data }
        : {
            ...IDLE,
            status: 'error',
            error: res,
            message: res.message,
            field: failed.field,
            code: failed.error,
          };
    } catch (error) {
      // An `ApiError`'s `body` and `code`, read by shape: this entry point may carry its own copy of the class.
      const { body, code } = (error ?? {}) as { body?: { message?: string; field?: string }; code?: string };
      next = { ...IDLE, status: 'error', error, message: body?.message, field: body?.field, code };
    }
    if (mine === runs) store.set(next);
    return next;
  };
  return { run, reset: () => store.set(IDLE), subscribe: store.subscribe, getSnapshot: store.get };
}
