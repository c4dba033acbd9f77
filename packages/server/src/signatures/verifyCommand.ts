/**
 * `plugin-center verify <plugin_key> [version] [--jwks <file>]`: checks an approved version as a
 * client would before loading it (docs/signatures.md), on the configured database and storage: the
 * signature against the instance's JWKS — its own keys and, on a mirror, its upstreams' keys as
 * last pulled or kept by a bundle import (docs/mirroring.md) — or a copy saved earlier (`--jwks`), then the SHA-256 of
 * every signed file. For the plugin's current version the files read are the ones the plugin serves
 * now (its code file, icon, covers, video, images), so a listing that points at other files than
 * were signed fails too. The checks are `verifyVersionSignature` and `verifyVersionFiles` of
 * `@plugin-center/contract/signatures`, the code `examples/editor-host` runs.
 *
 * `plugin-center version-keys rotate [--start-over]`: a new version-signing key signs from now on;
 * every earlier key stays published, so versions signed before keep verifying (`--start-over`:
 * keys the secrets key cannot open are replaced, see `rotateVersionKeys`).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  type SignedFile,
  verifyVersionFiles,
  verifyVersionSignature,
} from '@plugin-center/contract/signatures';
import type { ServerConfig } from '../config/serverConfig';
import { createDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { loadSecretBox } from '../settings/secrets';
import { createFileStorage } from '../shared/storage/createFileStorage';
import { keyOf } from '../shared/storage/fileKeys';
import { STORAGE_KEY } from '../shared/storage/fileStorage';
import { upstreamPublicKeys, withUpstreamKeys } from '../shared/upstreamKeys';
import { readVersionKeys, rotateVersionKeys, VersionKeysError, versionKeySet } from './versionKeys';

/** Usage line of `verify`. */
export const VERIFY_USAGE = 'Usage: plugin-center verify <plugin_key> [version] [--jwks <file>]';
/** Usage line of `version-keys`. */
export const VERSION_KEYS_USAGE = 'Usage: plugin-center version-keys rotate [--start-over]';

