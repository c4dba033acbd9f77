/**
 * Key custody, as an attacker who got hold of a read-only copy of the database (a leaked backup, a
 * replica, a world-readable SQLite file) sees it: nothing stored in the database may sign an access
 * token the server accepts, the SQLite files are readable by their owner only, the signing key can
 * be rotated without ending anyone's session (tokens name their key with `kid`), and one-time
 * secrets do not reach the request log. Also: `POST user/logout` refuses a token that is not one of
 * the server's.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { type ErrorEnvelope, type LoginResult, Role } from '@plugin-center/contract/schemas';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { runAdminCommand } from '../identity/adminCommand';
import { runKeysCommand } from '../identity/keysCommand';
import { KEY_RELOAD_MS, readSigningKeys, UNKNOWN_KID_RELOAD_MS } from '../identity/signingKeys';
import { loadSecretBox } from '../settings/secrets';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';

let t: TestApp;
let admin: LoginResult;

beforeAll(async () => {
  t = await createTestApp({ importCatalogueOnEmpty: false });
  admin = await signInTestUser(t.app, { role: Role.SUPER_ADMIN });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const userinfo = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/uc/user/userinfo', headers: bearer(token) });
const kidOf = (token: string) => decodeProtectedHeader(token).kid;
/** Another server process on the database and data folder of `of` (the same secrets key file). */
const sibling = (of: TestApp, overrides: Parameters<typeof createTestApp>[0] = {}, clock?: () => number) =>
  createTestApp(
    {
      importCatalogueOnEmpty: false,
      dataDir: of.config.dataDir,
      ...(of.config.databaseUrl ? { databaseUrl: of.config.databaseUrl } : {}),
      ...overrides,
    },
    clock ? { clock } : {},
  );
const quiet = { out: () => {}, err: () => {} };

/** Forges a token with every key candidate of every server_secret row; answers the accepted ones. */
async function forgeWithEveryStoredValue(
  app: TestApp,
  session: LoginResult,
): Promise<{ tried: number; accepted: string[] }> {
  const rows = await app.app.db.kysely.selectFrom('server_secret').select(['name', 'value']).execute();
  const realKid = kidOf(session.access_token);
  const kids = [undefined, ...(typeof realKid === 'string' ? [realKid] : [])];
  let tried = 0;
  const accepted: string[] = [];
  for (const row of rows) {
    for (const key of keyCandidates(row.value)) {
      for (const kid of kids) {
        tried += 1;
        const res = await userinfo(app, await forge(session, key, kid));
        if (res.statusCode !== 401) accepted.push(`${row.name} (kid ${kid ?? 'none'}): ${res.statusCode}`);
      }
    }
  }
  return { tried, accepted };
}
const auditLog = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/cmt/manager/audit-log', headers: bearer(token) });

/** Every byte string a stored text could be a key as: its UTF-8, base64url/base64/hex decodings, and those of its dot-separated parts. */
function keyCandidates(value: string): Uint8Array[] {
  const texts = [value, ...value.split('.')];
  const out: Uint8Array[] = [];
  for (const text of texts) {
    if (!text) continue;
    out.push(new TextEncoder().encode(text));
    for (const encoding of ['base64url', 'base64', 'hex'] as const) {
      const bytes = Buffer.from(text, encoding);
      if (bytes.length >= 16) out.push(new Uint8Array(bytes));
    }
  }
  return out;
}

/** A super-administrator token for `session`, signed with `key` (HS256), with `kid` when given. */
function forge(session: LoginResult, key: Uint8Array, kid?: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = decodeJwtPayload(session.access_token);
  return new SignJWT({ role: Role.SUPER_ADMIN, sid: payload.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(kid ? { kid } : {}) })
    .setSubject(String(session.user_info.user_id))
    .setAudience('plugin-center')
    .setIssuer('plugin-center')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .setJti(`forged-${Math.random()}`)
    .sign(key);
}

/** The claims part of a JWT, unverified. */
function decodeJwtPayload(token: string): { sid: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };
}

