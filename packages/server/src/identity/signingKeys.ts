/**
 * The keys that sign access tokens (HS256), kept out of the database in clear.
 *
 * Without `JWT_SECRET` the keys live in one `server_secret` row, `jwt_signing_keys`, sealed with the
 * server's secrets key (`SecretBox` of `settings/secrets.ts`: AES-256-GCM, the context
 * `server_secret.jwt_signing_keys` as additional data), so a copy of the database alone holds no
 * usable key. The sealed text is JSON `{ "keys": [StoredKey, …] }`: the first key signs, every key
 * verifies the tokens that name it in their `kid` header. A key's id is 16 hex digits of a labelled
 * SHA-256 of the key (names it, reveals nothing).
 *
 * Rotation ({@link rotateSigningKeys}, `plugin-center keys rotate`) puts a new key first and keeps
 * the one it replaces, and any key retired less than the access-token lifetime ago, for
 * verification: nobody is signed out. Running processes pick up the new key within
 * {@link KEY_RELOAD_MS}, and at once when a token names a key they do not know yet.
 *
 * Earlier versions kept one key in clear in the row `jwt_signing_key` and issued tokens without
 * `kid`. {@link loadSigningKeys} moves such a key into the sealed keys (marked `legacy`: it also
 * verifies tokens without `kid`, so sessions survive the upgrade) and deletes the clear row.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { openKeyList, type SecretBox, sealedKeyId, sealKeyList } from '../settings/secrets';
import {
  deleteServerSecret,
  readServerSecret,
  replaceServerSecret,
  serverSecret,
} from '../shared/serverSecrets';

/** `server_secret` row of the sealed signing keys. */
export const SIGNING_KEYS_NAME = 'jwt_signing_keys';
/** `server_secret` row where earlier versions kept the signing key in clear (moved, then deleted). */
export const CLEAR_SIGNING_KEY_NAME = 'jwt_signing_key';
/** Additional authenticated data of the sealed keys (a sealed text cannot be moved to another use). */
const SEAL_CONTEXT = `server_secret.${SIGNING_KEYS_NAME}`;
/** Bytes of a generated key (HS256: at least the hash size, RFC 7518 §3.2). */
const KEY_BYTES = 32;
const KID_LABEL = 'plugin-center/jwt-kid/v1\u0000';
/** How often a process reads the keys again to start signing with a rotated-in key, ms. */
export const KEY_RELOAD_MS = 60_000;
/** Least time between two reads caused by tokens naming unknown keys, ms (bounds what junk `kid`s cost). */
export const UNKNOWN_KID_RELOAD_MS = 1000;
/** Tries of a read-modify-write of the keys that lost a race to another process. */
const MAX_ATTEMPTS = 5;

/** A key as the token code uses it. */
export interface SigningKey {
  /** 16 hex digits (see {@link signingKeyId}). */
  kid: string;
  key: Uint8Array;
  /** Also verifies tokens without `kid` (issued before tokens named their key). */
  legacy: boolean;
}

/** A key as it is stored (inside the sealed JSON). */
interface StoredKey {
  kid: string;
  /** base64url of the key bytes. */
  key: string;
  /** ms since the epoch. */
  created_at: number;
  /** When a newer key replaced it, ms since the epoch; absent for the signing key. */
  retired_at?: number;
  legacy?: boolean;
}

/** Why the stored keys could not be used (names key ids, never a key). */
export class SigningKeysError extends Error {
  override readonly name = 'SigningKeysError';
}

/** The public id of a signing key: 16 hex digits of a labelled SHA-256. */
export function signingKeyId(key: Uint8Array): string {
  return createHash('sha256').update(KID_LABEL).update(key).digest('hex').slice(0, 16);
}

function newKey(now: number): StoredKey {
  const key = randomBytes(KEY_BYTES);
  return { kid: signingKeyId(key), key: key.toString('base64url'), created_at: now };
}

/** The clear key of an earlier version (base64url, as it was written) as a verify-only legacy key. */
function clearKey(value: string, now: number): StoredKey {
  const key = Buffer.from(value, 'base64url');
  return { kid: signingKeyId(key), key: key.toString('base64url'), created_at: now, legacy: true };
}

function seal(box: SecretBox, keys: StoredKey[]): string {
  return sealKeyList(box, keys, SEAL_CONTEXT);
}

/**
 * The keys of a sealed text.
 * @throws SigningKeysError when the secrets key cannot open it or it is not a list of keys.
 */
function open(box: SecretBox, sealed: string): StoredKey[] {
  const keys = openKeyList(box, sealed, SEAL_CONTEXT, (message) => new SigningKeysError(message));
  const valid =
    keys !== undefined &&
    (keys as Partial<StoredKey>[]).every((k) => {
      if (typeof k?.kid !== 'string' || typeof k.key !== 'string') return false;
      const bytes = Buffer.from(k.key, 'base64url');
      return bytes.length > 0 && signingKeyId(bytes) === k.kid;
    });
  if (!valid) throw new SigningKeysError(`the stored ${SEAL_CONTEXT} is not a list of signing keys`);
  return keys as StoredKey[];
}

