/**
 * The desktop header's history store (SPEC §2): a new page truncates the forward entries
 * and is appended, the index stays in bounds, the list survives in (session) storage, and hostile
 * stored values (bad JSON, wrong types, huge lists, foreign paths) never break it.
 */
import { describe, expect, it } from 'vitest';
import {
  arrive,
  canGoBack,
  canGoForward,
  EMPTY_HISTORY,
  entryOf,
  HISTORY_STORAGE_KEY,
  MAX_HISTORY_ENTRIES,
  move,
  readHistory,
  sanitizeHistory,
  visit,
  writeHistory,
} from './history';

/** A Map-backed storage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

const visitAll = (...entries: string[]) => entries.reduce((s, e) => visit(s, e), EMPTY_HISTORY);

describe('visiting and moving', () => {
  it('appends new pages; back enabled above index 0, forward below the end', () => {
    const first = visit(EMPTY_HISTORY, '/');
    expect(first).toEqual({ entries: ['/'], index: 0 });
    expect([canGoBack(first), canGoForward(first)]).toEqual([false, false]);
    const three = visitAll('/', '/protocol', '/detail/abc?tab=1');
    expect(three).toEqual({ entries: ['/', '/protocol', '/detail/abc?tab=1'], index: 2 });
    expect([canGoBack(three), canGoForward(three)]).toEqual([true, false]);
    const back = move(three, -1);
    expect(back).toEqual({ entries: three.entries, index: 1 });
    expect([canGoBack(back!), canGoForward(back!)]).toEqual([true, true]);
  });

  it('a new page after going back drops the forward entries', () => {
    const back = move(move(visitAll('/', '/a', '/b', '/c'), -1)!, -1)!;
    expect(back.index).toBe(1);
    expect(visit(back, '/d')).toEqual({ entries: ['/', '/a', '/d'], index: 2 });
  });

  it('the current page again (a reload, or the page a move navigated to) changes nothing', () => {
    const state = move(visitAll('/', '/a'), -1)!;
    expect(visit(state, '/')).toBe(state);
    expect(arrive(state, '/')).toBe(state);
  });

  it('a replacing navigation replaces the current entry', () => {
    expect(visit(visitAll('/', '/a'), '/a?sort=1', true)).toEqual({ entries: ['/', '/a?sort=1'], index: 1 });
    expect(visit(EMPTY_HISTORY, '/', true)).toEqual({ entries: ['/'], index: 0 });
  });

  it('a browser back/forward moves to the neighbour it landed on, else counts as a visit', () => {
    const state = move(visitAll('/', '/a', '/b'), -1)!;
    expect(arrive(state, '/')).toEqual({ entries: ['/', '/a', '/b'], index: 0 });
    expect(arrive(state, '/b')).toEqual({ entries: ['/', '/a', '/b'], index: 2 });
    expect(arrive(state, '/z')).toEqual({ entries: ['/', '/a', '/z'], index: 2 });
  });

  it('never moves outside the list', () => {
    const state = visitAll('/', '/a');
    expect(move(state, 1)).toBeNull();
    expect(move(move(state, -1)!, -1)).toBeNull();
    expect(move(EMPTY_HISTORY, -1)).toBeNull();
    expect(move(state, 0.5)).toBeNull();
    expect([canGoBack(EMPTY_HISTORY), canGoForward(EMPTY_HISTORY)]).toEqual([false, false]);
  });

  it(`keeps the newest ${MAX_HISTORY_ENTRIES} entries`, () => {
    let state = EMPTY_HISTORY;
    for (let i = 0; i < 250; i++) state = visit(state, `/p${i}`);
    expect(state.entries).toHaveLength(MAX_HISTORY_ENTRIES);
    expect(state.entries[0]).toBe('/p150');
    expect(state.index).toBe(MAX_HISTORY_ENTRIES - 1);
  });

  it('refuses entries that are not app paths', () => {
    for (const bad of [
      '//evil.example/',
      'https://evil.example/',
      'javascript:alert(1)',
      '/a\u0000b',
      `/${'x'.repeat(5000)}`,
      '/\\evil',
    ])
      expect(visit(EMPTY_HISTORY, bad)).toBe(EMPTY_HISTORY);
  });

  it('an entry is path and query, without the sign-in code', () => {
    expect(entryOf('/detail/x', '?a=1')).toBe('/detail/x?a=1');
    expect(entryOf('/', '?code=abc')).toBe('/');
    expect(entryOf('/', '?sort=1&code=abc')).toBe('/?sort=1');
    expect(entryOf('/', '?barcode=1')).toBe('/?barcode=1');
  });
});

describe('storage', () => {
  it('survives a reload: written then read back, list and index', () => {
    const storage = memoryStorage();
    const state = move(visitAll('/', '/protocol', '/detail/k'), -1)!;
    writeHistory(state, storage);
    expect(readHistory(storage)).toEqual(state);
  });

  it('reads hostile contents as safe history', () => {
    const read = (text: string) => readHistory(memoryStorage({ [HISTORY_STORAGE_KEY]: text }));
    expect(read('{not json')).toEqual(EMPTY_HISTORY);
    expect(read('null')).toEqual(EMPTY_HISTORY);
    expect(read('[1,2]')).toEqual(EMPTY_HISTORY);
    expect(read('{"entries":"/"}')).toEqual(EMPTY_HISTORY);
    expect(read('{"entries":[]}')).toEqual(EMPTY_HISTORY);
    expect(read('{"entries":["/","/a"],"index":99}')).toEqual({ entries: ['/', '/a'], index: 1 });
    expect(read('{"entries":["/","/a"],"index":-5}')).toEqual({ entries: ['/', '/a'], index: 0 });
    expect(read('{"entries":["/","/a"],"index":"1"}')).toEqual({ entries: ['/', '/a'], index: 1 });
    expect(read('{"entries":["/","/a"],"index":0.5}')).toEqual({ entries: ['/', '/a'], index: 1 });
    // Bad entries are dropped and the index follows the entry it pointed at.
    expect(read(JSON.stringify({ entries: ['/', 7, '//evil', '/a', '/b'], index: 3 }))).toEqual({
      entries: ['/', '/a', '/b'],
      index: 1,
    });
  });

  it('caps a huge stored list and refuses an oversized value', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => `/p${i}`);
    const state = readHistory(
      memoryStorage({ [HISTORY_STORAGE_KEY]: JSON.stringify({ entries, index: 4999 }) }),
    );
    expect(state.entries).toHaveLength(MAX_HISTORY_ENTRIES);
    expect(state.entries.at(-1)).toBe('/p4999');
    expect(state.index).toBe(MAX_HISTORY_ENTRIES - 1);
    const huge = JSON.stringify({ entries: ['/'], pad: 'x'.repeat(1_000_000) });
    expect(readHistory(memoryStorage({ [HISTORY_STORAGE_KEY]: huge }))).toEqual(EMPTY_HISTORY);
  });

  it('a throwing or missing storage reads as empty and writes nothing, never throwing', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readHistory(throwing)).toEqual(EMPTY_HISTORY);
    expect(() => writeHistory(visit(EMPTY_HISTORY, '/'), throwing)).not.toThrow();
    expect(sanitizeHistory(undefined)).toEqual(EMPTY_HISTORY);
  });
});
