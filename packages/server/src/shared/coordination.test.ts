/**
 * The Redis coordination of two processes, played by two `Coordination` instances on a Redis of
 * the test's own: messages reach the other and not the sender, a lock excludes across both, the
 * shared rate-limit store counts for both; with Redis killed every call falls back at once (local
 * counts, the lock's task runs, publish does nothing) and one warning is logged per instance; with
 * Redis back the subscribers are told to resynchronise and the shared state is used again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestRedis } from '../testing/testRedis';
import { Coordination, type CoordinationLog } from './coordination';
import { SharedCountStore } from './rateLimit';

let redis: TestRedis;
const open: Coordination[] = [];

function recordingLog(): CoordinationLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, warn: (_object, message) => warnings.push(message) };
}

function coordination(log?: CoordinationLog): Coordination {
  const made = new Coordination({
    url: redis.url,
    keyPrefix: `pc-coord-${process.pid}:`,
    ...(log ? { log } : {}),
  });
  open.push(made);
  return made;
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function incr(store: SharedCountStore, key: string): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), 60_000),
  );
}

/** The store of one route (`POST /api/uc/user/login`) as `@fastify/rate-limit` derives it. */
function routeStore(c: Coordination): SharedCountStore {
  return new SharedCountStore(c, 'root').child({ routeInfo: { method: 'POST', url: '/api/uc/user/login' } });
}

beforeAll(async () => {
  redis = await TestRedis.create();
  await redis.start();
});

afterAll(async () => {
  for (const c of open) await c.close();
  await redis?.kill();
});

describe('coordination through Redis', () => {
  it('shares messages, a lock and rate-limit counts; falls back while Redis is away and resumes after', async () => {
    const logA = recordingLog();
    const logB = recordingLog();
    const a = coordination(logA);
    const b = coordination(logB);
    const heardA: string[] = [];
    const heardB: string[] = [];
    let resyncsB = 0;
    a.subscribe('changes:test', { onMessage: (m) => heardA.push(m), onResync: () => {} });
    b.subscribe('changes:test', { onMessage: (m) => heardB.push(m), onResync: () => (resyncsB += 1) });
    await until(() => a.healthy && b.healthy && resyncsB === 1);

    a.publish('changes:test', 'p some key');
    await until(() => heardB.length === 1);
    expect(heardB).toEqual(['p some key']);
    expect(heardA).toEqual([]); // a process's own messages are not delivered back to it

    // The lock: six tasks over two instances, never two inside at once.
    let inside = 0;
    let most = 0;
    const task = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inside -= 1;
      return 'done';
    };
    const results = await Promise.all([a, b, a, b, a, b].map((c) => c.withLock('publish:1', task)));
    expect(results).toEqual(Array(6).fill('done'));
    expect(most).toBe(1);

    // One counter for both instances.
    expect((await incr(routeStore(a), '1.2.3.4|x')).current).toBe(1);
    expect((await incr(routeStore(b), '1.2.3.4|x')).current).toBe(2);
    const shared = await incr(routeStore(a), '1.2.3.4|x');
    expect(shared.current).toBe(3);
    expect(shared.ttl).toBeGreaterThan(55_000);

    // Redis goes away: every call answers at once from local state.
    await redis.kill();
    await until(() => !a.available && !b.available);
    const started = performance.now();
    expect((await incr(routeStore(a), '1.2.3.4|x')).current).toBe(1);
    expect(await a.withLock('publish:1', async () => 'ran')).toBe('ran');
    a.publish('changes:test', 'c');
    expect(performance.now() - started).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few reconnection attempts fail
    expect(logA.warnings).toHaveLength(1);
    expect(logB.warnings).toHaveLength(1);

    // Redis is back (empty): the subscribers resynchronise, counts and messages are shared again.
    await redis.start();
    await until(() => a.healthy && b.healthy && resyncsB === 2);
    expect(logA.warnings).toHaveLength(2);
    expect(logA.warnings[1]).toBe('Redis is reachable again: shared state back on');
    expect((await incr(routeStore(b), '1.2.3.4|x')).current).toBe(1);
    expect((await incr(routeStore(a), '1.2.3.4|x')).current).toBe(2);
    a.publish('changes:test', 'c');
    await until(() => heardB.length === 2);
    expect(heardB).toEqual(['p some key', 'c']);
  });
});
