/**
 * Feed pages and their size, through two real servers on SQLite and PostgreSQL: the upstream's
 * feed stops a page early once its changes' JSON would pass a byte cap (`readChanges`'s
 * `maxBytes`), with a cursor that loses no change (a plugin whose last change was cut comes on the
 * next page, even when an earlier change of it was within the cut page) and `more` true; a pull
 * follows such pages to the end; a pull whose page is refused as too large asks again with half as
 * many changes, down to one, and stops (keeping its cursor) only when a single change is too large.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MirrorChanges } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { pluginRows, proxyUpstream, startTestMirror } from '../testing/testMirror';
import { createPublishingSession } from '../testing/testPublishing';
import { MIRROR_PAGE_MAX_BYTES, readChanges } from './feed';
import { MIRROR_ANSWER_MAX_BYTES } from './upstreamHttp';

const session = createPublishingSession();
const { publishAndApprove } = session;
let up: TestApp;
let origin = '';
const apps: TestApp[] = [];
const servers: Server[] = [];
const keys: string[] = [];

/** Every page of the upstream's feed from the start, `limit` rows and `maxBytes` each. */
async function walk(limit: number, maxBytes: number): Promise<MirrorChanges[]> {
  const pages: MirrorChanges[] = [];
  let cursor = '0';
  for (let i = 0; i < 200; i++) {
    const page = await readChanges(up.app.db.kysely, cursor, limit, maxBytes);
    pages.push(page);
    cursor = page.cursor;
    if (!page.more) break;
  }
  return pages;
}

/** The `limit` a feed request asked for. */
const limitOf = (path: string) => Number(new URL(path, 'http://x').searchParams.get('limit'));

