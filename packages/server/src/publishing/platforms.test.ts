/**
 * The design tools of a publish (`platforms`), on SQLite and PostgreSQL: read from each kind of
 * manifest (the catalogue's real Figma, Dev Mode, jsDesign, MasterGo and Penpot manifests, and
 * Sketch and Adobe XD manifests) when the form chooses none, the form's choice winning otherwise;
 * after approval the square's design-tool filter finds the plugin, with its count; an edit changes
 * them only once approved; hostile values are refused with 400 in the error envelope, nothing stored.
 */
import type { ErrorEnvelope, PluginListResult, Submission } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markCatalogueChanged } from '../db/changes';
import { body, pluginCount, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { publishFields, realManifest } from '../testing/testFiles';
import { createPublishingSession } from '../testing/testPublishing';
import { backfillPlatforms } from './backfill';

const session = createPublishingSession();
const { send, json } = session;
let t: TestApp;

beforeAll(async () => {
  ({ t } = await session.start('local'));
}, 60_000);
afterAll(() => session.close());

let counter = 0;
/** A unique id for a manifest (a plugin's manifest id is unique among plugins). */
const freshId = () => `platforms-${process.pid}-${Date.now().toString(36)}-${++counter}`;

/** A code file part of `manifest` (an object, made JSON). */
const codeFile = (manifest: object) => ({
  bytes: Buffer.from(JSON.stringify(manifest)),
  name: 'manifest.json',
  type: 'application/json',
});

/** A real manifest of the catalogue with a fresh id (when it has one). */
const real = (file: string, patch: Record<string, unknown> = {}) => {
  const manifest = JSON.parse(realManifest(file).toString('utf8')) as Record<string, unknown>;
  if ('id' in manifest) manifest.id = typeof manifest.id === 'number' ? Date.now() + ++counter : freshId();
  return { ...manifest, ...patch };
};

const SKETCH = () => ({
  name: 'Select Similar Layers',
  identifier: `com.example.sketch.${freshId()}`,
  version: '1.2.0',
  description: 'Selects the layers that look alike',
  author: 'Example',
  compatibleVersion: 3,
  bundleVersion: 1,
  commands: [
    { name: 'Select similar', identifier: 'select-similar', script: './script.js', handler: 'onRun' },
  ],
  menu: { title: 'Select Similar', items: ['select-similar'] },
});

const XD = () => ({
  id: freshId(),
  name: 'Rename It XD',
  version: '1.0.0',
  host: { app: 'XD', minVersion: '21.0' },
  uiEntryPoints: [{ type: 'menu', label: 'Rename layers', commandId: 'rename' }],
  icons: [{ width: 24, height: 24, path: 'images/icon.png' }],
});

const XD_UXP = () => ({
  id: freshId(),
  name: 'Tokens XD',
  version: '2.0.0',
  manifestVersion: 5,
  host: [{ app: 'XD', minVersion: '36.0' }],
  uiEntryPoints: [{ type: 'panel', label: { default: 'Tokens' }, panelId: 'tokens' }],
});

const approve = async (plugin_key: string) =>
  expect(
    (await json('POST', '/api/cmt/plugin/audit/status', 'admin', { plugin_key, status: 2 })).status,
  ).toBe(200);

/** The plugin keys the square's filter by `platform` lists (newest first, the first 100) and its total. */
async function square(platform: string) {
  const { status, body } = await json<PluginListResult>(
    'GET',
    `/api/cmt/plugin/list?platform=${platform}&sort=5&page_size=100`,
  );
  expect(status).toBe(200);
  return { keys: body.data.plugin_list.map((p) => p.plugin_key), total: body.data.total };
}

/** Publishes as the author; the stored submission. */
async function publish(fields: Parameters<typeof publishFields>[0]): Promise<Submission> {
  const response = await send('POST', 'author', publishFields(fields));
  expect(response.statusCode, response.body).toBe(200);
  return body<{ data: Submission }>(response).data;
}

describe(`design tools of a publish (${TEST_DIALECT})`, () => {
  it.each([
    ['a Figma manifest (Design Lint)', () => real('destefanis__design-lint.json'), ['figma']],
    ['a Figma manifest without editorType', () => real('mattdesl__figma-plugin-palette.json'), ['figma']],
    ['a FigJam manifest', () => real('destefanis__design-lint.json', { editorType: ['figjam'] }), ['figma']],
    ['a Dev Mode codegen manifest', () => real('figma__plugin-samples.json', { main: 'code.js' }), ['figma']],
    ['a jsDesign manifest', () => real('MichaelangJason__jsDesignPlugin.json'), []],
    ['a MasterGo manifest', () => real('free9527__mastergo-translate.json'), ['mastergo']],
    ['a Penpot manifest', () => real('basiclines__figma-super-tidy__penpot.json'), ['penpot']],
    ['a Sketch manifest', SKETCH, ['sketch']],
    ['an Adobe XD manifest', XD, ['adobe-xd']],
    ['an Adobe XD UXP manifest (a list of hosts)', XD_UXP, ['adobe-xd']],
  ] as const)('reads them from %s; the filter finds the plugin once approved', async (_, manifest, want) => {
    const submission = await publish({ code_file: codeFile(manifest()) });
    expect(submission.platforms).toEqual(want);
    const key = submission.plugin_key;
    for (const platform of want) expect((await square(platform)).keys).not.toContain(key);
    const before = await Promise.all(want.map(async (p) => (await square(p)).total));
    await approve(key);
    for (const [i, platform] of want.entries()) {
      const after = await square(platform);
      expect(after.keys[0]).toBe(key); // just approved: first of the newest order
      expect(after.total).toBe(before[i]! + 1);
    }
    if (want.length === 0) expect((await square('figma')).keys).not.toContain(key);
  });

  it('takes the form’s choice over the manifest’s, repeated or comma-separated', async () => {
    const repeated = await publish({ platforms: ['sketch', 'penpot'] });
    expect(repeated.platforms).toEqual(['sketch', 'penpot']);
    const commas = await publish({ platforms: 'adobe-xd, mastergo' });
    expect(commas.platforms).toEqual(['adobe-xd', 'mastergo']);
    await approve(repeated.plugin_key);
    expect((await square('sketch')).keys).toContain(repeated.plugin_key);
    expect((await square('penpot')).keys).toContain(repeated.plugin_key);
    expect((await square('figma')).keys).not.toContain(repeated.plugin_key); // its Figma manifest
  });

  it('changes them with a new version, on the square once that version is approved', async () => {
    const first = await publish({});
    const key = first.plugin_key;
    await approve(key);
    const figma = (await square('figma')).total;
    const mastergo = (await square('mastergo')).total;
    const edit = async (fields: Parameters<typeof publishFields>[0]) => {
      const response = await send(
        'PUT',
        'author',
        publishFields({ plugin_key: key, code_file: undefined, ...fields }),
      );
      expect(response.statusCode, response.body).toBe(200);
      return body<{ data: Submission }>(response).data;
    };
    const second = await edit({ version: '1.1.0', platforms: 'mastergo' });
    expect(second.platforms).toEqual(['mastergo']);
    expect(second.changes).toContainEqual(
      expect.objectContaining({ field: 'platforms', before: 'figma', after: 'mastergo' }),
    );
    // Waiting for review: the live listing keeps its design tools.
    expect((await square('figma')).keys).toContain(key);
    expect((await square('mastergo')).keys).not.toContain(key);
    await approve(key);
    expect(await square('figma')).toMatchObject({ total: figma - 1 });
    expect((await square('figma')).keys).not.toContain(key);
    expect(await square('mastergo')).toMatchObject({ total: mastergo + 1 });
    // Neither a choice nor a code file: the previous version's stay.
    expect((await edit({ version: '1.2.0' })).platforms).toEqual(['mastergo']);
    // A new manifest without a choice: the manifest's.
    const sketch = SKETCH();
    expect((await edit({ version: '1.3.0', code_file: codeFile(sketch) })).platforms).toEqual(['sketch']);
  });

  it.each([
    ['an unknown design tool', 'photoshop', /platforms: unknown design tool "photoshop"/],
    ['FigJam, which the filter counts under Figma', 'figjam', /unknown design tool "figjam"/],
    ['a code in another case', 'Figma', /unknown design tool "Figma"/],
    ['a code given twice', ['figma', 'figma'], /"figma" is given twice/],
    ['a code given twice in one value', 'sketch,penpot,sketch', /"sketch" is given twice/],
    ['a NUL byte', 'figma\u0000', /NUL/],
    ['10,000 codes in one value', Array.from({ length: 10_000 }, () => 'figma').join(','), /given twice/],
    [
      '2,000 unknown codes',
      Array.from({ length: 2_000 }, (_, i) => `tool${i}`).join(','),
      /unknown design tool "tool0"/,
    ],
    ['a long code', 'x'.repeat(5_000), /unknown design tool "x{40}…"/],
    [
      '10,000 unknown codes (over the size of a text field)',
      Array.from({ length: 10_000 }, (_, i) => `tool${i}`).join(','),
      /at most/,
      413,
    ],
    ['a code of 100,000 characters', 'x'.repeat(100_000), /at most/, 413],
  ] as const)(
    'refuses %s with 400 (413 over the text size) on the field, storing nothing',
    async (_, platforms, message, status: number = 400) => {
      const plugins = await pluginCount(t.app);
      const files = (await t.app.publishing.storage.list()).length;
      const response = await send(
        'POST',
        'author',
        publishFields({ platforms: platforms as string | string[] }),
      );
      expect(response.statusCode, response.body).toBe(status);
      const envelope = body<ErrorEnvelope>(response);
      expect(envelope).toMatchObject({
        error: status === 400 ? 'INVALID_PARAMETER' : 'PAYLOAD_TOO_LARGE',
        field: 'platforms',
        data: null,
      });
      expect(envelope.message).toMatch(message);
      expect(envelope.message.length).toBeLessThan(200);
      expect(await pluginCount(t.app)).toBe(plugins);
      expect((await t.app.publishing.storage.list()).length).toBe(files);
    },
  );

  it('refuses 10,000 repeated parts and a file in the field, in the error envelope', async () => {
    const plugins = await pluginCount(t.app);
    const repeated = await send(
      'POST',
      'author',
      publishFields({ platforms: Array.from({ length: 10_000 }, () => 'figma') }),
    );
    expect(repeated.statusCode).toBeGreaterThanOrEqual(400);
    expect(repeated.statusCode).toBeLessThan(500);
    expect(body<ErrorEnvelope>(repeated).data).toBeNull();
    const file = await send(
      'POST',
      'author',
      publishFields({
        platforms: { bytes: Buffer.from('["figma"]'), name: 'p.json', type: 'application/json' },
      }),
    );
    expect(file.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(file)).toMatchObject({ error: 'INVALID_PARAMETER', field: 'platforms' });
    expect(await pluginCount(t.app)).toBe(plugins);
  });

  it('refuses an Adobe XD-shaped manifest for another app, and an invalid Sketch manifest, naming the path', async () => {
    const photoshop = await send(
      'POST',
      'author',
      publishFields({ code_file: codeFile({ ...XD(), host: [{ app: 'PS', minVersion: '22.0' }] }) }),
    );
    expect(photoshop.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(photoshop)).toMatchObject({ field: 'code_file' });
    expect(body<ErrorEnvelope>(photoshop).message).toMatch(/\/host must name the app XD/);
    const sketch = await send(
      'POST',
      'author',
      publishFields({ code_file: codeFile({ ...SKETCH(), commands: [{ name: 'no identifier' }] }) }),
    );
    expect(sketch.statusCode).toBe(400);
    expect(body<ErrorEnvelope>(sketch).message).toMatch(/commands\/0/);
  });

  it('records the design tools of submissions from before migration 0041, once, and gives a published plugin its manifest’s', async () => {
    const db = t.app.db.kysely;
    const first = await publish({}); // a Figma manifest
    const published = first.plugin_key;
    await approve(published);
    const pending = (await publish({ code_file: codeFile(SKETCH()) })).plugin_key;
    // A catalogue plugin with an owner, and a version with a Figma manifest: its catalogue tools stay.
    const imported = await db
      .selectFrom('plugin')
      .select(['id', 'plugin_key', 'platforms'])
      .where('owner_id', 'is', null)
      .where('platforms', 'like', '%sketch%')
      .where('review_status', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { email } = await db
      .selectFrom('user_account')
      .select('email')
      .where('id', '=', first.submitter!.user_id)
      .executeTakeFirstOrThrow();
    expect(
      (
        await json('POST', '/api/cmt/manager/plugin/owner', 'admin', {
          plugin_key: imported.plugin_key,
          email,
        })
      ).status,
    ).toBe(200);
    const edit = await send(
      'PUT',
      'author',
      publishFields({ plugin_key: imported.plugin_key, version: '9.0.0' }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    // As before 0041: no tools recorded with the submissions, none stored for published plugins.
    const keys = [published, pending, imported.plugin_key];
    const ids = (await db.selectFrom('plugin').select('id').where('plugin_key', 'in', keys).execute()).map(
      (r) => r.id,
    );
    await db
      .updateTable('plugin_submission')
      .set({ platforms: null })
      .where('plugin_id', 'in', ids)
      .execute();
    await db
      .updateTable('plugin')
      .set({ platforms: '[]' })
      .where('plugin_key', 'in', [published, pending])
      .execute();
    markCatalogueChanged(t.app.db);
    expect((await square('figma')).keys).not.toContain(published);

    const done = await backfillPlatforms(t.app.db, t.app.publishing.storage);
    markCatalogueChanged(t.app.db);
    expect(done).toMatchObject({ plugins: 1 });
    expect(done!.submissions).toBeGreaterThanOrEqual(3);
    expect(await backfillPlatforms(t.app.db, t.app.publishing.storage)).toBeNull();
    const stored = async (key: string) =>
      await db
        .selectFrom('plugin_submission as s')
        .innerJoin('plugin as p', 'p.id', 's.plugin_id')
        .select(['s.platforms as submitted', 'p.platforms as live'])
        .where('p.plugin_key', '=', key)
        .orderBy('s.id', 'desc')
        .executeTakeFirstOrThrow();
    expect(await stored(published)).toEqual({ submitted: '["figma"]', live: '["figma"]' });
    expect((await square('figma')).keys).toContain(published);
    expect(await stored(pending)).toEqual({ submitted: '["sketch"]', live: '[]' });
    expect(await stored(imported.plugin_key)).toEqual({
      submitted: imported.platforms,
      live: imported.platforms,
    });
    await approve(pending);
    expect((await square('sketch')).keys).toContain(pending);
  });
});
