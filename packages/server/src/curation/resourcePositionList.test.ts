/**
 * The resource positions' back-office list through the real server on SQLite and PostgreSQL, with
 * an injected clock: newest first, paged by cursor, filtered by derived status, and hostile queries
 * refused.
 */
import type { ErrorEnvelope, ResourcePosition } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type TestApp } from '../testing/testApp';
import { BASE, createResourcePositionSession } from '../testing/testResourcePositions';

/** The injected clock, moved by the tests. */
let now = BASE;

const session = createResourcePositionSession(() => now);
const { created, list, slotCount, clearSquare } = session;
let t: TestApp;
let admin: Record<string, string>;
let keys: string[];

beforeAll(async () => {
  ({ t, admin, keys } = await session.start());
});

afterAll(() => session.close());

describe('the back-office list', () => {
  it('pages newest first, filters by derived status, and refuses a cursor of another filter', async () => {
    now = BASE;
    await clearSquare();
    const made: ResourcePosition[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await created({ plugin_key: keys[i % 4]!, start_time: BASE + 10_000, end_time: BASE + 20_000 }),
      );
    }
    const all = await list('page_size=100');
    expect(all.total).toBe(await slotCount());
    expect(all.resource_state_list.map((s) => s.id)).toEqual(
      [...all.resource_state_list.map((s) => s.id)].sort((a, b) => b - a),
    );

    const first = await list('status=pending&page_size=3');
    expect(first.total).toBe(5);
    expect(first.resource_state_list.map((s) => s.id)).toEqual(
      made
        .slice(-3)
        .reverse()
        .map((s) => s.id),
    );
    expect(first.next_cursor).not.toBeNull();
    const second = await list(`status=pending&page_size=3&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.resource_state_list.map((s) => s.id)).toEqual(
      made
        .slice(0, 2)
        .reverse()
        .map((s) => s.id),
    );
    expect(second.next_cursor).toBeNull();
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/cmt/plugin/resource_state/list?status=active&cursor=${encodeURIComponent(first.next_cursor!)}`,
      headers: admin,
    });
    expect(other.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(other).error).toBe('INVALID_CURSOR');

    now = BASE + 10_000;
    expect((await list('status=active')).total).toBe(5);
    expect((await list('status=pending')).total).toBe(0);
    now = BASE + 20_000;
    expect((await list('status=expired')).resource_state_list.slice(0, 5).map((s) => s.id)).toEqual(
      made.map((s) => s.id).reverse(),
    );
    const invalidated = await list('status=invalidated&page_size=100');
    expect(invalidated.resource_state_list.every((s) => s.is_disabled && s.status === 'invalidated')).toBe(
      true,
    );
    for (const row of all.resource_state_list) expect(row).toHaveProperty('icon');

    for (const query of [
      'status=live',
      'page_size=0',
      'page_size=101',
      'cursor=%00',
      'lang=xx',
      'cursor=abc',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/cmt/plugin/resource_state/list?${query}`,
        headers: admin,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
