/**
 * A plugin's identity, as an attacker tries to take it: the manifest `id` of a plugin that is
 * already listed (the shipped catalogue's Zebra and Themer, or another account's plugin) is
 * republished under a new account. Such a publish is refused (409 MANIFEST_ID_TAKEN naming the
 * plugin that owns the id), the owner's own new versions are not; of two accounts publishing one
 * new id at once exactly one wins; an administrator's batch import reports the record; and the
 * review list shows which other plugins a submission's manifest id, name or repository matches.
 * Both dialects, through the real server.
 */
import type {
  BatchUploadResult,
  ErrorEnvelope,
  Submission,
  SubmissionHistory,
  SubmissionPage,
} from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCatalogueDir } from '../config/paths';
import { backfillManifestIds } from '../publishing/backfill';
import { isManifestIdConflict } from '../publishing/identity';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart, publishFields, realManifest } from '../testing/testFiles';

/** The shipped catalogue's Figma plugin ids (plugins.json `figma_plugin_id`). */
const ZEBRA_ID = '806578669827234193';
const THEMER_ID = '731176732337510831';

let t: TestApp;
// racerA and racerB only race each other: the winners' pending submissions (up to 5) count
// against no other test's pending limit.
const tokens: Record<'attacker' | 'owner' | 'rival' | 'racerA' | 'racerB' | 'admin', string> = {
  attacker: '',
  owner: '',
  rival: '',
  racerA: '',
  racerB: '',
  admin: '',
};

beforeAll(async () => {
  t = await createTestApp();
  tokens.attacker = (await signInTestUser(t.app)).access_token;
  tokens.owner = (await signInTestUser(t.app)).access_token;
  tokens.rival = (await signInTestUser(t.app)).access_token;
  tokens.racerA = (await signInTestUser(t.app)).access_token;
  tokens.racerB = (await signInTestUser(t.app)).access_token;
  tokens.admin = (await signInTestUser(t.app, { role: Role.GENERAL_ADMIN })).access_token;
}, 60_000);
afterAll(async () => t?.close());

type Who = keyof typeof tokens;
const auth = (who: Who) => ({ authorization: `Bearer ${tokens[who]}` });

/** A real Figma manifest (Design Lint's) with its `id` and `name` replaced. */
function manifest(id: string, name = 'Lookalike'): { bytes: Buffer; name: string; type: string } {
  const json = JSON.parse(realManifest().toString('utf8')) as Record<string, unknown>;
  return {
    bytes: Buffer.from(JSON.stringify({ ...json, id, name })),
    name: 'manifest.json',
    type: 'application/json',
  };
}

let fresh = 0;
/** A manifest id nobody has used. */
const freshId = () => `${Date.now()}${process.pid}${++fresh}`;

async function send(
  method: 'POST' | 'PUT',
  who: Who,
  fields: Parameters<typeof publishFields>[0],
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart(publishFields(fields));
  return t.app.inject({ method, url: '/api/cmt/plugin', payload, headers: { ...headers, ...auth(who) } });
}

const error = (response: LightMyRequestResponse) => body<ErrorEnvelope>(response);
const submission = (response: LightMyRequestResponse) => body<{ data: Submission }>(response).data;

async function approve(pluginKey: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/cmt/plugin/audit/status',
    headers: auth('admin'),
    payload: { plugin_key: pluginKey, status: 2 },
  });
  return response.statusCode;
}

/** The catalogue plugin with this name (lower-case compare), as the database holds it. */
async function cataloguePlugin(name: string): Promise<{ plugin_key: string; name: string }> {
  const rows = await t.app.db.kysely.selectFrom('plugin').select(['plugin_key', 'name', 'source']).execute();
  const row = rows.find((r) => r.name.toLowerCase() === name && r.source !== null);
  if (!row) throw new Error(`no catalogue plugin ${name}`);
  return row;
}

