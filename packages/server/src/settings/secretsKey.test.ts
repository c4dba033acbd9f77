/**
 * The secrets key against the real server, on SQLite and PostgreSQL: apps over one database and data
 * folder, each started with its own key; a wrong key fails clearly, and the key can be rotated.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type IconfontConfig, Role, SECRET_MASK_PREFIX } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser } from '../testing/testApp';
import { createTestPostgresDatabase, TEST_DIALECT } from '../testing/testDatabase';
import { captureLogger, type Method } from '../testing/testSettings';
import { SecretKeyError } from './secrets';

describe(`secrets key (${TEST_DIALECT})`, () => {
  /** Apps over one database and data folder, each with its own key and log. */
  let dataDir: string;
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const keyA = randomBytes(32).toString('base64');
  const keyB = randomBytes(32).toString('hex');
  const SECRET = `rotate-me-${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-keys-'));
    if (TEST_DIALECT === 'postgres') {
      const database = await createTestPostgresDatabase();
      databaseUrl = database.url;
      drop = database.drop;
    }
  });
  afterAll(async () => {
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(secretsKey: string | undefined, log: string[] = []) {
    const app = await createTestApp({
      importCatalogueOnEmpty: false,
      dataDir,
      logger: captureLogger(log),
      ...(secretsKey ? { secretsKey } : {}),
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    const token = (await signInTestUser(app.app, { role: Role.SUPER_ADMIN })).access_token;
    const inject = (method: Method, url: string, payload?: unknown) =>
      app.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    return { app, inject };
  }

  it('fails clearly with another key: an error at start naming both key ids, the secret shown undecryptable', async () => {
    const first = await start(keyA);
    await first.inject('PUT', '/api/cmt/manager/space-setting/iconfont', {
      client_id: 'id',
      client_secret: SECRET,
    });
    await first.app.close();

    const log: string[] = [];
    const second = await start(keyB, log);
    try {
      const lines = log.map((line) => JSON.parse(line) as { level: number; msg: string });
      const problem = lines.find((l) => l.level >= 50 && l.msg.includes('iconfont.client_secret'));
      expect(problem?.msg).toMatch(/sealed with key [0-9a-f]{16}, but this server has key [0-9a-f]{16}/);
      // The version-signing keys are not replaced: the server starts and says so.
      const versionKeys = lines.find(
        (l) => l.level >= 50 && l.msg.includes('version-signing keys cannot be opened'),
      );
      expect(versionKeys?.msg).toContain('version-keys rotate --start-over');
      expect(log.join('')).not.toContain(SECRET);
      const shown = body<{ data: IconfontConfig }>(
        await second.inject('GET', '/api/cmt/manager/space-setting/iconfont'),
      ).data;
      expect(shown).toMatchObject({
        client_id: 'id',
        client_secret: SECRET_MASK_PREFIX,
        secret_status: 'undecryptable',
      });
      const error = await second.app.app.settings.iconfontCredentials().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SecretKeyError);
      expect((error as SecretKeyError).reason).toBe('unknown-key');
      // Saving it again with the new key is the way out.
      const saved = body<{ data: IconfontConfig }>(
        await second.inject('PUT', '/api/cmt/manager/space-setting/iconfont', {
          client_id: 'id',
          client_secret: 'new-secret-value',
        }),
      ).data;
      expect(saved.secret_status).toBe('set');
    } finally {
      await second.app.close();
    }
  });

  it('rotates: with SECRETS_KEY "new,old" the old secrets open and new saves use the new key', async () => {
    const old = await start(keyB);
    await old.inject('POST', '/api/cmt/srv/config/pexels', { api_key: SECRET });
    await old.app.close();

    const keyC = randomBytes(32).toString('base64');
    const rotated = await start(`${keyC},${keyB}`);
    try {
      expect(await rotated.app.app.settings.pexelsApiKey()).toBe(SECRET);
      expect(await rotated.app.app.settings.iconfontCredentials()).toEqual({
        client_id: 'id',
        client_secret: 'new-secret-value',
      });
      await rotated.inject('POST', '/api/cmt/srv/config/pexels', { api_key: `${SECRET}-2` });
      const row = await rotated.app.app.db.kysely
        .selectFrom('app_setting')
        .select('value')
        .where('name', '=', 'pexels')
        .executeTakeFirstOrThrow();
      const { box } = await import('./secrets').then(async (m) =>
        m.loadSecretBox({ dataDir, environmentKey: keyC }),
      );
      expect(JSON.parse(row.value).api_key.split('.')[1]).toBe(box.keyId);
      // Saving the icon-font account with its masked secret seals the kept secret with the new key.
      const iconfont = () =>
        rotated.app.app.db.kysely
          .selectFrom('app_setting')
          .select('value')
          .where('name', '=', 'iconfont')
          .executeTakeFirstOrThrow()
          .then((r) => JSON.parse(r.value).client_secret.split('.')[1] as string);
      expect(await iconfont()).not.toBe(box.keyId);
      const shown = body<{ data: IconfontConfig }>(
        await rotated.inject('GET', '/api/cmt/manager/space-setting/iconfont'),
      ).data.client_secret;
      await rotated.inject('PUT', '/api/cmt/manager/space-setting/iconfont', {
        client_id: 'id',
        client_secret: shown,
      });
      expect(await iconfont()).toBe(box.keyId);
      expect(await rotated.app.app.settings.iconfontCredentials()).toEqual({
        client_id: 'id',
        client_secret: 'new-secret-value',
      });
    } finally {
      await rotated.app.close();
    }
  });

  it('generates DATA_DIR/secrets.key on first start and keeps using it', async () => {
    const generated = await start(undefined);
    await generated.inject('POST', '/api/cmt/srv/config/pexels', { api_key: SECRET });
    await generated.app.close();
    expect(existsSync(join(dataDir, 'secrets.key'))).toBe(true);
    const again = await start(undefined);
    try {
      expect(await again.app.app.settings.pexelsApiKey()).toBe(SECRET);
    } finally {
      await again.app.close();
    }
  });
});
