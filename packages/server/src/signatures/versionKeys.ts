/**
 * The keys that sign approved versions: Ed25519 (RFC 8037), a key set of their own, separate from
 * the access-token keys (`identity/signingKeys.ts`), kept sealed like them.
 *
 * The keys live in one `server_secret` row, `version_signing_keys`, sealed with the server's secrets
 * key (`SecretBox` of `settings/secrets.ts`: AES-256-GCM, the context
 * `server_secret.version_signing_keys` as additional data), so a copy of the database alone holds no
 * usable private key. The sealed text is JSON `{ "keys": [StoredVersionKey, …] }`: the first key
 * signs, every key stays published in the JWKS (`/.well-known/plugin-center/jwks.json`) so the
 * versions it signed keep verifying. A key's id is its RFC 7638 thumbprint (`jose`
 * calculateJwkThumbprint), which a verifier recomputes from the published key.
 *
 * Rotation ({@link rotateVersionKeys}, `plugin-center version-keys rotate`) puts a new key first and
 * keeps every earlier one: a version key is never dropped, since the versions it signed stay in the
 * history. Signing reads the row in the approval's transaction, so every process signs with the
 * newest key at once.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { VersionKeySet, VersionPublicJwk } from '@plugin-center/contract/schemas';
import { calculateJwkThumbprint } from 'jose';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { openKeyList, type SecretBox, sealedKeyId, sealKeyList } from '../settings/secrets';
import { readServerSecret, replaceServerSecret, serverSecret } from '../shared/serverSecrets';

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** `server_secret` row of the sealed version-signing keys. */
export const VERSION_KEYS_NAME = 'version_signing_keys';
/** Additional authenticated data of the sealed keys (a sealed text cannot be moved to another use). */
const SEAL_CONTEXT = `server_secret.${VERSION_KEYS_NAME}`;
/** Tries of a read-modify-write of the keys that lost a race to another process. */
const MAX_ATTEMPTS = 5;

/** A key as it is stored (inside the sealed JSON): the JWK members of the Ed25519 key pair. */
interface StoredVersionKey {
  kid: string;
  /** Public key, base64url (JWK `x`). */
  x: string;
  /** Private key, base64url (JWK `d`). */
  d: string;
  /** ms since the epoch. */
  created_at: number;
  /** When a newer key replaced it, ms since the epoch; absent for the signing key. */
  retired_at?: number;
}

/** A version-signing key as the signer uses it. */
export interface VersionKey {
  /** RFC 7638 thumbprint of the public key. */
  kid: string;
  /** The public key as the JWKS publishes it. */
  jwk: VersionPublicJwk;
  privateKey: KeyObject;
  /** ms since the epoch. */
  created_at: number;
  /** ms since the epoch; undefined for the key that signs. */
  retired_at?: number;
}

/** Why the stored keys could not be used (names key ids, never a key). */
export class VersionKeysError extends Error {
  override readonly name = 'VersionKeysError';
}

/** The public JWK of a stored key. */
function publicJwk(key: { kid: string; x: string }): VersionPublicJwk {
  return { kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid, alg: 'EdDSA', use: 'sig' };
}

/** A new Ed25519 key pair with its thumbprint as id. */
async function newKey(now: number): Promise<StoredVersionKey> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const kid = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: jwk.x! });
  return { kid, x: jwk.x!, d: jwk.d!, created_at: now };
}

function seal(box: SecretBox, keys: StoredVersionKey[]): string {
  return sealKeyList(box, keys, SEAL_CONTEXT);
}

/**
 * The keys of a sealed text, each checked: its public key derives from its private key and its
 * id is the thumbprint of its public key.
 * @throws VersionKeysError when the secrets key cannot open it or it is not a list of keys.
 */
async function open(box: SecretBox, sealed: string): Promise<StoredVersionKey[]> {
  const keys = openKeyList(box, sealed, SEAL_CONTEXT, (message) => new VersionKeysError(message));
  const notKeys = new VersionKeysError(`the stored ${SEAL_CONTEXT} is not a list of Ed25519 keys`);
  if (!keys) throw notKeys;
  for (const k of keys as Partial<StoredVersionKey>[]) {
    if (typeof k?.kid !== 'string' || typeof k.x !== 'string' || typeof k.d !== 'string') throw notKeys;
    try {
      const derived = createPublicKey(
        createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x, d: k.d }, format: 'jwk' }),
      ).export({ format: 'jwk' });
      if (
        derived.x !== k.x ||
        (await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: k.x })) !== k.kid
      )
        throw notKeys;
    } catch {
      throw notKeys;
    }
  }
  return keys as StoredVersionKey[];
}