function toSigningKeys(stored: StoredKey[]): SigningKey[] {
  return stored.map((k) => ({
    kid: k.kid,
    key: new Uint8Array(Buffer.from(k.key, 'base64url')),
    legacy: k.legacy === true,
  }));
}

/** What {@link loadSigningKeys} found and did, for the log. */
export interface LoadedSigningKeys {
  keys: SigningKey[];
  /** The clear key of an earlier version was sealed and its row deleted. */
  movedClearKey: boolean;
  /**
   * The stored keys could not be opened with this server's secrets key and were replaced with a new
   * one: the reason (access tokens signed before no longer verify; refresh tokens stay valid).
   */
  replacedUnreadable?: string;
}

/**
 * The signing keys of the database, the signing one first: created on first start; a clear key
 * of an earlier version (`jwt_signing_key`) added as a legacy key and its row deleted; keys sealed
 * with an older secrets key sealed again with the current one; with `replaceUnreadable` (the
 * server's start), keys this server's secrets key cannot open (lost or changed key) replaced with
 * a new key (see {@link LoadedSigningKeys}). Concurrent starts agree: every write is
 * insert-if-missing or compare-and-set, and a lost race reads again.
 * @param now - ms since the epoch.
 * @throws SigningKeysError when the keys cannot be opened and `replaceUnreadable` is not set (a
 *   command run with another secrets key than the server's must not replace the server's keys);
 *   Error when other processes kept changing the keys during {@link MAX_ATTEMPTS} tries.
 */
export async function loadSigningKeys(
  db: Database,
  box: SecretBox,
  now: number,
  options: { replaceUnreadable?: boolean } = {},
): Promise<LoadedSigningKeys> {
  const kysely = db.kysely;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const clear = await readServerSecret(kysely, CLEAR_SIGNING_KEY_NAME);
    const sealed =
      (await readServerSecret(kysely, SIGNING_KEYS_NAME)) ??
      (await serverSecret(
        kysely,
        SIGNING_KEYS_NAME,
        seal(box, [clear !== undefined ? clearKey(clear, now) : newKey(now)]),
      ));
    let keys: StoredKey[];
    let replacedUnreadable: string | undefined;
    try {
      keys = open(box, sealed);
    } catch (error) {
      if (!(error instanceof SigningKeysError) || !options.replaceUnreadable) throw error;
      keys = [newKey(now)];
      replacedUnreadable = error.message;
    }
    let next = keys;
    if (clear !== undefined) {
      const legacy = clearKey(clear, now);
      if (!keys.some((k) => k.kid === legacy.kid)) next = [...next, { ...legacy, retired_at: now }];
    }
    if (next !== keys || replacedUnreadable !== undefined || sealedKeyId(sealed) !== box.keyId) {
      if (!(await replaceServerSecret(kysely, SIGNING_KEYS_NAME, sealed, seal(box, next)))) continue;
    }
    if (clear !== undefined) await deleteServerSecret(kysely, CLEAR_SIGNING_KEY_NAME, clear);
    return {
      keys: toSigningKeys(next),
      movedClearKey: clear !== undefined,
      ...(replacedUnreadable !== undefined ? { replacedUnreadable } : {}),
    };
  }
  throw new Error('the access-token signing keys kept changing while this process read them: start again');
}

/**
 * The signing keys as they are stored now, without creating or moving anything (what a running
 * process reads to pick up a rotation).
 * @throws SigningKeysError when there are none or they cannot be opened.
 */
export async function readSigningKeys(db: Database, box: SecretBox): Promise<SigningKey[]> {
  const sealed = await readServerSecret(db.kysely, SIGNING_KEYS_NAME);
  if (sealed === undefined) throw new SigningKeysError(`there is no ${SEAL_CONTEXT}`);
  return toSigningKeys(open(box, sealed));
}

/** Result of {@link rotateSigningKeys}: key ids. */
export interface RotatedSigningKeys {
  /** The new signing key. */
  current: string;
  /** Keys kept for verification. */
  kept: string[];
  /** Keys no longer accepted. */
  dropped: string[];
}

/**
 * Rotates the signing keys: a new key signs from now on; the key it replaces, and every key
 * retired less than `retainMs` ago, keep verifying the tokens they signed. With `retirePrevious`
 * every earlier key is dropped at once (a key that leaked): access tokens signed before get 401,
 * refresh tokens stay valid.
 * @param now - ms since the epoch.
 * @param options.retainMs - how long a retired key keeps verifying, ms (the access-token lifetime).
 * @throws SigningKeysError when the stored keys cannot be opened (unless `retirePrevious`); Error
 *   when other processes kept changing the keys.
 */
