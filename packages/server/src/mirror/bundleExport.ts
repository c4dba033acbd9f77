/**
 * The export side of air-gapped mirroring (docs/mirroring.md#bundles): `plugin-center export
 * --since <time> --origin <url> <file>` writes a bundle (the format is described in `bundle.ts`) of
 * the approved versions changed since a time, each plugin's current version with its earlier
 * versions this instance signed, and the files of all of them.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { MirrorEarlierVersion } from '@plugin-center/contract/schemas';
import {
  canonicalJson,
  type SignedVersion,
  verifyVersionSignature,
} from '@plugin-center/contract/signatures';
import { CompactSign } from 'jose';
import type { ServerConfig } from '../config/serverConfig';
import { parseOriginList } from '../config/values';
import { createDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { loadSecretBox } from '../settings/secrets';
import { createFileStorage } from '../shared/storage/createFileStorage';
import type { FileStorage } from '../shared/storage/fileStorage';
import { readVersionKeys, versionKeySet } from '../signatures/versionKeys';
import { BUNDLE_FORMAT, BUNDLE_SIGNATURE_TYPE, type BundleOutput, processOutput } from './bundle';
import { forEachChangeSince } from './feed';

/** Usage line of `export`. */
export const EXPORT_USAGE = 'Usage: plugin-center export --since <time> --origin <url> <file>';

/** What {@link exportBundle} wrote. */
export interface ExportResult {
  /** Plugins' current versions. */
  versions: number;
  /** Earlier versions carried beside them. */
  earlier: number;
  withdrawals: number;
  files: number;
}

/**
 * Writes a bundle of the changes since `since` (ms) to `file`: each current version with its
 * earlier versions (those this instance's keys signed) and the files of all of them.
 * @param origin - the exporting instance's origin, as mirrors know it.
 * @param output - told of each earlier version left out because a file of it is gone.
 */
export async function exportBundle(
  db: Database,
  storage: FileStorage,
  keys: Awaited<ReturnType<typeof readVersionKeys>>,
  options: { since: number; origin: string; file: string; now: number },
  output?: BundleOutput,
): Promise<ExportResult> {
  const jwks = versionKeySet(keys);
  const hash = createHash('sha256');
  // Never over an existing file; opened before anything is written, so that refusal is the error.
  const stream = (await open(options.file, 'wx')).createWriteStream();
  const write = (value: unknown, hashed = true) =>
    new Promise<void>((resolve, reject) => {
      const line = `${JSON.stringify(value)}\n`;
      if (hashed) hash.update(line);
      stream.write(line, (error) => (error ? reject(error) : resolve()));
    });
  const result: ExportResult = { versions: 0, earlier: 0, withdrawals: 0, files: 0 };
  try {
    await write({
      format: BUNDLE_FORMAT,
      origin: options.origin,
      created_at: options.now,
      since: options.since,
      jwks,
    });
    await forEachChangeSince(db.kysely, options.since, async (changes) => {
      for (const change of changes) {
        if (change.kind === 'withdrawn') {
          result.withdrawals++;
          await write(change);
          continue;
        }
        const checked = await verifyVersionSignature(change.signature, jwks, change);
        // A version this instance's keys do not verify (one mirrored from elsewhere) is not exported.
        if (!checked.ok) continue;
        const files: Record<string, string> = {};
        const missing = await addFiles(storage, checked.signed, files);
        if (missing) throw new Error(`the stored file ${missing} of ${change.plugin_key} is missing`);
        // Earlier versions: those this instance signed and whose files it still holds.
        const earlier: MirrorEarlierVersion[] = [];
        for (const version of change.earlier_versions ?? []) {
          const named = { plugin_key: change.plugin_key, version: version.version };
          const own = await verifyVersionSignature(version.signature, jwks, named);
          if (!own.ok) continue;
          const gone = await addFiles(storage, own.signed, files);
          if (gone)
            output?.err(
              `LEFT OUT: ${change.plugin_key} ${version.version}: the stored file ${gone} is missing\n`,
            );
          else earlier.push(version);
        }
        result.files += Object.keys(files).length;
        result.versions++;
        result.earlier += earlier.length;
        await write({ ...change, earlier_versions: earlier, files });
      }
    });
    const sha256 = hash.digest('hex');
    const count = result.versions + result.withdrawals;
    const [key] = keys;
    const jws = await new CompactSign(
      new TextEncoder().encode(
        canonicalJson({ count, format: BUNDLE_FORMAT, origin: options.origin, sha256 }),
      ),
    )
      .setProtectedHeader({ alg: 'EdDSA', typ: BUNDLE_SIGNATURE_TYPE, kid: key!.kid })
      .sign(key!.privateKey);
    await write({ kind: 'end', count, sha256, jws }, false);
  } finally {
    await new Promise<void>((resolve) => stream.end(resolve));
  }
  return result;
}

/**
 * Adds the files `signed` names to `files` (key → base64 of the stored bytes), those not there yet;
 * none of them when one is missing.
 * @returns the key of a file the storage does not hold, else undefined.
 */
async function addFiles(
  storage: FileStorage,
  signed: SignedVersion,
  files: Record<string, string>,
): Promise<string | undefined> {
  const s = signed.files;
  const added: Record<string, string> = {};
  for (const file of [s.code_file, s.icon, s.cover_center, s.cover_panel, s.video, ...s.images]) {
    if (!file || files[file.key] || added[file.key]) continue;
    const bytes = await storage.get(file.key);
    if (!bytes) return file.key;
    added[file.key] = bytes.toString('base64');
  }
  Object.assign(files, added);
  return undefined;
}

/** A time given as ms since the epoch or as an ISO 8601 date; undefined when it is neither. */
export function parseTime(text: string): number | undefined {
  if (/^\d{1,16}$/.test(text)) return Number(text);
  if (!/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Runs `export <args>`.
 * @returns the exit code: 0 written, 1 it failed, 2 bad usage.
 */
export async function runExportCommand(
  config: ServerConfig,
  args: string[],
  output: BundleOutput = processOutput,
): Promise<number> {
  let since: number | undefined;
  let origin: string | undefined;
  let file: string;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: {
        since: { type: 'string' },
        origin: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      output.out(`${EXPORT_USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 1) throw new Error('expected one output file');
    since = values.since === undefined ? undefined : parseTime(values.since);
    if (since === undefined)
      throw new Error('--since: expected a time, ms since the epoch or ISO 8601 (2026-01-31T00:00:00Z)');
    const origins = values.origin === undefined ? [] : parseOriginList('--origin', values.origin);
    if (origins.length !== 1)
      throw new Error('--origin: expected the origin mirrors know this instance by, https://host[:port]');
    origin = origins[0]!;
    file = positionals[0]!;
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n${EXPORT_USAGE}\n`);
    return 2;
  }
  const { box } = await loadSecretBox({ dataDir: config.dataDir, environmentKey: config.secretsKey });
  const db = createDatabase(config);
  const storage = await createFileStorage(config);
  try {
    await migrate(db);
    const keys = await readVersionKeys(db.kysely, box);
    const result = await exportBundle(db, storage, keys, { since, origin, file, now: Date.now() }, output);
    output.out(
      `Wrote ${file}: ${result.versions} versions and ${result.earlier} earlier versions, ${result.withdrawals} withdrawals, ${result.files} files, signed by key ${keys[0]!.kid}\n`,
    );
    return 0;
  } catch (error) {
    output.err(`FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    storage.close?.();
    await db.close();
  }
}
