/**
 * Text hygiene and the one link rule, as an attacker sends them, on every path into the catalogue:
 * the web form's publish (`POST /api/cmt/plugin` with a session) and edit (`PUT`), the API with a
 * personal access token, `plugin-center publish` (the CLI, against the server on a port), and the
 * administrators' batch upload (one record per input, failures reported per record).
 *
 * - Invisible and bidirectional control characters in a name are refused (400 INVALID_PARAMETER
 *   with the field, or the record reported), and in an intro they are removed before storing.
 * - Every link field (`technical_support_link`, a contact given as a link, a record's `repo_url` and
 *   `homepage`) refuses credentials, `https:/\host`, `javascript:`/`data:`/`vbscript:` in any case
 *   and with spaces, NUL or tab mixed in, and over-long links — the same answer on every path.
 * - Legitimate texts (Chinese names, emoji with joiners, an Arabic-script name with U+200C) and
 *   links (`https://github.com/…`) still go in as given.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  BatchUploadResult,
  CreatedPersonalToken,
  ErrorEnvelope,
  Submission,
} from '@plugin-center/contract';
import { Role } from '@plugin-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPublishCommand } from '../publishing/publishCommand';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { multipart, uniqueManifest } from '../testing/testFiles';

/** The characters of the probe: bidirectional controls and zero-width characters. */
const HIDDEN = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u061c',
  '\u200e',
  '\u200f',
];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Links no link field may take. */
const HOSTILE_LINKS = [
  'https://user:pw@host.example/',
  'https://trusted.example@evil.example/',
  'https:/\\host.example',
  'https:\\\\host.example/',
  'https://host.example\\@evil.example/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '  javascript:alert(1)',
  'java\tscript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript\u0000:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'https://exa\tmple.com/',
  'https://example.com/\u202egnp.exe',
  'https://example\u200b.com/',
  `https://example.com/${'a'.repeat(2100)}`,
];
/** Contacts refused: the hostile links that are not plain text. */
const HOSTILE_CONTACTS = HOSTILE_LINKS.filter((link) => link.length <= 200);

/** Texts that must go in as given. */
const GOOD = {
  names: ['插件名称助手', '👩‍💻 Dev Tools', 'Zürich Färben', 'می‌خواهم', '🏳️‍🌈 Palette'],
  intro: '👨‍👩‍👧 family palettes, 插件 and 🏳️‍🌈 flags',
  links: ['https://github.com/example/plugin', 'http://example.com/support?q=1#top'],
  contacts: [
    'dev@example.com',
    'QQ:12345',
    'WeChat: pixso_dev',
    '+86 138 0000 0000',
    'mailto:dev@example.com',
  ],
};

/** The intro of the probe: every hidden character between two Latin letters. */
const HIDDEN_INTRO = HIDDEN.map((c) => `a${c}b`).join(' ');
const CLEAN_INTRO = HIDDEN.map(() => 'ab').join(' ');

let t: TestApp;
let server = '';
let folder = '';
const session = { author: '', admin: '' };
let pat = '';
let editKey = '';
let versions = 1;

