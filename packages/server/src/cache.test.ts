import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { cachedRead, READ_CACHE_SIZE, setReadCache } from './cache';
import { markCatalogueChanged, markPluginChanged } from './db/changes';
import type { Database } from './db/database';

/** The cache only uses a database as a key: a bare object stands in for one. */
const fakeDb = () => ({}) as Database;

function counter() {
  let calls = 0;
  const compute = async () => ++calls;
  return { compute, calls: () => calls };
}

describe('cachedRead (the read cache, invalidated through db/changes only)', () => {
  it('reuses an answer until a catalogue change is marked', async () => {
    const db = fakeDb();
    const c = counter();
    expect(await cachedRead(db, 'k', c.compute)).toBe(1);
    expect(await cachedRead(db, 'k', c.compute)).toBe(1);
    markCatalogueChanged(db);
    expect(await cachedRead(db, 'k', c.compute)).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it("drops a plugin's entries on markPluginChanged, and only those", async () => {
    const db = fakeDb();
    const a = counter();
    const b = counter();
    const list = counter();
    await cachedRead(db, 'detail a', a.compute, { pluginKey: 'a' });
    await cachedRead(db, 'detail b', b.compute, { pluginKey: 'b' });
    await cachedRead(db, 'list', list.compute);
    markPluginChanged(db, 'a');
    await cachedRead(db, 'detail a', a.compute, { pluginKey: 'a' });
    await cachedRead(db, 'detail b', b.compute, { pluginKey: 'b' });
    await cachedRead(db, 'list', list.compute);
    expect([a.calls(), b.calls(), list.calls()]).toEqual([2, 1, 1]);
  });

  it('treats an answer computed across a change as stale', async () => {
    const db = fakeDb();
    let calls = 0;
    const compute = async () => {
      calls++;
      if (calls === 1) markCatalogueChanged(db); // a write commits while the first read runs
      return calls;
    };
    expect(await cachedRead(db, 'k', compute)).toBe(1);
    expect(await cachedRead(db, 'k', compute)).toBe(2);
    expect(await cachedRead(db, 'k', compute)).toBe(2);
  });

  it('expires entries after their TTL (writes of other processes)', async () => {
    const db = fakeDb();
    const c = counter();
    await cachedRead(db, 'k', c.compute, { ttl: 30 });
    await cachedRead(db, 'k', c.compute, { ttl: 30 });
    expect(c.calls()).toBe(1);
    await sleep(60);
    await cachedRead(db, 'k', c.compute, { ttl: 30 });
    expect(c.calls()).toBe(2);
  });

  it('keeps databases apart, is bounded, and can be turned off', async () => {
    const one = fakeDb();
    const two = fakeDb();
    const c = counter();
    await cachedRead(one, 'k', c.compute);
    await cachedRead(two, 'k', c.compute);
    markCatalogueChanged(two);
    await cachedRead(one, 'k', c.compute);
    expect(c.calls()).toBe(2);

    for (let i = 0; i < READ_CACHE_SIZE; i++) await cachedRead(one, `filler ${i}`, async () => i);
    await cachedRead(one, 'k', c.compute); // the least recently used entry was dropped
    expect(c.calls()).toBe(3);

    setReadCache(one, false);
    await cachedRead(one, 'k', c.compute);
    await cachedRead(one, 'k', c.compute);
    expect(c.calls()).toBe(5);
    setReadCache(one, true);
    await cachedRead(one, 'k', c.compute);
    await cachedRead(one, 'k', c.compute);
    expect(c.calls()).toBe(6);
  });

  it('does not cache failures', async () => {
    const db = fakeDb();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('no');
    };
    await expect(cachedRead(db, 'k', failing)).rejects.toThrow('no');
    await expect(cachedRead(db, 'k', failing)).rejects.toThrow('no');
    expect(calls).toBe(2);
  });
});
