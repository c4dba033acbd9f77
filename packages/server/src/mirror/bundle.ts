/**
 * Air-gapped mirroring (docs/mirroring.md#bundles): `plugin-center export --since <time> --origin
 * <url> <file>` writes a bundle of the approved versions changed since a time (`bundleExport.ts`),
 * and `plugin-center import-bundle <file> [--jwks <file>]` loads one on a deployment without
 * network, with the checks of a pull (here).
 *
 * A bundle is UTF-8 JSON lines (`\n` after each line):
 * 1. the header `{ "format": "plugin-center/bundle/1", "origin", "created_at", "since", "jwks" }` —
 *    the exporting instance's origin (what mirrors call it: `mirrored_from`), ms times, its JWKS;
 * 2. one line per changed plugin, as the feed answers it (`MirrorChange`), a `version` line with
 *    `"files": { "<key>": "<base64 of the stored bytes>" }` for every file its signature and its
 *    earlier versions' signatures name (an earlier version whose files are gone is left out);
 * 3. the trailer `{ "kind": "end", "count", "sha256", "jws" }`: how many change lines, the SHA-256
 *    (hex) of every byte before the trailer, and a compact JWS (`alg` EdDSA, `typ`
 *    `plugin-center-bundle+jws`, the exporter's version-signing key) over the canonical JSON
 *    `{ "count", "format", "origin", "sha256" }`.
 *
 * The import reads the whole file first and refuses it, changing nothing, unless the trailer's
 * digest and count match and its JWS verifies with the JWKS (`--jwks`: a copy of the upstream's
 * JWKS the administrator trusts, else the bundle's own); then that JWKS's public keys are kept for
 * the origin (the deployment's JWKS and `plugin-center verify` answer them, as a pull's upstream
 * keys), and every version is checked as a pull checks it (its signature against that JWKS, every
 * file's SHA-256) before it is stored.
 */

import { constants } from 'node:buffer';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { MirrorChange, type MirrorChange as MirrorChangeValue } from '@plugin-center/contract/schemas';
import { canonicalJson } from '@plugin-center/contract/signatures';
import { compactVerify, importJWK, type JWK } from 'jose';
import { Compile } from 'typebox/compile';
import type { ServerConfig } from '../config/serverConfig';
import { parseOriginList } from '../config/values';
import { emptyCounts, type MirrorCounts } from './applyChanges';
import { failureLines, withMirror } from './commandDatabase';
import type { MirrorService } from './service';

/** The `format` of a bundle's header and trailer signature. */
export const BUNDLE_FORMAT = 'plugin-center/bundle/1';
/** The JWS `typ` of a bundle's trailer. */
export const BUNDLE_SIGNATURE_TYPE = 'plugin-center-bundle+jws';
/** Usage line of `import-bundle`. */
export const IMPORT_USAGE = 'Usage: plugin-center import-bundle <file> [--jwks <file>]';

/** Where a command writes (stdout and stderr by default). */
export interface BundleOutput {
  out(text: string): void;
  err(text: string): void;
}

/** Writes to the process's stdout and stderr. */
export const processOutput: BundleOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

const checkChange = Compile(MirrorChange);

/** A bundle refused as a whole. */
export class BundleError extends Error {
  override readonly name = 'BundleError';
}

/** The header of a bundle as read. */
interface BundleHeader {
  format: string;
  origin: string;
  jwks: unknown;
}

/**
 * The longest bundle line read, bytes: the longest string the JavaScript engine holds
 * (`buffer.constants.MAX_STRING_LENGTH`, 2²⁹ − 24 on 64-bit Node 20). A version's files travel in
 * its line as base64, so a line can be large; a longer one is refused with its line number.
 */
export const BUNDLE_LINE_MAX_BYTES = constants.MAX_STRING_LENGTH;

/**
 * Reads the lines of a bundle one by one (`\n`, or `\r\n`, ends a line), as UTF-8.
 * @throws BundleError when a line is longer than `maxBytes` (read as it arrives, never held whole).
 */
