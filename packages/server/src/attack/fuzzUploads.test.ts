/**
 * Targeted fuzzing of the multipart uploads (publish, edit, batch upload), on each dialect, beyond
 * the bodies the document-driven fuzzer (`fuzz.test.ts`) builds from the OpenAPI document:
 * fast-check builds multipart bodies from known (the contract's form declarations) and unknown field names, hostile texts (NUL, lone surrogates, over-long values),
 * and files that are valid ones mutated (truncated, bytes flipped, prefixed, renamed, mislabelled),
 * plus raw bodies with broken boundaries; and the banner form of `PUT
 * manager/plugin-banner`. Asserted: no 5xx, every error in the SPEC §8 envelope, one plugin per
 * acknowledged publish (one banner per acknowledged banner creation) and nothing else, no stored
 * file that no row refers to, and no banner pointing to a missing file.
 * Seeded like the OpenAPI fuzzer (`FUZZ_SEED`); `FUZZ_UPLOADS` changes the length.
 */
import {
  BANNER_FORM,
  BATCH_UPLOAD_FORM,
  EDIT_FORM,
  PUBLISH_FORM,
  Role,
} from '@plugin-center/contract/schemas';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_URL_PREFIX } from '../shared/storage/fileKeys';
import { referencedFileKeys } from '../shared/storage/references';
import { body, createTestApp, pluginCount, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { mp4Bytes, multipart, pngBytes, realManifest, uniqueManifest } from '../testing/testFiles';
import { DEFAULT_SEED } from '../testing/testFuzzRequests';

/** Requests per dialect. */
const FUZZ_UPLOADS = Number(process.env.FUZZ_UPLOADS ?? 1_200);

let t: TestApp;
let user = '';
let admin = '';
let ownKey = '';

beforeAll(async () => {
  // Every fuzzed upload is to reach the form reader and the checks: the hourly publish rate and
  // the pending cap (attack/publishQuotas.test.ts) are off; the storage quota stays on.
  t = await createTestApp({ importCatalogueOnEmpty: false, publishLimits: { perHour: 0, pendingMax: 0 } });
  user = (await signInTestUser(t.app)).access_token;
  admin = (await signInTestUser(t.app, { role: Role.SUPER_ADMIN })).access_token;
}, 60_000);
afterAll(async () => t?.close());

const VALID_FILES: Record<string, Uint8Array> = {
  icon: pngBytes(32, 32),
  cover_center: pngBytes(160, 90),
  cover_panel: pngBytes(320, 180),
  video: mp4Bytes(2048),
  images: pngBytes(40, 30),
  code_file: realManifest(),
  // The banner image of PUT manager/plugin-banner
  image: pngBytes(1200, 400),
  file: zipSync({
    'p.json': strToU8(
      JSON.stringify([{ name: 'Fuzz Zip', intro: 'x', description: 'y', platforms: ['figma'] }]),
    ),
  }),
};
/** The text fields of every multipart form, as the contract declares them. */
const TEXT_FIELDS = [
  ...new Set(
    [PUBLISH_FORM, EDIT_FORM, BATCH_UPLOAD_FORM, BANNER_FORM].flatMap((form) =>
      Object.keys(form.fields.properties),
    ),
  ),
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '1.0.0',
    '9.9.9',
    '99999999999999999999.0.0',
    'javascript:alert(1)',
    'https://example.com',
    'custom',
    'author',
    '1',
    'true',
    '<script>alert(1)</script>',
  ),
  fc.integer({ min: 100, max: 30_000 }).map((n) => 'x'.repeat(n)),
);

const mutatedFile = (bytes: Uint8Array) =>
  fc.oneof(
    fc.constant(bytes),
    fc.integer({ min: 0, max: bytes.length }).map((n) => bytes.subarray(0, n)),
    fc
      .tuple(fc.integer({ min: 0, max: Math.max(0, bytes.length - 1) }), fc.integer({ min: 0, max: 255 }))
      .map(([i, b]) => {
        const copy = new Uint8Array(bytes);
        copy[i] = b;
        return copy;
      }),
    fc.uint8Array({ maxLength: 64 }).map((prefix) => new Uint8Array([...prefix, ...bytes])),
    fc.uint8Array({ maxLength: 2048 }),
    fc.constantFrom(
      strToU8('MZ\u0090\u0000'),
      strToU8('<svg onload=alert(1)>'),
      strToU8('%PDF-1.7'),
      new Uint8Array(0),
    ),
  );

const filePart = fc.constantFrom(...Object.keys(VALID_FILES), 'script', 'icon\u0000').chain((name) =>
  fc.record({
    name: fc.constant(name),
    bytes: mutatedFile(VALID_FILES[name] ?? strToU8('x')),
    filename: fc.constantFrom('icon.png', 'a.exe', 'manifest.json', '../../etc/passwd', 'x.zip', ''),
    type: fc.constantFrom(
      'image/png',
      'application/json',
      'text/html',
      'application/octet-stream',
      'video/mp4',
    ),
  }),
);

