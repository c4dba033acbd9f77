/**
 * The sealing of the settings' secrets: AES-256-GCM with a fresh 96-bit nonce per value,
 * the setting's name bound in, key ids for rotation, and the key file created once, atomically,
 * with mode 0600.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSecretsKey, parseSecretsKeys } from '../config/database';
import { loadConfig } from '../config/loadConfig';
import { ConfigError } from '../config/values';
import {
  loadSecretBox,
  SECRETS_KEY_FILE,
  SecretBox,
  SecretKeyError,
  SecretsKeyFileError,
  sealedKeyId,
  secretsKeyId,
} from './secrets';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'plugin-center-secrets-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('SecretBox', () => {
  const key = randomBytes(32);
  const box = new SecretBox([key]);

  it('opens what it sealed, for the same setting, and never shows the secret in the sealed text', () => {
    const secret = 'pexels-563492ad6f91700001000001-密钥';
    const sealed = box.seal(secret, 'pexels.api_key');
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString('base64url'));
    expect(sealed.split('.')).toHaveLength(4);
    expect(sealedKeyId(sealed)).toBe(secretsKeyId(key));
    expect(box.open(sealed, 'pexels.api_key')).toBe(secret);
  });

  it('uses a fresh 96-bit nonce every time: the same secret seals to different texts', () => {
    const texts = new Set(Array.from({ length: 50 }, () => box.seal('same secret', 'x')));
    expect(texts.size).toBe(50);
    const nonce = Buffer.from([...texts][0]!.split('.')[2]!, 'base64url');
    expect(nonce.length).toBe(12);
  });

  it('refuses a sealed text moved to another setting, altered, or not sealed at all', () => {
    const sealed = box.seal('s3cret-value', 'iconfont.client_secret');
    expect((errorOf(() => box.open(sealed, 'pexels.api_key')) as SecretKeyError).reason).toBe('tampered');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const altered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect((errorOf(() => box.open(altered, 'iconfont.client_secret')) as SecretKeyError).reason).toBe(
      'tampered',
    );
    for (const text of ['', 'plain secret', 'v1.zz.aa.bb', `v1.${box.keyId}.AAAA.AAAA`]) {
      expect((errorOf(() => box.open(text, 'x')) as SecretKeyError).reason).toBe('malformed');
    }
  });

  it('fails clearly with another key: names both key ids, never a key or the secret', () => {
    const sealed = box.seal('the-secret-value', 'iconfont.client_secret');
    const other = new SecretBox([randomBytes(32)]);
    const error = errorOf(() => other.open(sealed, 'iconfont.client_secret')) as SecretKeyError;
    expect(error).toBeInstanceOf(SecretKeyError);
    expect(error.reason).toBe('unknown-key');
    expect(error.message).toContain(box.keyId);
    expect(error.message).toContain(other.keyId);
    expect(error.message).not.toContain('the-secret-value');
    expect(error.message).not.toContain(key.toString('base64'));
    expect(other.knows(sealed)).toBe(false);
  });

  it('rotates: the first key seals, every key opens', () => {
    const old = box.seal('old secret', 'x');
    const next = new SecretBox([randomBytes(32), key]);
    expect(next.knows(old)).toBe(true);
    expect(next.open(old, 'x')).toBe('old secret');
    const fresh = next.seal('new secret', 'x');
    expect(sealedKeyId(fresh)).toBe(next.keyId);
    expect(next.keyId).not.toBe(box.keyId);
    expect((errorOf(() => box.open(fresh, 'x')) as SecretKeyError).reason).toBe('unknown-key');
  });
});

describe('secrets keys', () => {
  it('reads 64 hex digits or base64 / base64url of 32 bytes, and nothing else', () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretsKey(` ${key.toString('base64')}\n`)).toEqual(key);
    expect(parseSecretsKey(key.toString('base64url'))).toEqual(key);
    for (const bad of [
      '',
      'short',
      randomBytes(16).toString('base64'),
      randomBytes(31).toString('hex'),
      'é'.repeat(44),
    ]) {
      expect(() => parseSecretsKey(bad)).toThrow(/32 bytes/);
    }
    expect(parseSecretsKeys(`${key.toString('hex')}, ${key.toString('base64')}`)).toHaveLength(2);
    expect(() => parseSecretsKeys(`${key.toString('hex')},nope`)).toThrow(/key 2 of 2/);
  });

  it('refuses a malformed SECRETS_KEY at start-up, naming the variable and not echoing the value', () => {
    const error = errorOf(() => loadConfig({ SECRETS_KEY: 'not-a-key-but-a-password' })) as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain('SECRETS_KEY');
    expect(error.message).not.toContain('not-a-key-but-a-password');
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ SECRETS_KEY: key }).secretsKey).toBe(key);
    expect(loadConfig({}).secretsKey).toBeUndefined();
  });

  it('creates DATA_DIR/secrets.key once with mode 0600, and reads it back on the next start', async () => {
    const dir = join(await tempDir(), 'nested', 'data');
    const first = await loadSecretBox({ dataDir: dir });
    expect(first.source).toBe('generated');
    const file = join(dir, SECRETS_KEY_FILE);
    expect(first.file).toBe(file);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(await readFile(file, 'utf8'))).toHaveLength(32);
    const again = await loadSecretBox({ dataDir: dir });
    expect(again.source).toBe('file');
    expect(again.box.keyId).toBe(first.box.keyId);
    expect(again.warning).toBeUndefined();
  });

  it('gives concurrent first starts one key (the first file wins; no temporary file is left)', async () => {
    const dir = await tempDir();
    const boxes = await Promise.all(Array.from({ length: 8 }, () => loadSecretBox({ dataDir: dir })));
    expect(new Set(boxes.map((b) => b.box.keyId)).size).toBe(1);
    expect(boxes.filter((b) => b.source === 'generated').length).toBeLessThanOrEqual(1);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(dir)).toEqual([SECRETS_KEY_FILE]);
  });

  it('prefers SECRETS_KEY to the key file, and reports a broken or readable key file', async () => {
    const dir = await tempDir();
    const key = randomBytes(32);
    const fromEnv = await loadSecretBox({ dataDir: dir, environmentKey: key.toString('hex') });
    expect(fromEnv.source).toBe('environment');
    expect(fromEnv.box.keyId).toBe(secretsKeyId(key));
    await writeFile(join(dir, SECRETS_KEY_FILE), 'garbage\n', { mode: 0o600 });
    const error = await loadSecretBox({ dataDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretsKeyFileError);
    expect((error as Error).message).toContain(SECRETS_KEY_FILE);
    if (process.platform !== 'win32') {
      await writeFile(join(dir, SECRETS_KEY_FILE), `${key.toString('base64')}\n`, { mode: 0o644 });
      const { chmod } = await import('node:fs/promises');
      await chmod(join(dir, SECRETS_KEY_FILE), 0o644);
      expect((await loadSecretBox({ dataDir: dir })).warning).toMatch(/chmod 600/);
    }
  });
});
