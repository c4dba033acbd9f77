/**
 * Two administrators deciding on one submission at the same moment, as a probe sends them: pairs
 * of `POST plugin/audit/status` (approve + approve, approve + reject) fired together through the
 * real server, on new plugins and on an edit (2.0.0) of a live plugin. Exactly one of each pair
 * answers 200; the other answers 409 ALREADY_REVIEWED in the error envelope and writes nothing.
 * Afterwards the plugin's review status, its current version, its history versions, the decided
 * submission and the audit log all tell the one decision that won. An edit sent with an approval
 * goes wholly before or after it. The other changes that read before they write, each sent twice at
 * once: the default-install toggle and the slot toggle change and log once, an owner assignment adds
 * one submission, of two recommendation choices one is left whole, banners saved together each get
 * a place of their own. Both dialects.
 */
import type { AuditLogPage, ErrorEnvelope, Submission } from '@plugin-center/contract';
import { ApiErrorCode, ReviewStatus, Role } from '@plugin-center/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart, pngBytes, publishFields } from '../testing/testFiles';
import { createPublishingSession } from '../testing/testPublishing';

/** Concurrent pairs per case (half approve + approve, half approve + reject). */
const PAIRS = Number(process.env.REVIEW_RACE_PAIRS ?? 20);

const session = createPublishingSession();
const { send, json } = session;
let t: TestApp;
/** The second administrator's bearer header. */
let secondAdmin: { authorization: string };

beforeAll(async () => {
  ({ t } = await session.start('local'));
  secondAdmin = {
    authorization: `Bearer ${(await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token}`,
  };
}, 60_000);
afterAll(() => session.close());

type Decision = typeof ReviewStatus.APPROVED | typeof ReviewStatus.UNAPPROVED;

/**
 * Sends one decision on `key`'s pending submission as the first or the second administrator; with
 * `version`, on that version only (what the review page sends).
 */
function decide(
  key: string,
  status: Decision,
  asSecond: boolean,
  version?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin/audit/status',
    headers: asSecond ? secondAdmin : session.auth('admin'),
    payload: {
      plugin_key: key,
      status,
      ...(status === ReviewStatus.UNAPPROVED ? { reason: 'Not now' } : {}),
      ...(version ? { version } : {}),
    },
  });
}

/** Publishes a new plugin named `name` at 1.0.0; its key. */
async function publish(name: string): Promise<string> {
  const response = await send('POST', 'author', publishFields({ name }));
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: Submission }>(response).data.plugin_key;
}

/** Publishes `name`, approves 1.0.0 (live), and submits the edit 2.0.0; its key. */
async function publishLiveWithEdit(name: string): Promise<string> {
  const key = await publish(name);
  expect((await decide(key, ReviewStatus.APPROVED, false)).statusCode).toBe(200);
  const edit = await send('PUT', 'author', {
    plugin_key: key,
    name,
    intro: 'The second version',
    description: 'Now with more.',
    version: '2.0.0',
    version_content: 'Second release',
  });
  expect(edit.statusCode, edit.body).toBe(200);
  return key;
}

/** What the database and the audit log hold about `key` after its race. */
async function stateOf(key: string, version: string) {
  const db = t.app.db.kysely;
  const plugin = await db
    .selectFrom('plugin')
    .select(['id', 'review_status', 'current_version'])
    .where('plugin_key', '=', key)
    .executeTakeFirstOrThrow();
  const versions = (
    await db.selectFrom('plugin_version').select('version').where('plugin_id', '=', plugin.id).execute()
  )
    .map((r) => r.version)
    .sort();
  const submissions = (
    await db
      .selectFrom('plugin_submission')
      .select('status')
      .where('plugin_id', '=', plugin.id)
      .where('version', '=', version)
      .execute()
  ).map((r) => r.status);
  const log = await json<AuditLogPage>(
    'GET',
    `/api/cmt/manager/audit-log?plugin_key=${encodeURIComponent(key)}`,
    'admin',
  );
  const decisions = log.body.data.entry_list
    .filter((e) => e.version === version && (e.action === 'approve' || e.action === 'reject'))
    .map((e) => e.action);
  return {
    review_status: plugin.review_status,
    current_version: plugin.current_version,
    versions,
    submissions,
    decisions,
  };
}

/**
 * Fires every pair at once (`Promise.all` over all the pairs' requests) and checks each: the
 * answers (one 200, one 409 ALREADY_REVIEWED) and the state against what the 200 decided.
 * @returns the tally: pairs where both were acknowledged, exactly one, and whose state disagreed
 */