async function* bundleLines(file: string, maxBytes = BUNDLE_LINE_MAX_BYTES): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let size = 0;
  let line = 1;
  const take = () => {
    let bytes = Buffer.concat(parts, size);
    if (bytes.at(-1) === 0x0d) bytes = bytes.subarray(0, -1);
    parts = [];
    size = 0;
    line++;
    return bytes.toString('utf8');
  };
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); ; end = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
      size += piece.length;
      if (size > maxBytes) throw new BundleError(`line ${line}: longer than ${maxBytes} bytes`);
      parts.push(piece);
      if (end === -1) break;
      yield take();
      start = end + 1;
    }
  }
  if (size > 0) yield take();
}

/**
 * Checks a bundle as a whole: header, change lines' shapes, count, digest and the trailer's JWS.
 * @throws BundleError naming what is wrong.
 */
export async function checkBundle(
  file: string,
  pinnedJwks?: unknown,
  maxLineBytes = BUNDLE_LINE_MAX_BYTES,
): Promise<BundleHeader & { count: number }> {
  const hash = createHash('sha256');
  let header: BundleHeader | undefined;
  let trailer: { kind: string; count: unknown; sha256: unknown; jws: unknown } | undefined;
  let count = 0;
  let line = 0;
  for await (const text of bundleLines(file, maxLineBytes)) {
    line++;
    if (trailer) throw new BundleError(`line ${line}: a line after the trailer`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BundleError(`line ${line}: not JSON`);
    }
    if (line === 1) {
      const h = value as BundleHeader | null;
      if (h?.format !== BUNDLE_FORMAT || typeof h.origin !== 'string')
        throw new BundleError(`line 1: not a ${BUNDLE_FORMAT} header`);
      try {
        const [origin, ...rest] = parseOriginList('origin', h.origin);
        if (!origin || rest.length > 0 || origin !== h.origin) throw new Error();
      } catch {
        throw new BundleError(
          `line 1: the origin ${JSON.stringify(h.origin).slice(0, 200)} is not an origin`,
        );
      }
      header = h;
      hash.update(`${text}\n`);
      continue;
    }
    if ((value as { kind?: unknown } | null)?.kind === 'end') {
      trailer = value as typeof trailer;
      continue;
    }
    const { files, ...change } = (value ?? {}) as Record<string, unknown>;
    if (!checkChange.Check(change)) throw new BundleError(`line ${line}: not a change`);
    if (
      change.kind === 'version' &&
      (typeof files !== 'object' ||
        files === null ||
        Object.values(files).some((bytes) => typeof bytes !== 'string'))
    )
      throw new BundleError(`line ${line}: a version without its files`);
    count++;
    hash.update(`${text}\n`);
  }
  if (!header) throw new BundleError('the bundle is empty');
  if (!trailer) throw new BundleError('the bundle has no trailer (cut short?)');
  if (trailer.count !== count)
    throw new BundleError(`the trailer counts ${String(trailer.count)} changes, the bundle has ${count}`);
  const sha256 = hash.digest('hex');
  if (trailer.sha256 !== sha256)
    throw new BundleError('the bundle’s bytes do not match its trailer’s SHA-256');
  const jwks = (pinnedJwks ?? header.jwks) as { keys?: unknown };
  await verifyTrailer(String(trailer.jws), jwks, {
    count,
    format: BUNDLE_FORMAT,
    origin: header.origin,
    sha256,
  });
  return { ...header, jwks, count };
}