describe(`a read-only copy of the database (${TEST_DIALECT})`, () => {
  it('holds nothing that signs a token the server accepts', async () => {
    // The copy: every row of server_secret, and the session ids of refresh_token.
    const rows = await t.app.db.kysely.selectFrom('server_secret').select(['name', 'value']).execute();
    expect(rows.length).toBeGreaterThan(0);
    const realKid = decodeProtectedHeader(admin.access_token).kid;
    const kids = [undefined, ...(typeof realKid === 'string' ? [realKid] : [])];
    let tried = 0;
    const accepted: string[] = [];
    for (const row of rows) {
      for (const key of keyCandidates(row.value)) {
        for (const kid of kids) {
          const forged = await forge(admin, key, kid);
          tried += 1;
          const res = await auditLog(t, forged);
          if (res.statusCode !== 401) accepted.push(`${row.name} (kid ${kid ?? 'none'}): ${res.statusCode}`);
          else expect(body<ErrorEnvelope>(res)).toMatchObject({ code: 401, error: 'UNAUTHORIZED' });
        }
      }
    }
    console.log(
      `key custody ${TEST_DIALECT}: ${rows.length} server_secret rows, ${tried} forged super-admin tokens, ${accepted.length} accepted`,
    );
    expect(accepted).toEqual([]);
    // The real token still works.
    expect((await auditLog(t, admin.access_token)).statusCode).toBe(200);
  });
});

/** Mode bits (rwx for owner, group, other) of `file`. */
async function mode(file: string): Promise<number> {
  return (await stat(file)).mode & 0o777;
}