describe(`a listed plugin's manifest id (${TEST_DIALECT})`, () => {
  it.each([
    ['zebra', ZEBRA_ID],
    ['themer', THEMER_ID],
  ])(
    'the catalogue id of %s republished by a new account is refused with 409 MANIFEST_ID_TAKEN',
    async (name, id) => {
      const owner = await cataloguePlugin(name);
      const response = await send('POST', 'attacker', {
        name: `${name} official`,
        code_file: manifest(id, name),
      });
      // Before: 200, and the administrator's approval answered 200 (the id was taken over).
      if (response.statusCode === 200) {
        const approved = await approve(submission(response).plugin_key);
        expect.fail(`publish answered 200 and approval ${approved}`);
      }
      expect(response.statusCode, response.body).toBe(409);
      const envelope = error(response);
      expect(envelope.error).toBe('MANIFEST_ID_TAKEN');
      expect(envelope.field).toBe('code_file');
      expect(envelope.message).toContain(id);
      expect(envelope.message).toContain(owner.name);
    },
  );

  it("another account's plugin id is refused; its owner's new version with the same id is not", async () => {
    const id = freshId();
    const first = await send('POST', 'owner', { name: 'Grid Keeper', code_file: manifest(id) });
    expect(first.statusCode, first.body).toBe(200);
    const key = submission(first).plugin_key;
    const taken = await send('POST', 'attacker', { name: 'Grid Keeper 2', code_file: manifest(id) });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(error(taken).error).toBe('MANIFEST_ID_TAKEN');
    expect(error(taken).message).toContain('Grid Keeper');
    const edit = await send('PUT', 'owner', {
      plugin_key: key,
      name: 'Grid Keeper',
      version: '1.1.0',
      code_file: manifest(id),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await approve(key)).toBe(200);
    // An edit of one's own plugin may not take another plugin's id either.
    const other = await send('POST', 'rival', { name: 'Row Keeper', code_file: manifest(freshId()) });
    expect(other.statusCode, other.body).toBe(200);
    const stolen = await send('PUT', 'rival', {
      plugin_key: submission(other).plugin_key,
      name: 'Row Keeper',
      version: '1.0.1',
      code_file: manifest(id),
    });
    expect(stolen.statusCode, stolen.body).toBe(409);
    expect(error(stolen).error).toBe('MANIFEST_ID_TAKEN');
  });

  it('of two accounts publishing one new id at once exactly one wins, every time', async () => {
    for (let round = 0; round < 5; round++) {
      const id = freshId();
      const answers = await Promise.all(
        (['racerA', 'racerB'] as const).map((who) =>
          send('POST', who, { name: `Race ${round} ${who}`, code_file: manifest(id) }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!;
      expect(error(loser).error).toBe('MANIFEST_ID_TAKEN');
      const holders = await t.app.db.kysely
        .selectFrom('plugin')
        .select('id')
        .where('manifest_id', '=', id)
        .execute();
      expect(holders).toHaveLength(1);
    }
  });
});

describe(`the database's own guard (${TEST_DIALECT})`, () => {
  it('refuses a second plugin row with one manifest id, and the refusal is recognised as such', async () => {
    const id = freshId();
    const row = (key: string) => ({
      plugin_key: key,
      name: key,
      intro: '',
      description: '',
      current_version: null,
      version_content: '',
      review_status: 1,
      create_time: Date.now(),
      sort_time: 0,
      platforms: '[]',
      reuse_center_cover: 0,
      is_default_install: 0,
      download_count: 0,
      view_count: 0,
      praise_count: 0,
      copyright_type: 'author' as const,
      icon: null,
      video: null,
      cover_center: null,
      cover_panel: null,
      code_file: null,
      contact: null,
      copyright_name: null,
      developer: null,
      technical_support_link: null,
      homepage: null,
      license: null,
      source: null,
      reject_reason: null,
      update_time: null,
      owner_id: null,
      manifest_id: id,
    });
    await t.app.db.kysely
      .insertInto('plugin')
      .values(row(`guard-a-${id}`))
      .execute();
    const second = await t.app.db.kysely
      .insertInto('plugin')
      .values(row(`guard-b-${id}`))
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(second).toBeDefined();
    expect(isManifestIdConflict(second)).toBe(true);
  });
});

describe(`an administrator's batch import (${TEST_DIALECT})`, () => {
  const record = (name: string, figmaId: string | null) => ({
    name,
    intro: `${name} does one thing`,
    description: `${name}: a longer description.`,
    author: 'Batch Author',
    tags: ['layers'],
    repo_url: `https://github.com/batch-author/${name.toLowerCase().replace(/\W+/g, '-')}`,
    license: 'MIT',
    source: 'identity-test',
    platforms: ['figma'],
    figma_plugin_id: figmaId,
  });

  it('reports each record whose manifest id another plugin holds, and imports the rest', async () => {
    const id = freshId();
    const records = [
      record('Zebra Mirror', ZEBRA_ID),
      record('Honest Import', id),
      record('Themer Mirror', THEMER_ID),
    ];
    const upload = async () => {
      const { payload, headers } = await multipart({
        file: { bytes: Buffer.from(JSON.stringify(records)), name: 'batch.json', type: 'application/json' },
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/cmt/manager/plugins/upload',
        payload,
        headers: { ...headers, ...auth('admin') },
      });
      expect(response.statusCode, response.body).toBe(200);
      return body<{ data: BatchUploadResult }>(response).data;
    };
    const first = await upload();
    expect(first.added).toBe(1);
    expect(first.failed.map((f) => f.index)).toEqual([0, 2]);
    expect(first.failed[0]!.reason).toContain(ZEBRA_ID);
    expect(first.failed[0]!.reason.toLowerCase()).toContain('zebra');
    // The same file again: the imported record is already there (skipped), the others still refused.
    const again = await upload();
    expect(again.added).toBe(0);
    expect(again.skipped).toBe(1);
    expect(again.failed.map((f) => f.index)).toEqual([0, 2]);
    // The imported plugin holds its id: an account cannot take it.
    const taken = await send('POST', 'attacker', { name: 'Honest Import', code_file: manifest(id) });
    expect(taken.statusCode, taken.body).toBe(409);
  });
});

describe(`the review list (${TEST_DIALECT})`, () => {
  it('shows the plugins a submission matches by normalised name or repository, only to administrators', async () => {
    const zebra = await cataloguePlugin('zebra');
    const themer = await cataloguePlugin('themer');
    const sameName = await send('POST', 'attacker', {
      name: '  ZEBRA ',
      code_file: manifest(freshId()),
      technical_support_link: 'https://example.com/help',
    });
    const sameRepo = await send('POST', 'attacker', {
      name: 'Palette Swapper Deluxe',
      code_file: manifest(freshId()),
      technical_support_link: 'http://GitHub.com/Thomas-Lowry/themer.git/',
    });
    const unrelated = await send('POST', 'attacker', {
      name: 'Quite Unrelated Tool',
      code_file: manifest(freshId()),
      technical_support_link: 'https://github.com/someone/else',
    });
    for (const r of [sameName, sameRepo, unrelated]) expect(r.statusCode, r.body).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/cmt/plugin/audit/list?status=1&page_size=100',
      headers: auth('admin'),
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = body<{ data: SubmissionPage }>(list).data.submission_list;
    const find = (r: LightMyRequestResponse) => rows.find((s) => s.id === submission(r).id)!;
    expect(find(sameName).matches).toEqual([
      { plugin_key: zebra.plugin_key, name: zebra.name, fields: ['name'] },
    ]);
    expect(find(sameRepo).matches).toEqual([
      { plugin_key: themer.plugin_key, name: themer.name, fields: ['repository'] },
    ]);
    expect(find(unrelated).matches).toEqual([]);
    // The author's own list does not show other accounts' plugins.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/cmt/plugin/audit',
      headers: auth('attacker'),
    });
    expect(mine.statusCode).toBe(200);
    for (const s of body<{ data: SubmissionPage }>(mine).data.submission_list)
      expect(s.matches).toBeUndefined();
  });
});

describe(`a database from before manifest ids were recorded (${TEST_DIALECT})`, () => {
  it('gets the catalogue ids and the published ids back at start, the first plugin of an id keeping it', async () => {
    const id = freshId();
    const first = await send('POST', 'owner', { name: 'Early Bird', code_file: manifest(id) });
    expect(first.statusCode, first.body).toBe(200);
    const k = t.app.db.kysely;
    // As migration 0022 leaves an existing database: no plugin or submission holds an id.
    await k.updateTable('plugin').set({ manifest_id: null }).execute();
    await k.updateTable('plugin_submission').set({ manifest_id: null }).execute();
    // Before the backfill the ids are free: a copy of the early plugin gets in.
    const copy = await send('POST', 'attacker', { name: 'Late Copy', code_file: manifest(id) });
    expect(copy.statusCode, copy.body).toBe(200);
    await k
      .updateTable('plugin')
      .set({ manifest_id: null })
      .where('plugin_key', '=', submission(copy).plugin_key)
      .execute();
    const done = await backfillManifestIds(t.app.db, t.app.publishing.storage, defaultCatalogueDir());
    expect(done?.duplicates).toBeGreaterThanOrEqual(1);
    expect(await backfillManifestIds(t.app.db, t.app.publishing.storage, defaultCatalogueDir())).toBeNull();
    const holder = (key: string) =>
      k.selectFrom('plugin').select('manifest_id').where('plugin_key', '=', key).executeTakeFirstOrThrow();
    expect((await holder(submission(first).plugin_key)).manifest_id).toBe(id);
    expect((await holder(submission(copy).plugin_key)).manifest_id).toBeNull();
    expect((await holder((await cataloguePlugin('zebra')).plugin_key)).manifest_id).toBe(ZEBRA_ID);
    const again = await send('POST', 'attacker', { name: 'zebra again', code_file: manifest(ZEBRA_ID) });
    expect(again.statusCode, again.body).toBe(409);
    // The copy shows in review as matching the early plugin by manifest id.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/cmt/plugin/audit/list?status=1&keyword=${encodeURIComponent('Late Copy')}`,
      headers: auth('admin'),
    });
    const [row] = body<{ data: SubmissionPage }>(list).data.submission_list;
    expect(row!.matches).toEqual([
      { plugin_key: submission(first).plugin_key, name: 'Early Bird', fields: ['manifest_id'] },
    ]);
  });
});