/** Where a command writes (stdout and stderr by default). */
export interface SignatureCommandOutput {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: SignatureCommandOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Longest plugin_key or version the command takes (the API's limit). */
const MAX_ARGUMENT = 128;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Role words of `signedFileList` → the live plugin column serving that file. */
const LIVE_COLUMN = {
  'code file': 'code_file',
  icon: 'icon',
  'centre cover': 'cover_center',
  'panel cover': 'cover_panel',
  video: 'video',
} as const;

/**
 * Runs `verify <args>`.
 * @returns the exit code: 0 the version verifies (`OK: …` on stdout), 1 it does not or cannot be
 *   found (`FAILED: <reason>` on stderr), 2 bad usage.
 */
export async function runVerifyCommand(
  config: ServerConfig,
  args: string[],
  output: SignatureCommandOutput = processOutput,
): Promise<number> {
  let pluginKey: string;
  let wanted: string | undefined;
  let jwksFile: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { help: { type: 'boolean', short: 'h' }, jwks: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      output.out(`${VERIFY_USAGE}\n`);
      return 0;
    }
    if (positionals.length < 1 || positionals.length > 2)
      throw new Error('expected a plugin_key and optionally a version');
    for (const value of positionals) {
      if (value === '' || value.length > MAX_ARGUMENT || CONTROL.test(value))
        throw new Error(
          `a plugin_key or version has 1 to ${MAX_ARGUMENT} characters and no control characters`,
        );
    }
    [pluginKey, wanted] = positionals as [string, string | undefined];
    jwksFile = values.jwks;
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n${VERIFY_USAGE}\n`);
    return 2;
  }
  const failed = (message: string) => {
    output.err(`FAILED: ${message}\n`);
    return 1;
  };
  let jwks: unknown;
  if (jwksFile !== undefined) {
    try {
      jwks = JSON.parse(await readFile(jwksFile, 'utf8'));
    } catch (error) {
      return failed(`cannot read the JWKS ${jwksFile}: ${(error as Error).message}`);
    }
  }
  const { box } = await loadSecretBox({ dataDir: config.dataDir, environmentKey: config.secretsKey });
  const db = createDatabase(config);
  const storage = await createFileStorage(config);
  try {
    await migrate(db);
    const plugin = await db.kysely
      .selectFrom('plugin')
      .select([
        'id',
        'current_version',
        'code_file',
        'icon',
        'cover_center',
        'cover_panel',
        'video',
        'images',
      ])
      .where('plugin_key', '=', pluginKey)
      .executeTakeFirst();
    if (!plugin) return failed(`no plugin with plugin_key ${JSON.stringify(pluginKey)}`);
    const version = wanted ?? plugin.current_version;
    if (!version) return failed(`${pluginKey} has no approved version`);
    const row = await db.kysely
      .selectFrom('plugin_version')
      .select(['signature', 'signature_kid'])
      .where('plugin_id', '=', plugin.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) return failed(`${pluginKey} has no approved version ${JSON.stringify(version)}`);
    if (jwks === undefined) {
      try {
        const own = versionKeySet(await readVersionKeys(db.kysely, box));
        // A mirror's versions carry its upstreams' signatures: their keys as last pulled (or kept
        // by a bundle import) count too, each `kid` once, as the JWKS route answers them.
        jwks = { keys: withUpstreamKeys(own.keys, await upstreamPublicKeys(db.kysely)) };
      } catch (error) {
        if (!(error instanceof VersionKeysError)) throw error;
        return failed(`the version-signing keys cannot be read (${error.message})`);
      }
    }
    const signature =
      row.signature && row.signature_kid ? { kid: row.signature_kid, jws: row.signature } : null;
    const checked = await verifyVersionSignature(signature, jwks, { plugin_key: pluginKey, version });
    if (!checked.ok) return failed(checked.message);
    // The current version's files as the plugin serves them; an earlier version's by their keys.
    const current = version === plugin.current_version;
    const liveImages = current
      ? (JSON.parse(String(plugin.images)) as string[]).map((url) => keyOf(url))
      : [];
    const read = (file: SignedFile, role: string) => {
      let key: string | null = file.key;
      if (current) {
        const column = LIVE_COLUMN[role as keyof typeof LIVE_COLUMN];
        key = column ? keyOf(plugin[column]) : (liveImages[Number(role.replace('image ', '')) - 1] ?? null);
      }
      return key && STORAGE_KEY.test(key) ? storage.get(key) : Promise.resolve(undefined);
    };
    const files = await verifyVersionFiles(checked.signed, read);
    if (!files.ok) return failed(files.message);
    output.out(
      `OK: ${pluginKey} ${version} is signed by key ${checked.kid} (approved ${new Date(checked.signed.approved_at).toISOString()}), and its ${files.files} files match their SHA-256\n`,
    );
    return 0;
  } finally {
    storage.close?.();
    await db.close();
  }
}

/**
 * Runs `version-keys <args>`: `rotate` puts a new version-signing key first and keeps every earlier
 * one published; prints the key ids (never a key).
 * @param now - ms since the epoch (tests move it).
 * @returns the exit code: 0 rotated (or help), 1 the stored keys cannot be opened, 2 bad usage.
 */
export async function runVersionKeysCommand(
  config: ServerConfig,
  args: string[],
  output: SignatureCommandOutput = processOutput,
  now: () => number = Date.now,
): Promise<number> {
  if (args.length === 1 && (args[0] === '-h' || args[0] === '--help')) {
    output.out(`${VERSION_KEYS_USAGE}\n`);
    return 0;
  }
  const startOver = args[1] === '--start-over';
  if (args[0] !== 'rotate' || args.length > 2 || (args.length === 2 && !startOver)) {
    output.err(`${VERSION_KEYS_USAGE}\n`);
    return 2;
  }
  const { box } = await loadSecretBox({ dataDir: config.dataDir, environmentKey: config.secretsKey });
  const db = createDatabase(config);
  try {
    await migrate(db);
    const result = await rotateVersionKeys(db.kysely, box, now(), { startOver });
    output.out(
      `New version-signing key ${result.current}: versions approved from now on are signed with it.\n`,
    );
    if (result.kept.length > 0) {
      output.out(`Still published, for the versions they signed: ${result.kept.join(', ')}.\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof VersionKeysError) {
      output.err(
        `plugin-center: the stored version-signing keys cannot be opened (${error.message}); restore the secrets key, or start over with plugin-center version-keys rotate --start-over (the versions signed before then no longer verify)\n`,
      );
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}