/** Verifies the trailer's JWS with the key its `kid` names in `jwks` and compares its payload. */
async function verifyTrailer(
  jws: string,
  jwks: { keys?: unknown },
  expected: Record<string, unknown>,
): Promise<void> {
  const fail = (why: string) => new BundleError(`the bundle’s signature ${why}`);
  const [protectedPart] = jws.split('.');
  let header: { kid?: unknown; alg?: unknown; typ?: unknown; crit?: unknown };
  try {
    header = JSON.parse(Buffer.from(protectedPart ?? '', 'base64url').toString('utf8'));
  } catch {
    throw fail('is not a compact JWS');
  }
  if (header.alg !== 'EdDSA' || header.typ !== BUNDLE_SIGNATURE_TYPE || header.crit !== undefined)
    throw fail('is not an EdDSA bundle signature');
  const keys = Array.isArray(jwks?.keys) ? (jwks.keys as JWK[]) : [];
  const matching = keys.filter((k) => k?.kid === header.kid);
  if (
    matching.length !== 1 ||
    matching[0]!.kty !== 'OKP' ||
    matching[0]!.crv !== 'Ed25519' ||
    'd' in matching[0]!
  )
    throw fail(`names a key (${String(header.kid).slice(0, 64)}) the JWKS does not hold`);
  try {
    const key = await importJWK({ ...matching[0]!, alg: 'EdDSA' }, 'EdDSA');
    const { payload } = await compactVerify(jws, key, { algorithms: ['EdDSA'] });
    if (new TextDecoder().decode(payload) !== canonicalJson(expected)) throw fail('is for another bundle');
  } catch (error) {
    if (error instanceof BundleError) throw error;
    throw fail('does not verify');
  }
}

/**
 * Loads a bundle checked by {@link checkBundle}: keeps the public keys it was checked with (the
 * pinned JWKS, else the bundle's own) for its origin in `mirror_state.jwks`, beside those kept
 * before, then applies each change as a pull applies it (versions verified against that JWKS with
 * the files the bundle holds). The result is stored as a `bundle` pull.
 */
export async function importBundle(
  mirror: MirrorService,
  file: string,
  pinnedJwks?: unknown,
): Promise<MirrorCounts & { origin: string }> {
  const bundle = await checkBundle(file, pinnedJwks);
  // The keys the versions are checked with are kept before any is stored: the deployment's JWKS
  // and `plugin-center verify` answer them as a pull's upstream keys.
  await mirror.keepBundleKeys(bundle.origin, bundle.jwks);
  const started = Date.now();
  const id = await mirror.startRecord(bundle.origin, 'bundle', started);
  const counts = emptyCounts();
  let error: string | null = null;
  try {
    let line = 0;
    for await (const text of bundleLines(file)) {
      line++;
      if (line === 1) continue;
      const { files, ...change } = JSON.parse(text) as MirrorChangeValue & { files?: Record<string, string> };
      if ((change as { kind: string }).kind === 'end') break;
      await mirror.applyChanges(
        {
          origin: bundle.origin,
          jwks: bundle.jwks,
          readFile: async (signed) => {
            const base64 = files?.[signed.key];
            return base64 === undefined ? undefined : Buffer.from(base64, 'base64');
          },
        },
        [change],
        counts,
      );
    }
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  }
  await mirror.finishRecord(id, bundle.origin, 'bundle', started, counts, error);
  return { ...counts, origin: bundle.origin };
}

/**
 * Runs `import-bundle <args>`.
 * @returns the exit code: 0 loaded with no failure, 1 refused or some version failed, 2 bad usage.
 */
export async function runImportBundleCommand(
  config: ServerConfig,
  args: string[],
  output: BundleOutput = processOutput,
): Promise<number> {
  let file: string;
  let jwksFile: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { jwks: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      output.out(`${IMPORT_USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 1) throw new Error('expected one bundle file');
    file = positionals[0]!;
    jwksFile = values.jwks;
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n${IMPORT_USAGE}\n`);
    return 2;
  }
  let pinned: unknown;
  if (jwksFile !== undefined) {
    try {
      pinned = JSON.parse(await readFile(jwksFile, 'utf8'));
    } catch (error) {
      output.err(`FAILED: cannot read the JWKS ${jwksFile}: ${(error as Error).message}\n`);
      return 1;
    }
  }
  try {
    return await withMirror(config, async (mirror) => {
      const result = await importBundle(mirror, file, pinned);
      output.out(
        `Imported ${file} from ${result.origin}: ${result.added} added, ${result.updated} updated, ${result.withdrawn} withdrawn, ${result.unchanged} unchanged, ${result.skipped} skipped, ${result.failed} failed\n`,
      );
      if (result.failures.length > 0) output.err(failureLines(result.failures));
      return result.failed > 0 ? 1 : 0;
    });
  } catch (error) {
    output.err(`FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