describe(`a publish of a manifest id the account already owns (${TEST_DIALECT})`, () => {
  const holders = (id: string) =>
    t.app.db.kysely.selectFrom('plugin').select(['id', 'plugin_key']).where('manifest_id', '=', id).execute();
  const submissionsOf = (pluginId: number) =>
    t.app.db.kysely
      .selectFrom('plugin_submission')
      .select(['version', 'status'])
      .where('plugin_id', '=', pluginId)
      .orderBy('id')
      .execute();
  /** A publish or an edit by a new account of its own (the hourly rate and the pending cap are per account). */
  const as = async (token: string, fields: Parameters<typeof publishFields>[0]) => {
    const { payload, headers } = await multipart(publishFields(fields));
    return t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  };
  const newAccount = async () => (await signInTestUser(t.app)).access_token;

  it('is a new version of that plugin: one plugin, two submissions, through the version rule', async () => {
    const id = freshId();
    const keeper = await newAccount();
    const first = await as(keeper, { name: 'Stable Id', version: '1.0.0', code_file: manifest(id) });
    expect(first.statusCode, first.body).toBe(200);
    const key = submission(first).plugin_key;
    expect(await approve(key)).toBe(200);
    // Before: 409 MANIFEST_ID_TAKEN ("publish a new version of that plugin instead").
    const second = await as(keeper, { name: 'Stable Id', version: '1.1.0', code_file: manifest(id) });
    expect(second.statusCode, second.body).toBe(200);
    expect(submission(second)).toMatchObject({ plugin_key: key, version: '1.1.0', review_status: 1 });
    expect(submission(second).live_version).toBe('1.0.0');
    const [plugin, ...more] = await holders(id);
    expect(more).toEqual([]);
    expect(await submissionsOf(plugin!.id)).toEqual([
      { version: '1.0.0', status: 2 },
      { version: '1.1.0', status: 1 },
    ]);
    // The version must increase, as for an edit: the same and a lower version are refused.
    for (const version of ['1.1.0', '1.0.5']) {
      const refused = await as(keeper, { name: 'Stable Id', version, code_file: manifest(id) });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(error(refused)).toMatchObject({ error: 'VERSION_NOT_INCREASED', field: 'version' });
    }
    // Another account still cannot take the id.
    const taken = await send('POST', 'attacker', {
      name: 'Stable Id',
      version: '9.0.0',
      code_file: manifest(id),
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(error(taken).error).toBe('MANIFEST_ID_TAKEN');
    expect(await holders(id)).toHaveLength(1);

    // The history its owner reads: both versions with their state, dates and the reject reason.
    const rejected = await t.app.inject({
      method: 'POST',
      url: '/api/cmt/plugin/audit/status',
      headers: auth('admin'),
      payload: { plugin_key: key, status: 3, reason: 'The icon is blurry' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const history = (token: string, pluginKey = key) =>
      t.app.inject({
        method: 'GET',
        url: `/api/cmt/plugin/audit/history?plugin_key=${encodeURIComponent(pluginKey)}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const mine = await history(keeper);
    expect(mine.statusCode, mine.body).toBe(200);
    const data = body<{ data: SubmissionHistory }>(mine).data;
    expect(data.plugin_key).toBe(key);
    expect(data.submission_list).toMatchObject([
      {
        version: '1.1.0',
        review_status: 3,
        reject_reason: 'The icon is blurry',
        review_time: expect.any(Number),
      },
      { version: '1.0.0', review_status: 2, reject_reason: null, review_time: expect.any(Number) },
    ]);
    expect(data.submission_list[0]!.create_time).toBeGreaterThanOrEqual(data.submission_list[1]!.create_time);
    expect((await history(tokens.admin)).statusCode).toBe(200);
    expect(error(await history(tokens.attacker)).error).toBe('FORBIDDEN');
    expect((await history(keeper, 'no-such-plugin')).statusCode).toBe(404);
  });

  it('of two publishes of one new id by one account at once, both land on one plugin', async () => {
    const id = freshId();
    const twin = await newAccount();
    const answers = await Promise.all(
      ['1.0.0', '2.0.0'].map((version) => as(twin, { name: 'Twin Id', version, code_file: manifest(id) })),
    );
    // 2.0.0 first leaves 1.0.0 refused as not greater; 1.0.0 first lets 2.0.0 replace it.
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(error(a).error).toBe('VERSION_NOT_INCREASED');
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(await holders(id)).toHaveLength(1);
  });
});