beforeAll(async () => {
  // About fifty publishes per path from one account: the hourly rate and the pending cap are off
  // here (attack/publishQuotas.test.ts tests them).
  t = await createTestApp({ importCatalogueOnEmpty: false, publishLimits: { perHour: 0, pendingMax: 0 } });
  session.author = (await signInTestUser(t.app)).access_token;
  session.admin = (await signInTestUser(t.app, { role: Role.SUPER_ADMIN })).access_token;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/cmt/user/tokens',
    headers: { authorization: `Bearer ${session.author}` },
    payload: { name: 'CI', expires_in_days: 30 },
  });
  pat = body<{ data: CreatedPersonalToken }>(created).data.token;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  server = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  folder = await mkdtemp(join(tmpdir(), 'plugin-center-text-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** One answer of a path: accepted (with what was stored) or refused (with the field named). */
type Outcome =
  | { accepted: true; stored: Partial<Submission> }
  | { accepted: false; field: string; message: string };

type Fields = Partial<Record<'name' | 'intro' | 'contact' | 'technical_support_link', string>>;

const base = (fields: Fields) => ({
  name: 'Hygiene Probe',
  intro: 'Checks the text rules',
  description: '# Probe\n\nA plugin of the text hygiene probe.',
  version_content: 'A version',
  ...fields,
});

async function viaForm(method: 'POST' | 'PUT', token: string, fields: Fields): Promise<Outcome> {
  const { payload, headers } = await multipart({
    ...base(fields),
    version: `1.0.${versions++}`,
    ...(method === 'PUT'
      ? { plugin_key: editKey }
      : { code_file: { bytes: uniqueManifest(), name: 'manifest.json', type: 'application/json' } }),
  });
  const response = await t.app.inject({
    method,
    url: '/api/cmt/plugin',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  if (response.statusCode === 200)
    return { accepted: true, stored: body<{ data: Submission }>(response).data };
  const error = body<ErrorEnvelope>(response);
  expect(response.statusCode, response.body).toBe(400);
  expect(error.error, response.body).toBe('INVALID_PARAMETER');
  return { accepted: false, field: error.field ?? '', message: error.message };
}

async function viaCli(fields: Fields): Promise<Outcome> {
  // Each publish is a new plugin: a manifest id of its own (another plugin's is refused).
  await writeFile(join(folder, 'manifest.json'), uniqueManifest());
  const listing = join(folder, `listing-${versions}.json`);
  await writeFile(listing, JSON.stringify({ ...base(fields), version: `1.0.${versions++}` }));
  const lines: string[] = [];
  const sink = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  const code = await runPublishCommand([listing, '--server', server], { PLUGIN_CENTER_TOKEN: pat }, sink);
  const text = lines.join('\n');
  if (code === 0) {
    const key = /as (\S+): waiting for review/.exec(text)?.[1];
    const row = await t.app.db.kysely
      .selectFrom('plugin_submission')
      .innerJoin('plugin', 'plugin.id', 'plugin_submission.plugin_id')
      .select([
        'plugin_submission.name',
        'plugin_submission.intro',
        'plugin_submission.contact',
        'plugin_submission.technical_support_link',
      ])
      .where('plugin.plugin_key', '=', key ?? '')
      .executeTakeFirstOrThrow();
    return { accepted: true, stored: row };
  }
  expect(code, text).toBe(1);
  const match = /^error: 400 (.*) \[(\w+)\]$/m.exec(text);
  expect(match, text).not.toBeNull();
  return { accepted: false, field: match![2]!, message: match![1]! };
}

const PATHS = {
  'form publish': (fields: Fields) => viaForm('POST', session.author, fields),
  'form edit': (fields: Fields) => viaForm('PUT', session.author, fields),
  'API (personal access token)': (fields: Fields) => viaForm('POST', pat, fields),
  'CLI publish command': viaCli,
} as const;

/** What every path must answer for each hostile input: refused, naming the field. */
function hostileInputs(): { label: string; fields: Fields; field: string }[] {
  return [
    ...HIDDEN.map((c) => ({
      label: `name with ${hex(c)}`,
      fields: { name: `Contrast${c}Checker` },
      field: 'name',
    })),
    ...HOSTILE_LINKS.map((link) => ({
      label: `technical_support_link ${JSON.stringify(link.slice(0, 60))}`,
      fields: { technical_support_link: link },
      field: 'technical_support_link',
    })),
    ...HOSTILE_CONTACTS.map((link) => ({
      label: `contact ${JSON.stringify(link)}`,
      fields: { contact: link },
      field: 'contact',
    })),
  ];
}

describe(`text hygiene and the one link rule on every path (${TEST_DIALECT})`, () => {
  beforeAll(async () => {
    const first = await viaForm('POST', session.author, {});
    expect(first.accepted).toBe(true);
    editKey = (first as { stored: Submission }).stored.plugin_key!;
  });

  for (const [path, send] of Object.entries(PATHS)) {
    it(`${path}: refuses every hostile name and link, naming the field`, async () => {
      const accepted: string[] = [];
      const wrongField: string[] = [];
      for (const input of hostileInputs()) {
        const outcome = await send(input.fields);
        if (outcome.accepted) accepted.push(input.label);
        else if (outcome.field !== input.field) wrongField.push(`${input.label}: ${outcome.field}`);
      }
      console.info(
        `[textHygiene] ${path}: ${accepted.length} of ${hostileInputs().length} hostile inputs accepted`,
      );
      expect(accepted).toEqual([]);
      expect(wrongField).toEqual([]);
    }, 120_000);

    it(`${path}: stores an intro without its hidden characters, and flags it for the reviewer`, async () => {
      const outcome = await send({ intro: HIDDEN_INTRO });
      expect(outcome.accepted).toBe(true);
      expect((outcome as { stored: Submission }).stored.intro).toBe(CLEAN_INTRO);
    });

    it(`${path}: takes legitimate names, intros, links and contacts as given`, async () => {
      for (const [i, name] of GOOD.names.entries()) {
        const outcome = await send({
          name,
          intro: GOOD.intro,
          technical_support_link: GOOD.links[i % GOOD.links.length]!,
          contact: GOOD.contacts[i % GOOD.contacts.length]!,
        });
        expect(outcome, name).toMatchObject({
          accepted: true,
          stored: {
            name,
            intro: GOOD.intro,
            technical_support_link: GOOD.links[i % GOOD.links.length],
            contact: GOOD.contacts[i % GOOD.contacts.length],
          },
        });
      }
    }, 60_000);
  }

  it('form publish: the reviewer sees that hidden characters were removed', async () => {
    const outcome = await viaForm('POST', session.author, { intro: HIDDEN_INTRO });
    expect(outcome.accepted).toBe(true);
    const checks = (outcome as { stored: Submission }).stored.checks!;
    expect(checks).toContainEqual({
      check: 'text',
      status: 'flag',
      detail: expect.stringContaining('intro'),
    });
  });

  it('refuses a personal access token named with a hidden character', async () => {
    for (const c of HIDDEN) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/cmt/user/tokens',
        headers: { authorization: `Bearer ${session.author}` },
        payload: { name: `CI${c}prod`, expires_in_days: 30 },
      });
      expect(response.statusCode, hex(c)).toBe(400);
      expect(body<ErrorEnvelope>(response)).toMatchObject({ error: 'INVALID_PARAMETER', field: 'name' });
    }
  });

  it('form publish: refuses a manifest whose name holds a hidden character', async () => {
    const manifest = JSON.parse(uniqueManifest().toString('utf8')) as { name: string };
    for (const c of ['\u202e', '\u200b']) {
      const { payload, headers } = await multipart({
        ...base({}),
        version: '1.0.0',
        code_file: {
          bytes: Buffer.from(JSON.stringify({ ...manifest, name: `Design${c}Lint` })),
          name: 'manifest.json',
          type: 'application/json',
        },
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/cmt/plugin',
        payload,
        headers: { ...headers, authorization: `Bearer ${session.author}` },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(body<ErrorEnvelope>(response)).toMatchObject({
        error: 'UPLOAD_REJECTED',
        field: 'code_file',
        message: expect.stringContaining(
          `/name must not contain invisible or bidirectional control characters (${hex(c)})`,
        ),
      });
    }
  });

  describe('batch upload', () => {
    let serial = 0;
    const record = (extra: Record<string, unknown>) => {
      serial++;
      return {
        name: `Batch Hygiene ${serial}`,
        intro: 'A record of the probe',
        description: 'A record of the probe.',
        author: 'Probe',
        repo_url: `https://github.com/example/hygiene-${serial}`,
        homepage: null,
        source: 'hygiene-probe',
        platforms: ['figma'],
        ...extra,
      };
    };
    async function upload(records: unknown[]): Promise<BatchUploadResult> {
      const { payload, headers } = await multipart({
        file: { bytes: new TextEncoder().encode(JSON.stringify(records)), name: 'records.json' },
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/cmt/manager/plugins/upload',
        payload,
        headers: { ...headers, authorization: `Bearer ${session.admin}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return body<{ data: BatchUploadResult }>(response).data;
    }
    const stored = (name: string) =>
      t.app.db.kysely
        .selectFrom('plugin')
        .select(['name', 'intro', 'technical_support_link', 'homepage'])
        .where('name', '=', name)
        .where('source', '=', 'hygiene-probe')
        .executeTakeFirst();

    it('reports every hostile record by index, naming the field, and stores none of them', async () => {
      const inputs = [
        ...HIDDEN.map((c) => ({
          label: `name with ${hex(c)}`,
          raw: record({ name: `Contrast${c}Checker` }),
          field: 'name',
        })),
        ...HOSTILE_LINKS.map((link) => ({
          label: `repo_url ${JSON.stringify(link.slice(0, 60))}`,
          raw: record({ repo_url: link }),
          field: 'repo_url',
        })),
        ...HOSTILE_LINKS.map((link) => ({
          label: `homepage ${JSON.stringify(link.slice(0, 60))}`,
          raw: record({ homepage: link }),
          field: 'homepage',
        })),
      ];
      const result = await upload(inputs.map((input) => input.raw));
      const failed = new Map(result.failed.map((f) => [f.index, f.reason]));
      const accepted = inputs.filter((_, i) => !failed.has(i)).map((input) => input.label);
      console.info(
        `[textHygiene] batch upload: ${accepted.length} of ${inputs.length} hostile records accepted`,
      );
      expect(accepted).toEqual([]);
      const wrongField = inputs
        .map((input, i) => ({ input, reason: failed.get(i) ?? '' }))
        .filter(({ input, reason }) => !reason.startsWith(`${input.field}:`))
        .map(({ input, reason }) => `${input.label}: ${reason}`);
      expect(wrongField).toEqual([]);
      expect(result.added).toBe(0);
    });

    it('stores an intro without its hidden characters, and legitimate records as given', async () => {
      const good = GOOD.names.map((name, i) =>
        record({ name, intro: GOOD.intro, repo_url: `${GOOD.links[0]}-${i}`, homepage: GOOD.links[1] }),
      );
      const hidden = record({ name: 'Batch Hidden Intro', intro: HIDDEN_INTRO });
      const result = await upload([...good, hidden]);
      expect(result).toMatchObject({ added: good.length + 1, failed: [] });
      for (const [i, name] of GOOD.names.entries())
        expect(await stored(name)).toEqual({
          name,
          intro: GOOD.intro,
          technical_support_link: `${GOOD.links[0]}-${i}`,
          homepage: GOOD.links[1],
        });
      expect((await stored('Batch Hidden Intro'))?.intro).toBe(CLEAN_INTRO);
    });
  });
});