function toVersionKeys(stored: StoredVersionKey[]): VersionKey[] {
  return stored.map((k) => ({
    kid: k.kid,
    jwk: publicJwk(k),
    privateKey: createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x, d: k.d }, format: 'jwk' }),
    created_at: k.created_at,
    ...(k.retired_at !== undefined ? { retired_at: k.retired_at } : {}),
  }));
}

/** Opened keys by sealed text: the row changes only on a rotation, opening it costs key checks. */
const opened = new Map<string, Promise<VersionKey[]>>();

async function openCached(box: SecretBox, sealed: string): Promise<VersionKey[]> {
  const cacheKey = `${box.keyIds.join(',')}|${sealed}`;
  let keys = opened.get(cacheKey);
  if (!keys) {
    keys = open(box, sealed).then(toVersionKeys);
    keys.catch(() => opened.delete(cacheKey));
    if (opened.size > 32) opened.clear();
    opened.set(cacheKey, keys);
  }
  return keys;
}

/**
 * The version-signing keys, the signing one first: created on the first call (the server's start),
 * sealed again when an older secrets key sealed them. Concurrent starts agree (insert-if-missing,
 * then compare-and-set).
 * @param now - ms since the epoch.
 * @throws VersionKeysError when the stored keys cannot be opened with this server's secrets key:
 *   unlike the access-token keys they are never replaced silently, since every signed version
 *   depends on them (restore the secrets key).
 */
export async function loadVersionKeys(db: Executor, box: SecretBox, now: number): Promise<VersionKey[]> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const sealed =
      (await readServerSecret(db, VERSION_KEYS_NAME)) ??
      (await serverSecret(db, VERSION_KEYS_NAME, seal(box, [await newKey(now)])));
    const keys = await open(box, sealed);
    if (sealedKeyId(sealed) !== box.keyId) {
      if (!(await replaceServerSecret(db, VERSION_KEYS_NAME, sealed, seal(box, keys)))) continue;
    }
    return toVersionKeys(keys);
  }
  throw new Error('the version-signing keys kept changing while this process read them: start again');
}

/**
 * The version-signing keys as stored now (signing one first), without creating anything.
 * @throws VersionKeysError when there are none or they cannot be opened.
 */
export async function readVersionKeys(db: Executor, box: SecretBox): Promise<VersionKey[]> {
  const sealed = await readServerSecret(db, VERSION_KEYS_NAME);
  if (sealed === undefined) throw new VersionKeysError(`there is no ${SEAL_CONTEXT}`);
  return openCached(box, sealed);
}

/** The JWKS of keys: every key, the signing one first. */
export function versionKeySet(keys: readonly VersionKey[]): VersionKeySet {
  return { keys: keys.map((k) => k.jwk) };
}

/** Result of {@link rotateVersionKeys}: key ids. */
export interface RotatedVersionKeys {
  /** The new signing key. */
  current: string;
  /** Earlier keys, still published (newest first). */
  kept: string[];
}

/**
 * Rotates the version-signing keys: a new key signs every version approved from now on; every
 * earlier key stays in the JWKS, so the versions it signed keep verifying. With `startOver`, keys
 * this secrets key cannot open (a lost secrets key) are replaced by the new one alone: the versions
 * they signed no longer verify (`unknown_key`) until they are signed again.
 * @param now - ms since the epoch.
 * @throws VersionKeysError when the stored keys cannot be opened (without `startOver`); Error when
 *   other processes kept changing them.
 */
export async function rotateVersionKeys(
  db: Executor,
  box: SecretBox,
  now: number,
  options: { startOver?: boolean } = {},
): Promise<RotatedVersionKeys> {
  if (!options.startOver) await loadVersionKeys(db, box, now);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const sealed = await readServerSecret(db, VERSION_KEYS_NAME);
    let keys: StoredVersionKey[] = [];
    if (sealed !== undefined) {
      try {
        keys = await open(box, sealed);
      } catch (error) {
        if (!(error instanceof VersionKeysError) || !options.startOver) throw error;
      }
    }
    const fresh = await newKey(now);
    const kept = keys.map((k, i) => (i === 0 ? { ...k, retired_at: now } : k));
    const next = seal(box, [fresh, ...kept]);
    const written =
      sealed === undefined
        ? (await serverSecret(db, VERSION_KEYS_NAME, next)) === next
        : await replaceServerSecret(db, VERSION_KEYS_NAME, sealed, next);
    if (!written) continue;
    return { current: fresh.kid, kept: kept.map((k) => k.kid) };
  }
  throw new Error('the version-signing keys kept changing during the rotation: try again');
}
