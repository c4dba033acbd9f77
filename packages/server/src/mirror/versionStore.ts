/**
 * What storing a verified version takes on a mirror (docs/mirroring.md), for the current version
 * (`applyChanges.ts`) and the earlier ones (`earlierVersions.ts`) alike: every file the signature
 * names read and hashed before anything is stored, the files put in the storage (hashed again as
 * stored), and the version row written with the upstream's signature.
 */
import type { MirrorEarlierVersion } from '@plugin-center/contract/schemas';
import {
  type SignedFile,
  type SignedVersion,
  sha256Hex,
  verifyVersionFiles,
} from '@plugin-center/contract/signatures';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { type FileStorage, STORAGE_KEY } from '../shared/storage/fileStorage';
import { UpstreamUnavailableError } from './upstreamHttp';

/** Where the changes being applied come from: the upstream's keys and its files. */
export interface ChangeSource {
  /** The upstream's origin (`mirrored_from`). */
  origin: string;
  /** The upstream's JWKS (as parsed JSON; checked by `verifyVersionSignature`). */
  jwks: unknown;
  /** The bytes of a signed file; undefined when it cannot be read. */
  readFile(file: SignedFile): Promise<Uint8Array | undefined>;
}

/** A version row as a change names it: the number, its notes and the upstream's signature. */
export type VersionFields = Pick<MirrorEarlierVersion, 'version' | 'version_content' | 'signature'>;

/**
 * The bytes of every file `signed` names, each read by `read` once and its SHA-256 compared with
 * the signed one (a key that is not the content address of its digest is not read: missing).
 * @returns the bytes by storage key.
 * @throws Error with `verifyVersionFiles`' message (a missing file, a digest that does not match);
 * UpstreamUnavailableError, as `read` threw it, when the upstream stopped answering.
 */
export async function verifiedFiles(
  signed: SignedVersion,
  read: (file: SignedFile) => Promise<Uint8Array | undefined>,
): Promise<Map<string, Uint8Array>> {
  const bytes = new Map<string, Uint8Array>();
  // A read that failed because the upstream is gone (the check itself sees only a missing file).
  let unavailable: UpstreamUnavailableError | undefined;
  const files = await verifyVersionFiles(signed, async (file) => {
    if (!STORAGE_KEY.test(file.key) || !file.key.startsWith(`${file.sha256}.`)) return undefined;
    try {
      const known = bytes.get(file.key) ?? (await read(file));
      if (known) bytes.set(file.key, known);
      return known;
    } catch (error) {
      if (error instanceof UpstreamUnavailableError) unavailable = error;
      throw error;
    }
  });
  if (unavailable) throw unavailable;
  if (!files.ok) throw new Error(files.message);
  return bytes;
}

/**
 * Puts verified files in the storage, each checked again as stored (what the storage holds is
 * what was hashed).
 * @throws Error when bytes changed since they were hashed (nothing more is put).
 */
export async function putVerifiedFiles(storage: FileStorage, bytes: Map<string, Uint8Array>): Promise<void> {
  for (const [key, data] of bytes) {
    if (!key.startsWith(`${await sha256Hex(data)}.`)) throw new Error(`the file ${key} changed while read`);
    await storage.put(key, data);
  }
}

/**
 * The version row of a plugin: inserted, or its notes, time and signature brought up to date when
 * the row exists with another signature (an existing row with that signature is left as it is).
 */
export async function upsertVersion(
  trx: Kysely<DatabaseSchema>,
  pluginId: number,
  version: VersionFields,
  approvedAt: number,
): Promise<void> {
  const existing = await trx
    .selectFrom('plugin_version')
    .select(['id', 'signature'])
    .where('plugin_id', '=', pluginId)
    .where('version', '=', version.version)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (existing) {
    if (existing.signature !== version.signature.jws)
      await trx
        .updateTable('plugin_version')
        .set({
          signature: version.signature.jws,
          signature_kid: version.signature.kid,
          version_content: version.version_content,
          create_time: approvedAt,
        })
        .where('id', '=', existing.id)
        .execute();
    return;
  }
  await trx
    .insertInto('plugin_version')
    .values({
      plugin_id: pluginId,
      version: version.version,
      version_content: version.version_content,
      create_time: approvedAt,
      signature: version.signature.jws,
      signature_kid: version.signature.kid,
    })
    .execute();
}
