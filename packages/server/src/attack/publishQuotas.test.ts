/**
 * Filling the disk from one account: publishes, new versions and their files come from any signed-in
 * account, so the server bounds them per account — publishes and new versions per hour
 * (`PUBLISH_RATE_LIMIT`), submissions waiting for review (`PUBLISH_PENDING_MAX`) and the bytes
 * of the files of the account's plugins and submissions (`PUBLISH_STORAGE_QUOTA_MB`). Each refusal
 * answers in the error envelope with the limit in its message and stores nothing: no plugin row, no
 * submission row, no file. The limits here are small so that a handful of requests reach them.
 */
import type { ErrorEnvelope, Submission } from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { mp4Bytes, multipart, pngBytes, publishFields } from '../testing/testFiles';

/** The limits of the test server. */
const LIMITS = { perHour: 5, pendingMax: 2, storageBytes: 100 * 1024 };
/** Size of the videos the probe sends, bytes: two of them are over {@link LIMITS}.storageBytes. */
const VIDEO_BYTES = 60 * 1024;

let t: TestApp;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ publishLimits: LIMITS });
}, 60_000);
afterAll(() => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A video of `size` bytes that no other request sends (its own content address). */
function uniqueVideo(size = VIDEO_BYTES): Buffer {
  const bytes = mp4Bytes(size);
  bytes.write(`probe-${process.pid}-${++serial}-${Date.now()}`, 64, 'latin1');
  return bytes;
}

/** An icon no other request sends. */
function uniqueIcon() {
  serial += 1;
  return {
    bytes: pngBytes(32, 32, [serial % 256, (serial >> 8) % 256, 7]),
    name: 'i.png',
    type: 'image/png',
  };
}

/** Publishes (`POST`) or submits a new version (`PUT`) as the account of `token`. */
async function send(
  method: 'POST' | 'PUT',
  token: string,
  overrides: Parameters<typeof publishFields>[0] = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart(
    publishFields({ icon: uniqueIcon(), video: undefined, images: undefined, ...overrides }),
  );
  return t.app.inject({ method, url: '/api/cmt/plugin', payload, headers: { ...headers, ...bearer(token) } });
}

/** What is stored: plugin and submission rows, and the files in the storage. */
async function stored() {
  const db = t.app.db.kysely;
  const plugins = await db
    .selectFrom('plugin')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const submissions = await db
    .selectFrom('plugin_submission')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const files = (await t.app.publishing.storage.list()).map((f) => f.key).sort();
  return { plugins: Number(plugins.n), submissions: Number(submissions.n), files };
}

/** The bytes of the stored files the rows of the account's plugins refer to, read from the storage. */
async function bytesOnDisk(userId: number): Promise<number> {
  const db = t.app.db.kysely;
  const rows = [
    ...(await db
      .selectFrom('plugin')
      .select(['icon', 'cover_center', 'cover_panel', 'video', 'code_file', 'images'])
      .where('owner_id', '=', userId)
      .execute()),
    ...(await db
      .selectFrom('plugin_submission as s')
      .innerJoin('plugin as p', 'p.id', 's.plugin_id')
      .select(['s.icon', 's.cover_center', 's.cover_panel', 's.video', 's.code_file', 's.images'])
      .where('p.owner_id', '=', userId)
      .execute()),
  ];
  const keys = new Set<string>();
  for (const row of rows) {
    for (const value of [row.icon, row.cover_center, row.cover_panel, row.video, row.code_file])
      if (value) keys.add(value.replace('/api/cmt/file/', ''));
    for (const value of JSON.parse(row.images) as string[]) keys.add(value.replace('/api/cmt/file/', ''));
  }
  let total = 0;
  for (const key of keys) total += (await t.app.publishing.storage.get(key))?.byteLength ?? 0;
  return total;
}

const envelope = (response: LightMyRequestResponse) => body<ErrorEnvelope>(response);

describe(`publishing limits per account (${TEST_DIALECT})`, () => {
  it('bounds what one new account can push: publishes, pending submissions and bytes', async () => {
    const session = await signInTestUser(t.app);
    let accepted = 0;
    let refused = 0;
    for (let i = 0; i < 10; i++) {
      const response = await send('POST', session.access_token, {
        video: { bytes: uniqueVideo(), name: 'v.mp4', type: 'video/mp4' },
      });
      if (response.statusCode === 200) accepted++;
      else refused++;
    }
    const bytes = await bytesOnDisk(session.user_info.user_id);
    // Before the limits: 10 of 10 publishes were accepted and the account stored 10 videos
    // (≈ 615 KB against a 100 KB quota). Now: the first is stored, the next four are over the
    // quota (413), the last five over the rate (429).
    expect({ accepted, refused, overQuota: bytes > LIMITS.storageBytes }).toEqual({
      accepted: 1,
      refused: 9,
      overQuota: false,
    });
    expect(bytes).toBeLessThanOrEqual(LIMITS.storageBytes);
  });

  it('refuses a publish over the storage quota with 413, naming the quota, and stores nothing', async () => {
    const session = await signInTestUser(t.app);
    const first = await send('POST', session.access_token, {
      video: { bytes: uniqueVideo(), name: 'v.mp4', type: 'video/mp4' },
    });
    expect(first.statusCode).toBe(200);
    const pluginKey = body<{ data: Submission }>(first).data.plugin_key;
    const before = await stored();
    const over = await send('POST', session.access_token, {
      video: { bytes: uniqueVideo(), name: 'v.mp4', type: 'video/mp4' },
    });
    expect(over.statusCode).toBe(413);
    expect(envelope(over)).toMatchObject({ error: 'STORAGE_QUOTA_EXCEEDED', data: null });
    expect(envelope(over).message).toMatch(/storage quota/i);
    expect(envelope(over).message).toContain('100 KB');
    expect(await stored()).toEqual(before);

    // A new version that replaces the pending one's video fits: the replaced files no longer count,
    // and the replaced video leaves the storage at once.
    const oldVideo = (
      await t.app.db.kysely
        .selectFrom('plugin_submission as s')
        .innerJoin('plugin as p', 'p.id', 's.plugin_id')
        .select('s.video')
        .where('p.plugin_key', '=', pluginKey)
        .executeTakeFirstOrThrow()
    ).video!;
    const edit = await send('PUT', session.access_token, {
      plugin_key: pluginKey,
      version: '1.0.1',
      video: { bytes: uniqueVideo(), name: 'v.mp4', type: 'video/mp4' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await stored()).files).not.toContain(oldVideo);
    const onDisk = await bytesOnDisk(session.user_info.user_id);
    expect(onDisk).toBeLessThanOrEqual(LIMITS.storageBytes);
    // The account's usage as the server counts it is what its files take in the storage.
    expect(await t.app.publishing.storageUsage(session.user_info.user_id)).toBe(onDisk);
  });

  it('refuses a publish beyond the pending submissions cap with 409, naming the cap, and stores nothing', async () => {
    const session = await signInTestUser(t.app);
    const keys: string[] = [];
    for (let i = 0; i < LIMITS.pendingMax; i++) {
      const response = await send('POST', session.access_token);
      expect(response.statusCode).toBe(200);
      keys.push(body<{ data: Submission }>(response).data.plugin_key);
    }
    const before = await stored();
    const third = await send('POST', session.access_token);
    expect(third.statusCode).toBe(409);
    expect(envelope(third)).toMatchObject({ error: 'PENDING_LIMIT_REACHED', data: null });
    expect(envelope(third).message).toContain(`${LIMITS.pendingMax} submissions waiting for review`);
    expect(await stored()).toEqual(before);

    // A new version of a waiting plugin replaces its pending submission: allowed at the cap.
    const edit = await send('PUT', session.access_token, { plugin_key: keys[0]!, version: '1.0.1' });
    expect(edit.statusCode).toBe(200);

    // Once a submission is reviewed, the account may publish again.
    const admin = await signInTestUser(t.app, { role: Role.GENERAL_ADMIN });
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/audit/status',
      headers: bearer(admin.access_token),
      payload: { plugin_key: keys[1]!, status: 3, reason: 'Not this time' },
    });
    expect(review.statusCode).toBe(200);
    expect((await send('POST', session.access_token)).statusCode).toBe(200);
  });

  it('refuses publishes beyond the hourly rate with 429 and Retry-After, naming the rate, and stores nothing', async () => {
    const session = await signInTestUser(t.app);
    const first = await send('POST', session.access_token);
    expect(first.statusCode).toBe(200);
    const pluginKey = body<{ data: Submission }>(first).data.plugin_key;
    for (let i = 1; i < LIMITS.perHour; i++) {
      const edit = await send('PUT', session.access_token, { plugin_key: pluginKey, version: `1.0.${i}` });
      expect(edit.statusCode).toBe(200);
    }
    const before = await stored();
    const over = await send('PUT', session.access_token, { plugin_key: pluginKey, version: '2.0.0' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(envelope(over)).toMatchObject({ error: 'RATE_LIMITED', data: null });
    expect(envelope(over).message).toContain(`${LIMITS.perHour} publishes per hour`);
    expect(await stored()).toEqual(before);
    // Per account: another account still publishes.
    const other = await signInTestUser(t.app);
    expect((await send('POST', other.access_token)).statusCode).toBe(200);
  });

  it('exempts administrators from the rate and the pending cap', async () => {
    const admin = await signInTestUser(t.app, { role: Role.GENERAL_ADMIN });
    for (let i = 0; i < LIMITS.perHour + LIMITS.pendingMax; i++)
      expect((await send('POST', admin.access_token)).statusCode).toBe(200);
  });
});
