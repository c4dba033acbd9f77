/**
 * A minimal external store: `subscribe(listener)` / `getSnapshot()` with immutable snapshots, the
 * shape React's `useSyncExternalStore` reads (DESIGN: TanStack Query `subscribable.ts`, zustand
 * `vanilla.ts`). Internal to this package.
 */
export interface Store<S> {
  /** The current snapshot; a new object after every `set`. */
  get(): S;
  /** Merges `patch` into a new snapshot and notifies the listeners. */
  set(patch: Partial<S>): void;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: () => void): () => void;
}

/** Creates a {@link Store} holding `initial`. */
export const createStore = <S>(initial: S): Store<S> => {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (patch) => {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
};