async function race(keys: string[], edit: boolean) {
  const pairs = keys.map((key, i) => {
    const second: Decision = i % 2 === 0 ? ReviewStatus.APPROVED : ReviewStatus.UNAPPROVED;
    return { key, decisions: [ReviewStatus.APPROVED, second] as Decision[] };
  });
  const answers = await Promise.all(
    pairs.map((pair) =>
      Promise.all(pair.decisions.map((status, who) => decide(pair.key, status, who === 1))),
    ),
  );
  const tally = { pairs: keys.length, bothAcknowledged: 0, oneWinner: 0, otherAnswers: 0, disagreeing: 0 };
  const problems: string[] = [];
  for (const [i, pair] of pairs.entries()) {
    const responses = answers[i]!;
    const codes = responses.map((r) => r.statusCode);
    const won = codes.flatMap((code, who) => (code === 200 ? [pair.decisions[who]!] : []));
    if (won.length === 2) tally.bothAcknowledged += 1;
    const loser = responses.find((r) => r.statusCode !== 200);
    const refused = loser?.statusCode === 409 && body<ErrorEnvelope>(loser).error === 'ALREADY_REVIEWED';
    if (won.length === 1 && refused) tally.oneWinner += 1;
    else if (won.length !== 2) tally.otherAnswers += 1;
    if (loser && refused)
      expect(body<ErrorEnvelope>(loser)).toMatchObject({
        code: ApiErrorCode.ALREADY_REVIEWED.code,
        error: 'ALREADY_REVIEWED',
        data: null,
      });
    // The state must tell the last acknowledged decision (the only one, when the race is won).
    const decision = won.at(-1);
    if (decision === undefined) {
      problems.push(`${pair.key}: answers ${codes.join(', ')}`);
      continue;
    }
    const version = edit ? '2.0.0' : '1.0.0';
    const approved = decision === ReviewStatus.APPROVED;
    const expected = {
      review_status: approved || edit ? ReviewStatus.APPROVED : ReviewStatus.UNAPPROVED,
      current_version: approved ? version : edit ? '1.0.0' : null,
      versions: edit ? (approved ? ['1.0.0', '2.0.0'] : ['1.0.0']) : approved ? ['1.0.0'] : [],
      submissions: [decision],
      decisions: [approved ? 'approve' : 'reject'],
    };
    const state = await stateOf(pair.key, version);
    if (JSON.stringify(state) !== JSON.stringify(expected)) {
      tally.disagreeing += 1;
      problems.push(`${pair.key}: answers ${codes.join(', ')}; ${JSON.stringify(state)}`);
    }
  }
  return { tally, problems: problems.slice(0, 5) };
}

