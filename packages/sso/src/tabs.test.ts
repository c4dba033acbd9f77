import { memoryStorage } from '@plugin-center/test-fakes/sso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTabSync, type TabMessage, type TabWindow } from './tabs';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const message = (prev: string): TabMessage => ({ prev, record: null });

describe('createTabSync with Web Locks and BroadcastChannel', () => {
  /** Web Locks of one origin: a queue per lock name. */
  function fakeLocks() {
    const queues = new Map<string, Promise<unknown>>();
    const names: string[] = [];
    const request = vi.fn((name: string, task: () => Promise<unknown>) => {
      names.push(name);
      const run = (queues.get(name) ?? Promise.resolve()).then(task, task);
      queues.set(
        name,
        run.catch(() => {}),
      );
      return run;
    });
    return { locks: { request } as unknown as Pick<LockManager, 'request'>, names };
  }
  /** BroadcastChannels of one origin: a message reaches the other channels of the same name. */
  function fakeChannels() {
    const all: Channel[] = [];
    class Channel {
      onmessage: ((e: MessageEvent) => void) | null = null;
      constructor(readonly name: string) {
        all.push(this);
      }
      postMessage(data: unknown) {
        for (const c of all) if (c !== this && c.name === this.name) c.onmessage?.({ data } as MessageEvent);
      }
    }
    return Channel as unknown as TabWindow['BroadcastChannel'];
  }

  it('locks with navigator.locks and announces through the channel to the other tabs only', async () => {
    const { locks, names } = fakeLocks();
    const BroadcastChannel = fakeChannels();
    const storage = memoryStorage();
    const a = createTabSync('key', { navigator: { locks }, BroadcastChannel, localStorage: storage });
    const b = createTabSync('key', { navigator: { locks }, BroadcastChannel, localStorage: storage });
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(`${name} start`);
      await new Promise((r) => setTimeout(r, 100));
      order.push(`${name} end`);
      return name;
    };
    const both = Promise.all([a.lock(task('a')), b.lock(task('b'))]);
    await vi.advanceTimersByTimeAsync(200);
    expect(await both).toEqual(['a', 'b']);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end']);
    expect(names).toEqual(['key:lease', 'key:lease']);
    expect(storage.map.size).toBe(0); // no lease in storage

    const seenA = vi.fn();
    const seenB = vi.fn();
    a.listen(seenA);
    b.listen(seenB);
    a.post(message('r1'));
    expect(seenB).toHaveBeenCalledWith(message('r1'));
    expect(seenA).not.toHaveBeenCalled();
  });
});

describe('createTabSync fallback: localStorage lease and storage events', () => {
  /** Two windows sharing one localStorage; a write fires `storage` on the other window (as browsers do). */
  function twoWindows() {
    const targets: EventTarget[] = [];
    let writer: EventTarget | undefined;
    const storage = memoryStorage((key, newValue) => {
      for (const t of targets) {
        if (t === writer) continue;
        const e = new Event('storage');
        Object.assign(e, { key, newValue });
        t.dispatchEvent(e);
      }
    });
    const make = (): TabWindow => {
      const target = new EventTarget();
      targets.push(target);
      // Each window writes through a view that marks it as the writer.
      const view = {
        getItem: storage.getItem,
        setItem: (k: string, v: string) => {
          writer = target;
          storage.setItem(k, v);
        },
        removeItem: (k: string) => {
          writer = target;
          storage.removeItem(k);
        },
      };
      return { localStorage: view, addEventListener: (type, l) => target.addEventListener(type, l) };
    };
    return { storage, a: make(), b: make() };
  }

  it('lets one tab at a time hold the lease and frees it afterwards', async () => {
    const { storage, a, b } = twoWindows();
    const ta = createTabSync('key', a);
    const tb = createTabSync('key', b);
    let inside = 0;
    let most = 0;
    const task = async () => {
      inside += 1;
      most = Math.max(most, inside);
      expect(storage.getItem('key:lease')).toMatch(/^\S+ \d+$/);
      await new Promise((r) => setTimeout(r, 300));
      inside -= 1;
      return 'done';
    };
    const both = Promise.all([ta.lock(task), tb.lock(task)]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await both).toEqual(['done', 'done']);
    expect(most).toBe(1);
    expect(storage.getItem('key:lease')).toBeNull();
  });

  it('takes over a lease whose tab died (expired) but waits for a live one', async () => {
    const { storage, a } = twoWindows();
    const t = createTabSync('key', a);
    storage.setItem('key:lease', `dead ${Date.now() + 1000}`);
    const task = vi.fn(async () => 'ok');
    const p = t.lock(task);
    await vi.advanceTimersByTimeAsync(900);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(await p).toBe('ok');
  });

  it('announces through storage events to the other tabs and leaves no message behind', () => {
    const { storage, a, b } = twoWindows();
    const ta = createTabSync('key', a);
    const tb = createTabSync('key', b);
    const seenA = vi.fn();
    const seenB = vi.fn();
    ta.listen(seenA);
    tb.listen(seenB);
    ta.post(message('r1'));
    expect(seenB).toHaveBeenCalledWith(message('r1'));
    expect(seenA).not.toHaveBeenCalled();
    expect(storage.map.size).toBe(0);
  });

  it('runs the task unlocked when there is no storage at all', async () => {
    const t = createTabSync('key', undefined);
    expect(await t.lock(async () => 1)).toBe(1);
    expect(() => t.post(message('r1'))).not.toThrow();
  });
});
