/**
 * Sealing of the settings' secrets ("Secrets are encrypted at rest with a key the server
 * keeps outside the database … never returned in full, and never logged"): AES-256-GCM
 * (node:crypto) with a random 96-bit nonce per value, the setting's name as additional
 * authenticated data (a sealed value cannot be moved to another setting), and the id of the key in
 * every sealed text, so keys can be rotated: `SECRETS_KEY` may list several keys, the first seals,
 * every one opens.
 *
 * A sealed text is `v1.<key id>.<nonce>.<ciphertext + 16-byte tag>` (base64url parts). The key id is
 * the first 16 hex digits of a labelled SHA-256 of the key: it names the key without revealing it.
 *
 * The key comes from `SECRETS_KEY` (64 hex digits or base64 of 32 bytes) or, unset, from the file
 * `DATA_DIR/secrets.key` (base64 of 32 bytes), which the first start creates atomically with mode
 * 0600. Where it lives, how to back it up and what losing it means: docs/deployment.md.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { parseSecretsKey, parseSecretsKeys } from '../config/database';

/** Name of the key file in `DATA_DIR` when `SECRETS_KEY` is unset. */
export const SECRETS_KEY_FILE = 'secrets.key';

/** Version tag of the sealed text. */
const FORMAT = 'v1';
/** AES-256: bytes. */
const KEY_BYTES = 32;
/** 96-bit GCM nonce (NIST SP 800-38D recommends 96 bits), bytes. */
const NONCE_BYTES = 12;
/** GCM authentication tag, bytes. */
const TAG_BYTES = 16;
const KEY_ID_LABEL = 'plugin-center/secrets-key-id/v1\u0000';
const AAD_LABEL = 'plugin-center/settings/v1\u0000';

/** Why a sealed text could not be opened. */
export type SecretKeyErrorReason = 'unknown-key' | 'tampered' | 'malformed';

/**
 * A sealed secret that the server's keys cannot open: sealed with another key (`unknown-key`: the
 * key was changed or lost), altered (`tampered`: the tag does not verify), or not a sealed text
 * (`malformed`). The message names key ids, never a key or a secret.
 */
export class SecretKeyError extends Error {
  override readonly name = 'SecretKeyError';
  constructor(
    readonly reason: SecretKeyErrorReason,
    message: string,
  ) {
    super(message);
  }
}

/** The public id of a key: 16 hex digits of a labelled SHA-256 (names the key, reveals nothing). */
export function secretsKeyId(key: Buffer): string {
  return createHash('sha256').update(KEY_ID_LABEL).update(key).digest('hex').slice(0, 16);
}

/** The key id a sealed text names, or null when it is not a sealed text. */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split('.');
  return parts.length === 4 && parts[0] === FORMAT && /^[0-9a-f]{16}$/.test(parts[1]!) ? parts[1]! : null;
}

/** Seals a key set as the text `{"keys":[…]}` under `context` (the signing keys of tokens and of versions). */
export function sealKeyList(box: SecretBox, keys: readonly unknown[], context: string): string {
  return box.seal(JSON.stringify({ keys }), context);
}

/**
 * The `keys` of a text {@link sealKeyList} sealed under `context`; undefined when it opens to
 * anything but a non-empty list (the caller checks each key).
 * @throws the error `refuse(message)` makes when the secrets key cannot open it (a changed or lost
 *   key, an altered text).
 */
export function openKeyList(
  box: SecretBox,
  sealed: string,
  context: string,
  refuse: (message: string) => Error,
): unknown[] | undefined {
  let plain: string;
  try {
    plain = box.open(sealed, context);
  } catch (error) {
    if (error instanceof SecretKeyError) throw refuse(error.message);
    throw error;
  }
  try {
    const keys = (JSON.parse(plain) as { keys?: unknown } | null)?.keys;
    return Array.isArray(keys) && keys.length > 0 ? keys : undefined;
  } catch {
    return undefined;
  }
}

/** Seals and opens secrets with the server's keys (see the module comment). */
export class SecretBox {
  /** Id of the key that seals (the first one). */
  readonly keyId: string;
  /** Ids of every key that opens, the sealing one first. */
  readonly keyIds: readonly string[];
  private readonly keys: Map<string, Buffer>;