describe(`two administrators reviewing one submission at once (${TEST_DIALECT})`, () => {
  it('on new plugins: exactly one decision of each pair is taken, and everything agrees with it', async () => {
    const keys = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => publish(`Race New ${i} ${Date.now().toString(36)}`)),
    );
    const { tally, problems } = await race(keys, false);
    expect({ tally, problems }).toEqual({
      tally: { pairs: PAIRS, bothAcknowledged: 0, oneWinner: PAIRS, otherAnswers: 0, disagreeing: 0 },
      problems: [],
    });
  }, 120_000);

  it('on an edit of a live plugin: exactly one decision of each pair is taken, and everything agrees', async () => {
    const keys = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) =>
        publishLiveWithEdit(`Race Edit ${i} ${Date.now().toString(36)}`),
      ),
    );
    const { tally, problems } = await race(keys, true);
    expect({ tally, problems }).toEqual({
      tally: { pairs: PAIRS, bothAcknowledged: 0, oneWinner: PAIRS, otherAnswers: 0, disagreeing: 0 },
      problems: [],
    });
  }, 120_000);

  it('answers a decision on a submission decided before with 409 ALREADY_REVIEWED, and logs nothing', async () => {
    const key = await publish(`Race Late ${Date.now().toString(36)}`);
    expect((await decide(key, ReviewStatus.UNAPPROVED, false)).statusCode).toBe(200);
    const before = await stateOf(key, '1.0.0');
    const late = await decide(key, ReviewStatus.APPROVED, true);
    expect(late.statusCode).toBe(409);
    expect(body<ErrorEnvelope>(late)).toMatchObject({ error: 'ALREADY_REVIEWED', data: null });
    expect(body<ErrorEnvelope>(late).message).toMatch(/already (approved|rejected)/);
    expect(await stateOf(key, '1.0.0')).toEqual(before);
  });

  it('an edit sent with an approval: either the approval or the edit goes first, never a mix', async () => {
    const keys = await Promise.all(
      Array.from({ length: PAIRS }, (_, i) => publish(`Race Resubmit ${i} ${Date.now().toString(36)}`)),
    );
    const answers = await Promise.all(
      keys.map((key) =>
        Promise.all([
          decide(key, ReviewStatus.APPROVED, false, '1.0.0'),
          send('PUT', 'author', {
            plugin_key: key,
            name: 'Resubmitted',
            intro: 'The second version',
            description: 'Now with more.',
            version: '1.1.0',
            version_content: 'Second release',
          }),
        ]),
      ),
    );
    const tally = { pairs: PAIRS, approvedFirst: 0, editFirst: 0, mixed: 0 };
    const problems: string[] = [];
    for (const [i, key] of keys.entries()) {
      const [approval, edit] = answers[i]!;
      const db = t.app.db.kysely;
      const plugin = await db
        .selectFrom('plugin')
        .select(['id', 'name', 'review_status', 'current_version'])
        .where('plugin_key', '=', key)
        .executeTakeFirstOrThrow();
      const submissions = await db
        .selectFrom('plugin_submission')
        .select(['version', 'status'])
        .where('plugin_id', '=', plugin.id)
        .orderBy('id')
        .execute();
      const versions = await db
        .selectFrom('plugin_version')
        .select('version')
        .where('plugin_id', '=', plugin.id)
        .execute();
      const state = {
        approval: approval.statusCode,
        edit: edit.statusCode,
        review_status: plugin.review_status,
        current_version: plugin.current_version,
        versions: versions.map((v) => v.version),
        submissions: submissions.map((s) => `${s.version}:${s.status}`),
      };
      // The approval first: 1.0.0 live, 1.1.0 waiting. The edit first: it replaced 1.0.0, whose
      // approval is refused (the administrator reviewed what is no longer there).
      const approvedFirst = {
        approval: 200,
        edit: 200,
        review_status: ReviewStatus.APPROVED,
        current_version: '1.0.0',
        versions: ['1.0.0'],
        submissions: ['1.0.0:2', '1.1.0:1'],
      };
      const editFirst = {
        approval: 409,
        edit: 200,
        review_status: ReviewStatus.UNREVIEWED,
        current_version: null,
        versions: [],
        submissions: ['1.1.0:1'],
      };
      if (JSON.stringify(state) === JSON.stringify(approvedFirst)) tally.approvedFirst += 1;
      else if (JSON.stringify(state) === JSON.stringify(editFirst)) tally.editFirst += 1;
      else {
        tally.mixed += 1;
        problems.push(`${key}: ${JSON.stringify(state)}`);
      }
    }
    expect({ mixed: tally.mixed, problems: problems.slice(0, 5) }, JSON.stringify(tally)).toEqual({
      mixed: 0,
      problems: [],
    });
  }, 120_000);
});