describe('SQLite files', () => {
  it('are created readable and writable by their owner only (database, -wal, -shm)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-modes-'));
    try {
      const db = createDatabase({ dataDir });
      try {
        await migrate(db);
        const files = (await readdir(dataDir)).filter((f) => f.startsWith('plugin-center.db'));
        expect(files.sort()).toEqual(['plugin-center.db', 'plugin-center.db-shm', 'plugin-center.db-wal']);
        const modes = Object.fromEntries(
          await Promise.all(files.map(async (f) => [f, (await mode(join(dataDir, f))).toString(8)])),
        );
        console.log(`SQLite file modes on creation: ${JSON.stringify(modes)}`);
        expect(Object.values(modes)).toEqual(['600', '600', '600']);
      } finally {
        await db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('already there and readable by others are made 0600 when opened', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-modes-'));
    try {
      const first = createDatabase({ dataDir });
      await migrate(first);
      await first.close();
      const file = join(dataDir, 'plugin-center.db');
      await chmod(file, 0o644);
      await writeFile(`${file}-wal`, '');
      await chmod(`${file}-wal`, 0o666);
      const again = createDatabase({ dataDir });
      try {
        await migrate(again);
        expect((await mode(file)).toString(8)).toBe('600');
        expect((await mode(`${file}-wal`)).toString(8)).toBe('600');
      } finally {
        await again.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('POST user/logout', () => {
  const logout = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/uc/user/logout', headers: bearer(token) });

  it('answers 401 in the envelope for a token that is not one of the server’s', async () => {
    for (const token of ['garbage', 'not.a.jwt', 'x'.repeat(43), `${admin.access_token.slice(0, -4)}AAAA`]) {
      const res = await logout(token);
      expect(res.statusCode, token).toBe(401);
      expect(body<ErrorEnvelope>(res)).toMatchObject({ code: 401, error: 'UNAUTHORIZED', data: null });
    }
  });

  it('with a refresh token ends the session (200), and the access token stops working', async () => {
    const session = await signInTestUser(t.app);
    expect((await logout(session.refresh_token)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/uc/user/userinfo',
          headers: bearer(session.access_token),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('with a valid access token ends its session (200)', async () => {
    const session = await signInTestUser(t.app);
    expect((await logout(session.access_token)).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/uc/user/refresh_token',
      headers: bearer(session.refresh_token),
    });
    expect(refreshed.statusCode).toBe(401);
  });
});

describe('the request log', () => {
  it('does not hold one-time login codes or tokens of query strings', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ importCatalogueOnEmpty: false, logger: { level: 'info', stream } });
    try {
      const secrets = [
        'CODE-a1b2c3d4e5f6',
        'STATE-0f9e8d7c6b5a',
        'TOKEN-1234567890ab',
        'REFRESH-abcdef012345',
      ];
      await logged.app.inject({
        method: 'GET',
        url: `/api/uc/user/login/code/user?code=${secrets[0]}&redirect_uri=%2Fplugins%2F`,
      });
      await logged.app.inject({ method: 'GET', url: `/plugins/?code=${secrets[0]}&state=${secrets[1]}` });
      await logged.app.inject({ method: 'GET', url: `/no/such/route?access_token=${secrets[2]}` });
      await logged.app.inject({
        method: 'GET',
        url: `/api/uc/user/valid?refresh_token=${secrets[3]}&Code=${secrets[0]}`,
      });
      const log = lines.join('');
      expect(log).toContain('/api/uc/user/login/code/user');
      expect(log).toContain('redirect_uri=%2Fplugins%2F');
      const leaked = secrets.filter((s) => log.includes(s));
      console.log(
        `request log: ${lines.length} lines, one-time secrets seen: ${leaked.length} of ${secrets.length}`,
      );
      expect(leaked).toEqual([]);
    } finally {
      await logged.close();
    }
  });
});

describe(`signing-key rotation (${TEST_DIALECT})`, () => {
  it('keeps earlier tokens valid, gives new tokens the new kid, and refuses an unknown kid', async () => {
    let skew = 0;
    const a = await createTestApp({ importCatalogueOnEmpty: false }, { clock: () => Date.now() + skew });
    try {
      const before = await signInTestUser(a.app);
      const oldKid = kidOf(before.access_token);
      expect(oldKid).toMatch(/^[0-9a-f]{16}$/);
      const printed: string[] = [];
      const code = await runKeysCommand(a.config, ['rotate'], {
        out: (text) => printed.push(text),
        err: (text) => printed.push(text),
      });
      expect(code, printed.join('')).toBe(0);
      // A process started after the rotation signs with the new key and accepts the old one.
      const b = await sibling(a);
      try {
        const after = await signInTestUser(b.app);
        const newKid = kidOf(after.access_token);
        expect(newKid).toMatch(/^[0-9a-f]{16}$/);
        expect(newKid).not.toBe(oldKid);
        expect(printed.join('')).toContain(String(newKid));
        expect((await userinfo(b, before.access_token)).statusCode).toBe(200);
        expect((await userinfo(a, before.access_token)).statusCode).toBe(200);
        // The process started before reads the keys again for the unknown kid, then signs with it.
        skew += UNKNOWN_KID_RELOAD_MS;
        expect((await userinfo(a, after.access_token)).statusCode).toBe(200);
        skew += KEY_RELOAD_MS;
        const later = await a.app.identity.startSession(before.user_info.user_id);
        expect(kidOf(later.access_token)).toBe(newKid);
        // A token naming a key the server does not have is refused, even when signed with a real key.
        const { box } = await loadSecretBox({ dataDir: a.config.dataDir });
        const [current] = await readSigningKeys(a.app.db, box);
        expect(current!.kid).toBe(newKid);
        const unknownKid = await forge(after, current!.key, 'ffffffffffffffff');
        expect((await userinfo(b, unknownKid)).statusCode).toBe(401);
        expect((await userinfo(b, await forge(after, current!.key, newKid as string))).statusCode).toBe(200);
        // --retire-previous drops the old key: its tokens get 401 (within KEY_RELOAD_MS everywhere).
        expect(await runKeysCommand(a.config, ['rotate', '--retire-previous'], quiet)).toBe(0);
        const c = await sibling(a);
        try {
          expect((await userinfo(c, before.access_token)).statusCode).toBe(401);
          expect((await userinfo(c, after.access_token)).statusCode).toBe(401);
          skew += KEY_RELOAD_MS;
          expect((await userinfo(a, after.access_token)).statusCode).toBe(401);
          // Sessions go on: the refresh token gets a token of the newest key.
          const refreshed = await c.app.inject({
            method: 'POST',
            url: '/api/uc/user/refresh_token',
            headers: bearer(after.refresh_token),
          });
          expect(refreshed.statusCode).toBe(200);
          const fresh = body<{ data: { access_token: string } }>(refreshed).data.access_token;
          expect((await userinfo(c, fresh)).statusCode).toBe(200);
        } finally {
          await c.app.close();
        }
      } finally {
        await b.app.close();
      }
    } finally {
      await a.close();
    }
  });

  it('leaves the keys alone when a command runs with another secrets key than the server', async () => {
    const a = await createTestApp({ importCatalogueOnEmpty: false });
    try {
      const session = await signInTestUser(a.app);
      const other = { ...a.config, secretsKey: randomBytes(32).toString('base64') };
      const errors: string[] = [];
      const output = { out: () => {}, err: (text: string) => errors.push(text) };
      expect(await runKeysCommand(other, ['rotate'], output)).toBe(1);
      expect(await runAdminCommand(other, ['ops@example.com'], output)).toBe(1);
      expect(errors.join('')).toMatch(/signing keys cannot be opened/);
      const b = await sibling(a);
      try {
        expect((await userinfo(b, session.access_token)).statusCode).toBe(200);
      } finally {
        await b.app.close();
      }
    } finally {
      await a.close();
    }
  });

  it('seals the clear key of an earlier version at start and keeps its tokens (no kid) valid', async () => {
    const a = await createTestApp({ importCatalogueOnEmpty: false });
    try {
      const session = await signInTestUser(a.app);
      // The database as an earlier version left it: the key in clear, no sealed keys.
      const clear = randomBytes(32);
      await a.app.db.kysely.deleteFrom('server_secret').where('name', '=', 'jwt_signing_keys').execute();
      await a.app.db.kysely
        .insertInto('server_secret')
        .values({ name: 'jwt_signing_key', value: clear.toString('base64url') })
        .execute();
      const issuedBefore = await forge(session, new Uint8Array(clear));
      const b = await sibling(a);
      try {
        expect((await userinfo(b, issuedBefore)).statusCode).toBe(200);
        const rows = await b.app.db.kysely.selectFrom('server_secret').select(['name', 'value']).execute();
        expect(rows.map((r) => r.name)).not.toContain('jwt_signing_key');
        expect(rows.some((r) => r.value.includes(clear.toString('base64url')))).toBe(false);
        const { tried, accepted } = await forgeWithEveryStoredValue(b, session);
        expect(tried).toBeGreaterThan(0);
        expect(accepted).toEqual([]);
      } finally {
        await b.app.close();
      }
    } finally {
      await a.close();
    }
  });

  it('keeps tokens of JWT_SECRET valid: without kid, and through a change with JWT_SECRET_PREVIOUS', async () => {
    const first = `first-secret-${randomBytes(16).toString('hex')}`;
    const second = `second-secret-${randomBytes(16).toString('hex')}`;
    const a = await createTestApp({ importCatalogueOnEmpty: false, jwtSecret: first });
    try {
      const session = await signInTestUser(a.app);
      expect(kidOf(session.access_token)).toMatch(/^[0-9a-f]{16}$/);
      const withoutKid = await forge(session, new TextEncoder().encode(first));
      expect((await userinfo(a, withoutKid)).statusCode).toBe(200);
      const b = await sibling(a, { jwtSecret: second, jwtSecretPrevious: first });
      try {
        expect((await userinfo(b, session.access_token)).statusCode).toBe(200);
        expect((await userinfo(b, withoutKid)).statusCode).toBe(200);
        const next = await signInTestUser(b.app);
        expect(kidOf(next.access_token)).not.toBe(kidOf(session.access_token));
        expect((await userinfo(b, next.access_token)).statusCode).toBe(200);
        // The key kept in the database signs nothing while JWT_SECRET is set.
        const { accepted } = await forgeWithEveryStoredValue(b, next);
        expect(accepted).toEqual([]);
      } finally {
        await b.app.close();
      }
      // Without the previous secret its tokens end.
      const c = await sibling(a, { jwtSecret: second });
      try {
        expect((await userinfo(c, session.access_token)).statusCode).toBe(401);
      } finally {
        await c.app.close();
      }
    } finally {
      await a.close();
    }
  });
});