  /** @param keys - 32-byte keys; the first seals, every one opens. @throws Error without a key or for a key of another length */
  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('SecretBox needs at least one key');
    this.keys = new Map();
    for (const key of keys) {
      if (key.length !== KEY_BYTES) throw new Error(`a secrets key must be ${KEY_BYTES} bytes`);
      this.keys.set(secretsKeyId(key), Buffer.from(key));
    }
    this.keyIds = [...this.keys.keys()];
    this.keyId = this.keyIds[0]!;
  }

  /**
   * Seals `plain` for the setting `context` (e.g. `iconfont.client_secret`): a fresh random nonce
   * every time, so the same secret never gives the same text.
   */
  seal(plain: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, nonce, {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(Buffer.from(AAD_LABEL + context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return [FORMAT, this.keyId, nonce.toString('base64url'), body.toString('base64url')].join('.');
  }

  /** Whether one of the keys opens texts sealed like `sealed` (by its key id; the tag is not checked). */
  knows(sealed: string): boolean {
    const id = sealedKeyId(sealed);
    return id !== null && this.keys.has(id);
  }

  /**
   * Opens a text of {@link seal} for the same `context`.
   * @throws SecretKeyError `malformed`, `unknown-key` (sealed with a key the server does not have) or
   *   `tampered` (altered, or sealed for another setting).
   */
  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    const id = sealedKeyId(sealed);
    if (id === null) throw new SecretKeyError('malformed', `the stored ${context} is not a sealed secret`);
    const key = this.keys.get(id);
    if (!key) {
      throw new SecretKeyError(
        'unknown-key',
        `the stored ${context} was sealed with key ${id}, but this server has key ${this.keyIds.join(', ')}: restore that key (SECRETS_KEY or DATA_DIR/${SECRETS_KEY_FILE}) or save the secret again`,
      );
    }
    const nonce = Buffer.from(parts[2]!, 'base64url');
    const body = Buffer.from(parts[3]!, 'base64url');
    if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) {
      throw new SecretKeyError('malformed', `the stored ${context} is not a sealed secret`);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(AAD_LABEL + context, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretKeyError(
        'tampered',
        `the stored ${context} does not verify with key ${id} (altered, or sealed for another setting)`,
      );
    }
  }
}

/** Where the keys of {@link loadSecretBox} came from. */
export type SecretsKeySource = 'environment' | 'file' | 'generated';

/** Result of {@link loadSecretBox}. */
export interface LoadedSecretBox {
  box: SecretBox;
  source: SecretsKeySource;
  /** The key file, when the key came from (or was written to) it. */
  file?: string;
  /** Something the operator should fix (a key file readable by others), for the log. */
  warning?: string;
}

/** A start-up failure of the secrets key: the message says what to do, never shows a key. */
export class SecretsKeyFileError extends Error {
  override readonly name = 'SecretsKeyFileError';
}

async function readKeyFile(file: string): Promise<{ key: Buffer; warning?: string }> {
  const text = await readFile(file, 'utf8');
  let key: Buffer;
  try {
    key = parseSecretsKey(text);
  } catch (error) {
    throw new SecretsKeyFileError(
      `${file}: not a secrets key (${(error as Error).message}); restore the file from your backup, or set SECRETS_KEY`,
    );
  }
  const mode = (await stat(file)).mode & 0o777;
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    return {
      key,
      warning: `${file} is readable by other users (mode ${mode.toString(8)}): chmod 600 it`,
    };
  }
  return { key };
}

/**
 * The server's secrets keys: `environmentKey` (`SECRETS_KEY`, already checked by the configuration)
 * when set; else the key file `dataDir/secrets.key`, created on first start with a random key —
 * written to a temporary file with mode 0600 and fsync, then hard-linked into place (atomic, and it
 * never replaces a key another process created first; the winner's key is used).
 *
 * @throws SecretsKeyFileError for a key file that is not a key; Error for a `environmentKey` that
 *   does not parse; the file system's errors (e.g. `DATA_DIR` not writable).
 */
export async function loadSecretBox(options: {
  dataDir: string;
  environmentKey?: string | undefined;
}): Promise<LoadedSecretBox> {
  if (options.environmentKey !== undefined) {
    return { box: new SecretBox(parseSecretsKeys(options.environmentKey)), source: 'environment' };
  }
  const file = join(options.dataDir, SECRETS_KEY_FILE);
  try {
    const { key, warning } = await readKeyFile(file);
    return { box: new SecretBox([key]), source: 'file', file, ...(warning ? { warning } : {}) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${randomBytes(KEY_BYTES).toString('base64')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  let created = true;
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    created = false; // another process was first: use its key
  } finally {
    await unlink(temporary).catch(() => {});
  }
  if (created) {
    const directory = await open(options.dataDir, 'r');
    await directory.sync().catch(() => {});
    await directory.close();
  }
  const { key, warning } = await readKeyFile(file);
  return {
    box: new SecretBox([key]),
    source: created ? 'generated' : 'file',
    file,
    ...(warning ? { warning } : {}),
  };
}
