import type { LoginRecord } from './record';

/**
 * What one tab tells the others: the login record changed from the one with refresh token `prev`
 * (null: none) to `record` (null: signed out).
 */
export interface TabMessage {
  prev: string | null;
  record: LoginRecord | null;
}

/**
 * Coordination of the tabs of one origin, so that exactly one tab refreshes (the refresh token is
 * rotated: a second use of the old one revokes the whole family) and the others adopt its tokens.
 */
export interface TabSync {
  /** Runs `task` while holding the refresh lock shared by all tabs; settles with its result. */
  lock<T>(task: () => Promise<T>): Promise<T>;
  /** Sends `message` to the other tabs (not to this one). */
  post(message: TabMessage): void;
  /** Receives the other tabs' messages, for the life of the page. */
  listen(listener: (message: TabMessage) => void): void;
}

/** The parts of `window` {@link createTabSync} uses; each may be missing. */
export interface TabWindow {
  navigator?: { locks?: Pick<LockManager, 'request'> };
  BroadcastChannel?: new (name: string) => Pick<BroadcastChannel, 'postMessage' | 'onmessage'>;
  localStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  addEventListener?(type: string, listener: (event: Event) => void): void;
}

/**
 * Cross-tab coordination named `name` on `w` (the window; nothing without it). The lock is a Web
 * Lock (`navigator.locks`) when there are Web Locks, else a lease `"<id> <until ms>"` in localStorage
 * under `name:lease`: a tab writes it when it is free or expired (15 s, longer than a user API call)
 * and owns it when it still reads its own id 50 ms later; the others poll every 50 ms. Messages go
 * through a `BroadcastChannel` when there is one, else through a write of `name:msg` to localStorage
 * (removed at once) that the other tabs receive as a `storage` event. Uses `Date.now` and `setTimeout`.
 */
export function createTabSync(name: string, w?: TabWindow): TabSync {
  let ls: TabWindow['localStorage'];
  try {
    ls = w?.localStorage; // throws where storage is blocked
  } catch {}
  const locks = w?.navigator?.locks;
  const channel = w?.BroadcastChannel && new w.BroadcastChannel(name);
  const lease = `${name}:lease`;
  const msg = `${name}:msg`;
  const owner = () => ls?.getItem(lease)?.split(' ') ?? [];

  return {
    lock: async (task) => {
      if (locks) return locks.request(lease, task) as ReturnType<typeof task>;
      const id = `${Math.random()}`;
      while (ls && owner()[0] !== id) {
        if (!(Number(owner()[1]) > Date.now())) ls.setItem(lease, `${id} ${Date.now() + 15_000}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      try {
        return await task();
      } finally {
        ls?.removeItem(lease); // ours: a lease outlives any user API call
      }
    },
    post: (message) => {
      if (channel) return channel.postMessage(message);
      ls?.setItem(msg, JSON.stringify(message));
      ls?.removeItem(msg);
    },
    listen: (listener) => {
      if (channel) channel.onmessage = (e) => listener(e.data);
      else
        w?.addEventListener?.('storage', (e) => {
          const { key, newValue } = e as StorageEvent;
          if (key === msg && newValue) listener(JSON.parse(newValue));
        });
    },
  };
}
