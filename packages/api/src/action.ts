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
 *   envelope's `message` and `field`), when it named them.
 */
export interface ActionState<T> {
  status: ActionStatus;
  data: T | undefined;
  error: unknown;
  message: string | undefined;
  field: string | undefined;
}

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
} as const;

/**
 * Creates a store around one changing call: `running` while it is in flight, then `success` with
 * the data, or `error` with the server's `message` and `field` (from a failed envelope or the
 * `ApiError`'s body). A run started while another is in flight supersedes it.
 *
 * @param call - the call, e.g. `(body) => client.plugin.assignOwner(body)`
 *
 * @example
 * ```ts
 * const assign = createAction((b: AssignOwnerBody) => client.plugin.assignOwner(b));
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
      next = isSuccess(res)
        ? { ...IDLE, status: 'success', data: res.data }
        : {
            ...IDLE,
            status: 'error',
            error: res,
            message: res.message,
            field: (res as { field?: string }).field,
          };
    } catch (error) {
      // `body` of an `ApiError` (read by shape: this entry point may carry its own copy of the class).
      const body = (error as { body?: { message?: string; field?: string } } | undefined)?.body;
      next = { ...IDLE, status: 'error', error, message: body?.message, field: body?.field };
    }
    if (mine === runs) store.set(next);
    return next;
  };
  return { run, reset: () => store.set(IDLE), subscribe: store.subscribe, getSnapshot: store.get };
}
