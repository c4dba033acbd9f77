/**
 * Signing of approved versions (docs/signatures.md): the version's description — plugin_key,
 * version, approval time, and the storage key and SHA-256 of each stored file (code file, icon,
 * covers, video, gallery images), the digests computed from the stored bytes — serialised
 * canonically (`canonicalJson` of `@plugin-center/contract/signatures`, RFC 8785) and signed as a
 * compact JWS with `jose` (`alg` EdDSA, `typ` `plugin-center-version+jws`, the key's `kid`) by the
 * signing key of `versionKeys.ts`. Review signs in the approval's transaction; `backfill.ts` signs
 * versions approved before signatures existed.
 *
 * A file value that is not a storage key (a link kept from elsewhere) is not a stored file and is
 * not in the description.
 */
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  SIGNED_VERSION_FORMAT,
  type SignedFile,
  type SignedVersion,
  VERSION_SIGNATURE_ALG,
  VERSION_SIGNATURE_TYPE,
} from '@plugin-center/contract/signatures';
import { CompactSign } from 'jose';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import type { SecretBox } from '../settings/secrets';
import { keyOf } from '../shared/storage/fileKeys';
import { type FileStorage, STORAGE_KEY } from '../shared/storage/fileStorage';
import { readVersionKeys, type VersionKey, versionKeySet } from './versionKeys';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** The files of a version as rows hold them: storage keys, stored-file URLs, links or null. */
export interface VersionFileRefs {
  code_file: string | null;
  icon: string | null;
  cover_center: string | null;
  cover_panel: string | null;
  video: string | null;
  images: readonly (string | null)[];
}

/** What a version row stores of its signature. */
export interface VersionSignatureColumns {
  signature: string;
  signature_kid: string;
}

/** A stored file a version names is gone or does not hold the bytes its key names. */
export class VersionFileError extends Error {
  override readonly name = 'VersionFileError';
}

/** SHA-256 of the stored file `key` as hex (checked against the key, a content address). */
async function storedDigest(storage: FileStorage, key: string): Promise<string> {
  const bytes = await storage.get(key);
  if (!bytes) throw new VersionFileError(`the stored file ${key} is missing`);
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (!key.startsWith(`${digest}.`))
    throw new VersionFileError(
      `the stored file ${key} does not hold the bytes its key names (SHA-256 ${digest})`,
    );
  return digest;
}

/** Signs versions with the instance's version-signing key. */
export class VersionSigner {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly storage: FileStorage,
  ) {}

  /** The keys as stored now, read through `executor` (a transaction's, to sign in it). */
  keys(executor: Executor = this.db.kysely): Promise<VersionKey[]> {
    return readVersionKeys(executor, this.box);
  }

  /** The JWKS the instance publishes. */
  async keySet(): Promise<ReturnType<typeof versionKeySet>> {
    return versionKeySet(await this.keys());
  }

  /**
   * The SHA-256 of each stored file among `files` (storage keys or stored-file URLs), computed from
   * the stored bytes; `known` digests are reused.
   * @throws VersionFileError when a file is missing or its bytes do not match its key.
   */
  async digests(
    files: VersionFileRefs,
    known: ReadonlyMap<string, string> = new Map(),
  ): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const key of storedKeys(files)) {
      if (!out.has(key)) out.set(key, known.get(key) ?? (await storedDigest(this.storage, key)));
    }
    return out;
  }

  /**
   * The description of a version: its files' keys with the SHA-256 of their stored bytes.
   * @param approvedAt - ms since the epoch.
   * @param known - digests computed before (see {@link digests}); the others are computed now.
   * @throws VersionFileError when a stored file is missing or altered.
   */
  async describe(
    pluginKey: string,
    version: string,
    approvedAt: number,
    files: VersionFileRefs,
    known?: ReadonlyMap<string, string>,
  ): Promise<SignedVersion> {
    const digests = await this.digests(files, known);
    const signed = (value: string | null): SignedFile | null => {
      const key = storedKey(value);
      return key ? { key, sha256: digests.get(key)! } : null;
    };
    return {
      format: SIGNED_VERSION_FORMAT,
      plugin_key: pluginKey,
      version,
      approved_at: approvedAt,
      files: {
        code_file: signed(files.code_file),
        icon: signed(files.icon),
        cover_center: signed(files.cover_center),
        cover_panel: signed(files.cover_panel),
        video: signed(files.video),
        images: files.images.flatMap((image) => {
          const file = signed(image);
          return file ? [file] : [];
        }),
      },
    };
  }

  /**
   * Signs a description with the current signing key, read through `executor` (in the approval's
   * transaction, so the version and its signature are written together).
   * @returns the compact JWS and the key's id, as `plugin_version` stores them.
   */
  async sign(executor: Executor, description: SignedVersion): Promise<VersionSignatureColumns> {
    const [key] = await this.keys(executor);
    const jws = await new CompactSign(new TextEncoder().encode(canonicalJson(description)))
      .setProtectedHeader({ alg: VERSION_SIGNATURE_ALG, typ: VERSION_SIGNATURE_TYPE, kid: key!.kid })
      .sign(key!.privateKey);
    return { signature: jws, signature_kid: key!.kid };
  }
}

/** The storage key of a file value (a key, or the URL of a stored file), else null. */
function storedKey(value: string | null | undefined): string | null {
  const key = keyOf(value ?? null);
  return key && STORAGE_KEY.test(key) ? key : null;
}

/** The storage keys among a version's files. */
function storedKeys(files: VersionFileRefs): string[] {
  return [
    files.code_file,
    files.icon,
    files.cover_center,
    files.cover_panel,
    files.video,
    ...files.images,
  ].flatMap((value) => {
    const key = storedKey(value);
    return key ? [key] : [];
  });
}