describe(`feed pages and their size (${TEST_DIALECT})`, () => {
  beforeAll(async () => {
    ({ t: up } = await session.start('local'));
    await up.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(up.app.server.address() as AddressInfo).port}`;
    const first = await publishAndApprove({ name: 'Paged One', version_content: 'n'.repeat(1500) });
    keys.push(first, await publishAndApprove({ name: 'Paged Two' }));
    // The first plugin changes again after the second: its changes straddle the second's.
    await publishAndApprove({
      plugin_key: first,
      name: 'Paged One',
      version: '1.1.0',
      version_content: 'é'.repeat(1500),
    });
    keys.push(await publishAndApprove({ name: 'Paged Three' }));
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) server.close();
    for (const m of apps) await m.close();
    await session.close();
  });

  it('stops a page before the change that would pass the byte cap, with an exact cursor and `more`', async () => {
    expect(MIRROR_PAGE_MAX_BYTES).toBeLessThanOrEqual(MIRROR_ANSWER_MAX_BYTES / 4);
    const whole = await readChanges(up.app.db.kysely, '0', 500);
    expect(whole.more).toBe(false);
    expect(whole.changes.map((c) => c.plugin_key)).toEqual([keys[1], keys[0], keys[2]]);
    // The default cap leaves these pages whole.
    expect(await readChanges(up.app.db.kysely, '0', 500, MIRROR_PAGE_MAX_BYTES)).toEqual(whole);
    // One change a page (a change larger than the cap still makes a page of its own).
    const single = await walk(500, 1);
    expect(single.map((p) => p.changes.length)).toEqual([1, 1, 1]);
    expect(single.map((p) => p.more)).toEqual([true, true, false]);
    expect(single.flatMap((p) => p.changes)).toEqual(whole.changes);
    expect(single.map((p) => p.cursor)).toEqual([
      String(whole.changes[0]!.seq),
      String(whole.changes[1]!.seq),
      whole.cursor,
    ]);
    // A cap that holds exactly the first two changes: cut after them, the third comes next.
    const two = whole.changes
      .slice(0, 2)
      .reduce((sum, c) => sum + Buffer.byteLength(JSON.stringify(c)) + 1, 0);
    const cut = await readChanges(up.app.db.kysely, '0', 500, two);
    expect(cut).toEqual({
      changes: whole.changes.slice(0, 2),
      cursor: String(whole.changes[1]!.seq),
      more: true,
    });
    expect((await readChanges(up.app.db.kysely, '0', 500, two - 1)).changes).toHaveLength(1);
    const rest = await readChanges(up.app.db.kysely, cut.cursor, 500, two);
    expect(rest).toEqual({ changes: whole.changes.slice(2), cursor: whole.cursor, more: false });
    // Small row pages and the cap together: every plugin, each page one change at most, the cursor
    // never going back (a plugin may come twice, as row pages make it without the cap).
    const mixed = await walk(2, 1);
    expect(new Set(mixed.flatMap((p) => p.changes).map((c) => c.plugin_key))).toEqual(new Set(keys));
    expect(mixed.every((p) => p.changes.length <= 1)).toBe(true);
    const cursors = mixed.map((p) => Number(p.cursor));
    expect([...cursors].sort((a, b) => a - b)).toEqual(cursors);
    expect(mixed.at(-1)!.cursor).toBe(whole.cursor);
  });

  it('pulls to the end of a feed whose pages the upstream cut by size', async () => {
    const cutting = await proxyUpstream(origin, servers, async (path) => {
      if (!path.startsWith('/api/cmt/mirror/changes')) return undefined;
      const since = new URL(path, origin).searchParams.get('since') ?? '0';
      return {
        body: JSON.stringify({ code: 0, data: await readChanges(up.app.db.kysely, since, limitOf(path), 1) }),
      };
    });
    const m = await startTestMirror(cutting, apps);
    const result = await m.app.mirror.pull();
    expect(result.error).toBeNull();
    expect(result).toMatchObject({ added: 3, failed: 0 });
    for (const key of keys) expect((await pluginRows(m, key)).plugins).toHaveLength(1);
    expect(await m.app.mirror.cursor(cutting)).toBe((await readChanges(up.app.db.kysely, '0', 500)).cursor);
  }, 60_000);

  it('halves its page when a page is too large, down to one change, and stops only then', async () => {
    const limits: number[] = [];
    const tooLarge = { body: Buffer.alloc(MIRROR_ANSWER_MAX_BYTES + 1024, 32) };
    const picky = await proxyUpstream(origin, servers, async (path) => {
      if (!path.startsWith('/api/cmt/mirror/changes')) return undefined;
      limits.push(limitOf(path));
      return limitOf(path) > 3 ? tooLarge : undefined;
    });
    const m = await startTestMirror(picky, apps);
    const result = await m.app.mirror.pull();
    expect(result.error).toBeNull();
    expect(result).toMatchObject({ added: 3, failed: 0 });
    // Then three a page for the rest of the pull.
    expect(limits.slice(0, 6)).toEqual([100, 50, 25, 12, 6, 3]);
    expect(limits.length).toBeGreaterThan(6);
    expect(new Set(limits.slice(6))).toEqual(new Set([3]));
    // The next pull starts at 100 again.
    limits.length = 0;
    expect((await m.app.mirror.pull()).error).toBeNull();
    expect(limits.slice(0, 6)).toEqual([100, 50, 25, 12, 6, 3]);
    // Too large even with one change: the pull stops there, its cursor kept.
    limits.length = 0;
    const huge = await proxyUpstream(origin, servers, async (path) => {
      if (!path.startsWith('/api/cmt/mirror/changes')) return undefined;
      limits.push(limitOf(path));
      return tooLarge;
    });
    const stuck = await startTestMirror(huge, apps);
    const stopped = await stuck.app.mirror.pull();
    expect(stopped.error).toMatch(
      /^the feed is larger than 16777216 bytes even with one change a page \(after 0\)$/,
    );
    expect(limits).toEqual([100, 50, 25, 12, 6, 3, 1]);
    expect(await stuck.app.mirror.cursor(huge)).toBe('0');
    expect(stopped.added).toBe(0);
    // A smaller page asked by the caller halves from there.
    limits.length = 0;
    await stuck.app.mirror.pull({ batchSize: 5 });
    expect(limits).toEqual([5, 2, 1]);
  }, 120_000);
});