export async function rotateSigningKeys(
  db: Database,
  box: SecretBox,
  now: number,
  options: { retainMs: number; retirePrevious?: boolean },
): Promise<RotatedSigningKeys> {
  const kysely = db.kysely;
  if (!options.retirePrevious) await loadSigningKeys(db, box, now);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const sealed = await readServerSecret(kysely, SIGNING_KEYS_NAME);
    let keys: StoredKey[] = [];
    if (sealed !== undefined) {
      try {
        keys = open(box, sealed);
      } catch (error) {
        if (!(error instanceof SigningKeysError) || !options.retirePrevious) throw error;
      }
    }
    const fresh = newKey(now);
    const kept = options.retirePrevious
      ? []
      : keys
          .map((k, i) => (i === 0 ? { ...k, retired_at: now } : k))
          .filter((k, i) => i === 0 || now - (k.retired_at ?? 0) < options.retainMs);
    const next = seal(box, [fresh, ...kept]);
    const written =
      sealed === undefined
        ? (await serverSecret(kysely, SIGNING_KEYS_NAME, next)) === next
        : await replaceServerSecret(kysely, SIGNING_KEYS_NAME, sealed, next);
    if (!written) continue;
    if (options.retirePrevious) {
      const clear = await readServerSecret(kysely, CLEAR_SIGNING_KEY_NAME);
      if (clear !== undefined) await deleteServerSecret(kysely, CLEAR_SIGNING_KEY_NAME, clear);
    }
    return {
      current: fresh.kid,
      kept: kept.map((k) => k.kid),
      dropped: keys.filter((k) => !kept.some((c) => c.kid === k.kid)).map((k) => k.kid),
    };
  }
  throw new Error('the access-token signing keys kept changing during the rotation: try again');
}

/**
 * The keys of `JWT_SECRET` (signs) and `JWT_SECRET_PREVIOUS` (verifies only): the UTF-8 bytes of
 * each; both also verify tokens without `kid`.
 */
export function configuredSigningKeys(secret: string, previous?: string): SigningKey[] {
  return [secret, ...(previous ? [previous] : [])].map((text) => {
    const key = new TextEncoder().encode(text);
    return { kid: signingKeyId(key), key, legacy: true };
  });
}

/**
 * The keys one process signs and verifies with: fixed (`JWT_SECRET`), or read from the database
 * again every {@link KEY_RELOAD_MS} and when a token names an unknown key (at most once per
 * {@link UNKNOWN_KID_RELOAD_MS}). A failed read keeps the keys it has (`onReloadError` hears why).
 */
export class SigningKeyRing {
  private keys: SigningKey[];
  private byKid: Map<string, SigningKey>;
  private loadedAt: number;
  private reloading: Promise<void> | undefined;

  constructor(
    keys: SigningKey[],
    private readonly clock: () => number,
    private readonly reload?: () => Promise<SigningKey[]>,
    private readonly onReloadError: (error: unknown) => void = () => {},
  ) {
    if (keys.length === 0) throw new Error('SigningKeyRing needs at least one key');
    this.keys = keys;
    this.byKid = new Map(keys.map((k) => [k.kid, k]));
    this.loadedAt = clock();
  }

  /** The key that signs now (read again first when the keys are older than {@link KEY_RELOAD_MS}). */
  async signing(): Promise<SigningKey> {
    if (this.reload && this.clock() - this.loadedAt >= KEY_RELOAD_MS) await this.refresh();
    return this.keys[0]!;
  }

  /**
   * The key named `kid`, reading the keys again for an unknown one, and when they are older than
   * {@link KEY_RELOAD_MS} (a key dropped by `keys rotate --retire-previous` stops verifying within
   * that time).
   */
  async find(kid: string): Promise<SigningKey | undefined> {
    if (!this.reload) return this.byKid.get(kid);
    const age = this.clock() - this.loadedAt;
    if (age >= KEY_RELOAD_MS || (!this.byKid.has(kid) && age >= UNKNOWN_KID_RELOAD_MS)) await this.refresh();
    return this.byKid.get(kid);
  }

  /** The keys that verify tokens without `kid` (as last read). */
  legacy(): SigningKey[] {
    return this.keys.filter((k) => k.legacy);
  }

  private refresh(): Promise<void> {
    this.reloading ??= (async () => {
      try {
        const keys = await this.reload!();
        if (keys.length > 0) {
          this.keys = keys;
          this.byKid = new Map(keys.map((k) => [k.kid, k]));
        }
      } catch (error) {
        this.onReloadError(error);
      } finally {
        this.loadedAt = this.clock();
        this.reloading = undefined;
      }
    })();
    return this.reloading;
  }
}