const request = fc.record({
  route: fc.constantFrom('publish', 'edit', 'batch', 'banner'),
  texts: fc.array(fc.tuple(fc.constantFrom(...TEXT_FIELDS, 'owner_id', 'x'.repeat(200)), hostileText), {
    maxLength: 16,
  }),
  files: fc.array(filePart, { maxLength: 6 }),
  complete: fc.boolean(),
  raw: fc.option(fc.uint8Array({ maxLength: 512 }), { freq: 12 }),
});

describe(`fuzzing the uploads (${TEST_DIALECT})`, () => {
  it(`answers ${FUZZ_UPLOADS} hostile multipart requests without a 5xx, keeping rows and files in step`, async () => {
    const statuses = new Map<number, number>();
    let published = 0;
    let bannersCreated = 0;
    const samples = fc.sample(request, {
      numRuns: FUZZ_UPLOADS,
      seed: Number(process.env.FUZZ_SEED ?? DEFAULT_SEED),
    });
    const pluginsBefore = await pluginCount(t.app);
    const failures: string[] = [];
    for (const [i, sample] of samples.entries()) {
      // Every tenth request is a valid publish, so edits have a plugin of the caller's to aim at.
      // Every tenth request, shifted by five, creates a valid banner.
      const validBanner = i % 10 === 5;
      const texts = validBanner
        ? [['redirect_url', `https://example.com/banner/${i}`]]
        : i % 10 === 0
          ? [
              ['name', `Fuzz ${i}`],
              ['intro', 'i'],
              ['description', 'd'],
              ['version', '1.0.0'],
              ['version_content', 'v'],
            ]
          : sample.texts;
      const files = validBanner
        ? [{ name: 'image', bytes: VALID_FILES.image!, filename: 'banner.png', type: 'image/png' }]
        : i % 10 === 0
          ? [
              {
                name: 'code_file',
                // A fresh manifest id each time: an id already held is refused (409 MANIFEST_ID_TAKEN).
                bytes: uniqueManifest(),
                filename: 'manifest.json',
                type: 'application/json',
              },
            ]
          : sample.files;
      const fields: Record<string, string[] | { bytes: Uint8Array; name: string; type: string }[]> = {};
      for (const [name, value] of texts) {
        const list = (fields[name as string] ?? []) as string[];
        list.push(value as string);
        fields[name as string] = list;
      }
      if (sample.route === 'edit' && ownKey && i % 10 !== 0 && !validBanner) fields.plugin_key = [ownKey];
      for (const f of files) {
        const list = (fields[f.name] ?? []) as { bytes: Uint8Array; name: string; type: string }[];
        list.push({ bytes: f.bytes, name: f.filename, type: f.type });
        fields[f.name] = list;
      }
      let { payload, headers } = await multipart(fields as never);
      const valid = i % 10 === 0 || validBanner;
      if (sample.raw && !valid) payload = Buffer.from(sample.raw);
      else if (!sample.complete && !valid) payload = payload.subarray(0, Math.floor(payload.length / 2));
      const route = i % 10 === 0 ? 'publish' : validBanner ? 'banner' : sample.route;
      const banner = route === 'banner';
      const response = await t.app.inject({
        method: route === 'edit' || banner ? 'PUT' : 'POST',
        url: banner
          ? '/api/cmt/manager/plugin-banner'
          : route === 'batch'
            ? '/api/cmt/manager/plugins/upload'
            : '/api/cmt/plugin',
        payload,
        headers: { ...headers, authorization: `Bearer ${route === 'batch' || banner ? admin : user}` },
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode >= 500)
        failures.push(`#${i} ${route}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      else if (response.statusCode >= 400) {
        const error = body<{ code: number; error: string; message: string; data: null }>(response);
        if (typeof error.error !== 'string' || error.data !== null)
          failures.push(`#${i}: not an envelope: ${response.body.slice(0, 200)}`);
      } else if (banner) {
        if (!fields.id) bannersCreated++;
      } else if (route === 'publish') {
        published++;
        ownKey = body<{ data: { plugin_key: string } }>(response).data.plugin_key;
      }
    }
    const batchAdded = Number(
      (
        await t.app.db.kysely
          .selectFrom('plugin')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('owner_id', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const plugins = await pluginCount(t.app);
    const stored = (await t.app.publishing.storage.list()).map((f) => f.key);
    const banners = await t.app.db.kysely.selectFrom('banner').select('image').execute();
    const referenced = await referencedFileKeys(t.app.db, FILE_URL_PREFIX);
    console.log(
      `fuzz uploads ${TEST_DIALECT}: ${samples.length} requests; statuses ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}; ` +
        `${published} publishes, ${plugins - pluginsBefore} plugins (${batchAdded} from batches), ` +
        `${bannersCreated} banners created, ${stored.length} stored files`,
    );
    expect(failures).toEqual([]);
    expect(plugins - pluginsBefore - batchAdded).toBe(published);
    expect(stored.filter((key) => !referenced.has(key))).toEqual([]);
    // One banner per acknowledged create, and no banner pointing to a missing file
    expect(banners.length).toBe(bannersCreated);
    expect(banners.filter((b) => !stored.includes(b.image))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 300_000);
});
