/**
 * Resource positions through the real server on SQLite and PostgreSQL, with an
 * injected clock: the derived status at each boundary (start − 1 ms, start, end − 1 ms, end), the
 * square's featured area appearing and disappearing on time without any write or restart (and
 * through its read cache), disable and restore, the time-range rules of SPEC §5, the audit log, and
 * hostile input that writes nothing. The back-office list: resourcePositionList.test.ts.
 */
import type { AuditLogPage, ErrorEnvelope, ResourcePosition } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type TestApp } from '../testing/testApp';
import { BASE, createResourcePositionSession } from '../testing/testResourcePositions';
import { END_BEFORE_NOW_MESSAGE, END_BEFORE_START_MESSAGE } from './resourcePositions';

/** The injected clock, moved by the tests. */
let now = BASE;

const session = createResourcePositionSession(() => now);
const { create, created, list, featured, disable, statusOf, slotCount, clearSquare } = session;
let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
let keys: string[];

beforeAll(async () => {
  ({ t, admin, user, keys } = await session.start());
});

afterAll(() => session.close());

describe('status at each boundary, and the square', () => {
  it('is pending until start, active from start to end − 1 ms, expired from end; the square follows the clock', async () => {
    now = BASE;
    await clearSquare();
    const start = BASE + 60_000;
    const end = BASE + 120_000;
    const slot = await created({ plugin_key: keys[0]!, start_time: start, end_time: end, is_new: true });
    expect(slot).toMatchObject({
      plugin_key: keys[0],
      start_time: start,
      end_time: end,
      is_new: true,
      is_disabled: false,
      status: 'pending',
      create_time: BASE,
      update_time: BASE,
    });
    expect(slot.name.length).toBeGreaterThan(0);

    const steps: [number, string, boolean][] = [
      [start - 1, 'pending', false],
      [start, 'active', true],
      [end - 1, 'active', true],
      [end, 'expired', false],
    ];
    for (const [time, status, shown] of steps) {
      now = time;
      expect(await statusOf(slot.id), `status at ${time - BASE} ms`).toBe(status);
      // Twice: the second answer may come from the read cache, which must not outlive a boundary.
      for (let i = 0; i < 2; i++) {
        const square = await featured();
        expect(square.server_time).toBe(time);
        expect(
          square.featured_list.some((f) => f.id === slot.id),
          `shown at ${time - BASE} ms`,
        ).toBe(shown);
      }
    }
  });

  it('answers the next start or end as next_change_time, and the active slot with its plugin card', async () => {
    now = BASE;
    await clearSquare();
    const start = BASE + 10_000;
    const end = BASE + 20_000;
    const slot = await created({ plugin_key: keys[1]!, start_time: start, end_time: end });
    now = start - 1;
    expect(await featured()).toEqual({ featured_list: [], server_time: start - 1, next_change_time: start });
    now = start;
    const square = await featured('lang=en-US');
    expect(square.next_change_time).toBe(end);
    expect(square.featured_list).toHaveLength(1);
    expect(square.featured_list[0]).toMatchObject({
      id: slot.id,
      start_time: start,
      end_time: end,
      is_new: false,
      plugin: { plugin_key: keys[1] },
    });
    now = end;
    expect(await featured()).toEqual({ featured_list: [], server_time: end, next_change_time: null });
  });

  it('shows active slots most recently started first, one card per plugin', async () => {
    now = BASE;
    await clearSquare();
    const a = await created({ plugin_key: keys[2]!, start_time: BASE, end_time: BASE + 600_000 });
    const b = await created({ plugin_key: keys[3]!, start_time: BASE + 1000, end_time: BASE + 600_000 });
    const again = await created({ plugin_key: keys[2]!, start_time: BASE + 500, end_time: BASE + 600_000 });
    now = BASE + 2000;
    const square = await featured();
    expect(square.featured_list.map((f) => f.id)).toEqual([b.id, again.id]);
    expect(square.featured_list.map((f) => f.plugin.plugin_key)).toEqual([keys[3], keys[2]]);
    expect(a.id).toBeLessThan(again.id);
  });

  it('drops a slot from the square when its plugin is deleted', async () => {
    now = BASE;
    await clearSquare();
    const slot = await created({ plugin_key: keys[5]!, start_time: BASE, end_time: BASE + 600_000 });
    expect((await featured()).featured_list.map((f) => f.id)).toEqual([slot.id]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/cmt/plugin',
      headers: admin,
      payload: { plugin_key: keys[5] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await featured()).featured_list).toEqual([]);
    expect((await list('page_size=100')).resource_state_list.some((s) => s.id === slot.id)).toBe(false);
  });
});

