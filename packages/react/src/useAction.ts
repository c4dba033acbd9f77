import type { ApiResponse } from '@plugin-center/api';
import { type ActionState, createAction } from '@plugin-center/api/backoffice';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

/**
 * One changing call (save, assign, revoke) for the component, over `createAction`: `running` while
 * in flight, then `success` with the data or `error` with the server's `message` and `field`.
 *
 * @param call - the call; the latest one is used, so it may close over render values
 * @returns the action snapshot with `run(input)` (resolves with the snapshot it ended in) and `reset()`
 */
export function useAction<I, T>(
  call: (input: I) => Promise<ApiResponse<T>>,
): ActionState<T> & { run(input: I): Promise<ActionState<T>>; reset(): void } {
  const latest = useRef(call);
  useEffect(() => {
    latest.current = call;
  });
  const [action] = useState(() => createAction((input: I) => latest.current(input)));
  const state = useSyncExternalStore(action.subscribe, action.getSnapshot, action.getSnapshot);
  return { ...state, run: action.run, reset: action.reset };
}