describe(`other read-then-write changes sent twice at once (${TEST_DIALECT})`, () => {
  const ROUNDS = 8;
  const admin = () => session.auth('admin');
  const inject = (method: 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** The audit entries of `key` with `action`. */
  const logged = async (key: string, action: string) =>
    (
      await t.app.db.kysely
        .selectFrom('audit_log')
        .select('id')
        .where('plugin_key', '=', key)
        .where('action', '=', action)
        .execute()
    ).length;
  /** `count` approved plugins of the catalogue without submissions (imported), from `offset`. */
  const imported = async (count: number, offset: number) =>
    (
      await t.app.db.kysely
        .selectFrom('plugin as p')
        .select('p.plugin_key')
        .where('p.review_status', '=', ReviewStatus.APPROVED)
        .where('p.is_default_install', '=', 0)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('plugin_submission as s').select('s.id').whereRef('s.plugin_id', '=', 'p.id'),
            ),
          ),
        )
        .orderBy('p.id')
        .offset(offset)
        .limit(count)
        .execute()
    ).map((r) => r.plugin_key);

  it('marks a plugin installed by default once, with one audit entry, when asked twice at once', async () => {
    const keys = await imported(ROUNDS, 0);
    const answers = await Promise.all(
      keys.map((key) =>
        Promise.all([
          inject('PUT', '/api/cmt/plugin/silent_install', admin(), {
            plugin_key: key,
            is_default_install: true,
          }),
          inject('PUT', '/api/cmt/plugin/silent_install', secondAdmin, {
            plugin_key: key,
            is_default_install: true,
          }),
        ]),
      ),
    );
    expect(answers.flat().map((a) => a.statusCode)).toEqual(Array(ROUNDS * 2).fill(200));
    const entries = await Promise.all(keys.map((key) => logged(key, 'silent_install_on')));
    expect(entries).toEqual(Array(ROUNDS).fill(1));
  });

  it('disables a featured slot once, with one audit entry, when asked twice at once', async () => {
    const keys = await imported(ROUNDS, ROUNDS);
    const ids = [];
    for (const key of keys) {
      const created = await inject('POST', '/api/cmt/plugin/resource_state', admin(), {
        plugin_key: key,
        start_time: Date.now(),
        end_time: Date.now() + 86_400_000,
      });
      expect(created.statusCode, created.body).toBe(200);
      ids.push(body<{ data: { id: number } }>(created).data.id);
    }
    const answers = await Promise.all(
      ids.map((id) =>
        Promise.all([
          inject('PUT', `/api/cmt/plugin/resource_state/disable?id=${id}&is_disabled=true`, admin()),
          inject('PUT', `/api/cmt/plugin/resource_state/disable?id=${id}&is_disabled=true`, secondAdmin),
        ]),
      ),
    );
    expect(answers.flat().map((a) => a.statusCode)).toEqual(Array(ROUNDS * 2).fill(200));
    const entries = await Promise.all(keys.map((key) => logged(key, 'resource_disable')));
    expect(entries).toEqual(Array(ROUNDS).fill(1));
  });

  it('gives an imported plugin to an owner with one approved submission, when asked twice at once', async () => {
    const email = `owner-${Date.now().toString(36)}@test.local`;
    await signInTestUser(t.app, { email });
    const keys = await imported(ROUNDS, ROUNDS * 2);
    const answers = await Promise.all(
      keys.map((key) =>
        Promise.all([
          inject('POST', '/api/cmt/manager/plugin/owner', admin(), { plugin_key: key, email }),
          inject('POST', '/api/cmt/manager/plugin/owner', secondAdmin, { plugin_key: key, email }),
        ]),
      ),
    );
    expect(answers.flat().map((a) => a.statusCode)).toEqual(Array(ROUNDS * 2).fill(200));
    const submissions = await Promise.all(
      keys.map(
        async (key) =>
          (
            await t.app.db.kysely
              .selectFrom('plugin_submission as s')
              .innerJoin('plugin as p', 'p.id', 's.plugin_id')
              .select('s.id')
              .where('p.plugin_key', '=', key)
              .execute()
          ).length,
      ),
    );
    expect(submissions).toEqual(Array(ROUNDS).fill(1));
  });

  it('keeps one of two recommendation choices published at once, whole', async () => {
    const keys = await imported(6, ROUNDS * 3);
    const first = keys.slice(0, 3);
    const second = keys.slice(3, 6);
    for (let round = 0; round < ROUNDS; round += 1) {
      const answers = await Promise.all([
        inject('POST', '/api/cmt/plugin/recommendation/publish', admin(), { plugin_keys: first }),
        inject('POST', '/api/cmt/plugin/recommendation/publish', secondAdmin, { plugin_keys: second }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const rows = await t.app.db.kysely
        .selectFrom('recommendation as r')
        .innerJoin('plugin as p', 'p.id', 'r.plugin_id')
        .select('p.plugin_key')
        .orderBy('r.position')
        .execute();
      expect([first, second]).toContainEqual(rows.map((r) => r.plugin_key));
    }
  });

  it('puts banners saved at once each in a place of its own', async () => {
    const saves = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => {
        const { payload, headers } = await multipart({
          image: { bytes: pngBytes(1200, 400, [i * 20, 40, 60]), name: 'banner.png', type: 'image/png' },
          redirect_url: `https://example.com/banner-${i}`,
          position: '0',
        });
        return t.app.inject({
          method: 'PUT',
          url: '/api/cmt/manager/plugin-banner',
          payload,
          headers: { ...headers, ...(i % 2 ? secondAdmin : admin()) },
        });
      }),
    );
    expect(saves.map((s) => s.statusCode)).toEqual(Array(ROUNDS).fill(200));
    const positions = (
      await t.app.db.kysely.selectFrom('banner').select('position').orderBy('position').execute()
    ).map((r) => r.position);
    expect(positions).toEqual(Array.from({ length: positions.length }, (_, i) => i));
  });
});