describe('the featured list query', () => {
  it('answers every locale and refuses hostile queries with 400', async () => {
    for (const lang of ['zh-CN', 'en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES']) {
      expect((await featured(`lang=${lang}`)).server_time).toBe(now);
    }
    for (const query of ['lang=xx', 'lang=%00', 'lang=en-US&extra=1', `lang=${'a'.repeat(5000)}`, 'lang=1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/cmt/plugin/resource_state/active?${query}`,
      });
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect(body<ErrorEnvelope>(res).error).toBe('INVALID_PARAMETER');
    }
  });
});

describe('disable and restore', () => {
  it('invalidates a slot at once and restores it to its clock status; idempotent; audit-logged', async () => {
    now = BASE;
    await clearSquare();
    const slot = await created({ plugin_key: keys[4]!, start_time: BASE, end_time: BASE + 600_000 });
    now = BASE + 1000;
    expect((await featured()).featured_list.map((f) => f.id)).toEqual([slot.id]);

    const off = await disable(`id=${slot.id}&is_disabled=true`);
    expect(off.statusCode, off.body).toBe(200);
    expect(body<{ data: ResourcePosition }>(off).data).toMatchObject({
      id: slot.id,
      is_disabled: true,
      status: 'invalidated',
      update_time: BASE + 1000,
    });
    expect((await featured()).featured_list).toEqual([]);
    // Again: nothing changes, nothing more is logged.
    now = BASE + 2000;
    const offAgain = body<{ data: ResourcePosition }>(await disable(`id=${slot.id}&is_disabled=1`)).data;
    expect(offAgain).toMatchObject({ status: 'invalidated', update_time: BASE + 1000 });

    const on = await disable(`id=${slot.id}&is_disabled=false`);
    expect(on.statusCode, on.body).toBe(200);
    expect(body<{ data: ResourcePosition }>(on).data).toMatchObject({ is_disabled: false, status: 'active' });
    expect((await featured()).featured_list.map((f) => f.id)).toEqual([slot.id]);
    expect(body<{ data: ResourcePosition }>(await disable(`id=${slot.id}&is_disabled=0`)).data.status).toBe(
      'active',
    );

    // Disabled then expired is still invalidated; restored after its end it is expired.
    await disable(`id=${slot.id}&is_disabled=true`);
    now = BASE + 600_000;
    expect(await statusOf(slot.id)).toBe('invalidated');
    expect(
      body<{ data: ResourcePosition }>(await disable(`id=${slot.id}&is_disabled=false`)).data.status,
    ).toBe('expired');

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/cmt/manager/audit-log?plugin_key=${encodeURIComponent(keys[4]!)}`,
      headers: admin,
    });
    expect(body<{ data: AuditLogPage }>(log).data.entry_list.map((e) => e.action)).toEqual([
      'resource_restore',
      'resource_disable',
      'resource_restore',
      'resource_disable',
      'resource_create',
    ]);
    const entry = body<{ data: AuditLogPage }>(log).data.entry_list.at(-1)!;
    expect(entry.reason).toContain(`resource position ${slot.id}`);
    expect(entry.actor.user_id).not.toBeNull();
  });

  it('answers 404 RESOURCE_POSITION_NOT_FOUND for an unknown id and 400 for hostile queries', async () => {
    const missing = await disable('id=2147483647&is_disabled=true');
    expect(missing.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(missing).error).toBe('RESOURCE_POSITION_NOT_FOUND');
    for (const query of [
      'id=abc&is_disabled=true',
      'id=0&is_disabled=true',
      'id=-1&is_disabled=true',
      'id=2147483648&is_disabled=true',
      'id=99999999999999999999&is_disabled=true',
      'id=1.5&is_disabled=true',
      'id=1&is_disabled=maybe',
      'id=1&is_disabled=2',
      'id=1',
      'is_disabled=true',
      'id=1%00&is_disabled=true',
      'id=1&is_disabled=true&extra=1',
    ]) {
      const res = await disable(query);
      expect(res.statusCode, query).toBe(400);
      expect(body<ErrorEnvelope>(res).error, query).toBe('INVALID_PARAMETER');
    }
  });

  it('is for administrators only', async () => {
    expect((await disable('id=1&is_disabled=true', user)).statusCode).toBe(403);
    expect(
      (await create({ plugin_key: keys[0], start_time: BASE, end_time: BASE + 1 }, user)).statusCode,
    ).toBe(403);
    expect((await create({ plugin_key: keys[0], start_time: BASE, end_time: BASE + 1 }, {})).statusCode).toBe(
      401,
    );
  });
});

describe('the time range rules (SPEC §5)', () => {
  it('refuses an end before the start or before now with a clear message on end_time, writing nothing', async () => {
    now = BASE + 100_000;
    const before = await slotCount();
    const cases: [object, string][] = [
      [
        { plugin_key: keys[0], start_time: BASE + 200_000, end_time: BASE + 199_999 },
        END_BEFORE_START_MESSAGE,
      ],
      [{ plugin_key: keys[0], start_time: BASE, end_time: BASE + 99_999 }, END_BEFORE_NOW_MESSAGE],
      [{ plugin_key: keys[0], start_time: BASE + 300_000, end_time: BASE }, END_BEFORE_START_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(body<ErrorEnvelope>(res)).toEqual({
        code: 40000,
        error: 'INVALID_PARAMETER',
        message,
        data: null,
        field: 'end_time',
      });
    }
    expect(await slotCount()).toBe(before);
  });

  it('accepts an end equal to the start or to now (not before), and a start in the past', async () => {
    now = BASE + 100_000;
    const a = await created({ plugin_key: keys[0]!, start_time: BASE + 150_000, end_time: BASE + 150_000 });
    expect(a.status).toBe('pending');
    const b = await created({ plugin_key: keys[0]!, start_time: BASE, end_time: BASE + 100_000 });
    expect(b.status).toBe('expired');
    const c = await created({ plugin_key: keys[0]!, start_time: 0, end_time: BASE + 200_000 });
    expect(c.status).toBe('active');
    await clearSquare();
  });

  it('refuses a missing range, unknown or unapproved plugins and hostile bodies, writing nothing', async () => {
    now = BASE;
    const before = await slotCount();
    const missingRange = await create({ plugin_key: keys[0] });
    expect(missingRange.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(missingRange)).toMatchObject({
      error: 'INVALID_PARAMETER',
      message: 'body.start_time: is required',
    });
    const missingEnd = await create({ plugin_key: keys[0], start_time: BASE });
    expect(body<ErrorEnvelope>(missingEnd).message).toBe('body.end_time: is required');
    const unknown = await create({ plugin_key: 'no-such-plugin', start_time: BASE, end_time: BASE + 1 });
    expect(unknown.statusCode).toBe(404);
    expect(body<ErrorEnvelope>(unknown)).toMatchObject({ error: 'PLUGIN_NOT_FOUND', field: 'plugin_key' });
    const pending = await t.app.db.kysely
      .selectFrom('plugin')
      .select('plugin_key')
      .where('review_status', '<>', 2)
      .executeTakeFirst();
    if (pending) {
      const res = await create({ plugin_key: pending.plugin_key, start_time: BASE, end_time: BASE + 1 });
      expect(res.statusCode).toBe(404);
    }
    const hostile: unknown[] = [
      {},
      { plugin_key: keys[0], start_time: BASE },
      { plugin_key: keys[0], end_time: BASE },
      { plugin_key: '', start_time: BASE, end_time: BASE + 1 },
      { plugin_key: 'a\u0000b', start_time: BASE, end_time: BASE + 1 },
      { plugin_key: 'x'.repeat(10_000), start_time: BASE, end_time: BASE + 1 },
      { plugin_key: keys[0], start_time: 'soon', end_time: BASE + 1 },
      { plugin_key: keys[0], start_time: BASE, end_time: '2030-01-02' },
      { plugin_key: keys[0], start_time: BASE + 0.5, end_time: BASE + 1 },
      { plugin_key: keys[0], start_time: -1, end_time: BASE + 1 },
      { plugin_key: keys[0], start_time: BASE, end_time: 8_640_000_000_000_001 },
      { plugin_key: keys[0], start_time: BASE, end_time: 1e300 },
      { plugin_key: keys[0], start_time: BASE, end_time: BASE + 1, is_new: 'yes' },
      { plugin_key: keys[0], start_time: BASE, end_time: BASE + 1, status: 'active' },
      { plugin_key: 42, start_time: BASE, end_time: BASE + 1 },
      [keys[0], BASE, BASE + 1],
    ];
    for (const payload of hostile) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<ErrorEnvelope>(res).data).toBeNull();
    }
    const text = await create('plugin_key=x');
    expect(text.statusCode).toBe(415);
    expect(body<ErrorEnvelope>(text).data).toBeNull();
    expect(await slotCount()).toBe(before);
  });
});
