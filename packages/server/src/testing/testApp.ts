/**
 * Test helper: builds the real server on the dialect the vitest project selects
 * (`TEST_DIALECT=sqlite|postgres`). SQLite lives in a fresh temporary folder; on PostgreSQL each
 * call creates its own database `pc_<random>` through `TEST_DATABASE_URL` and drops it on close, so
 * test files run in parallel without seeing each other's rows.
 */
import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoginResult, Role } from '@plugin-center/contract/schemas';
import { stripHidden } from '@plugin-center/contract/text';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import { derivePluginKey } from '../catalogue/entry';
import { defaultCatalogueDir } from '../config/paths';
import type { ServerConfig } from '../config/serverConfig';
import { createTestPostgresDatabase, type ServerTemplate, TEST_DIALECT } from './testDatabase';

/** A server under test and how to dispose of it. */
export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  /** Closes the server and removes its database (temp folder or `pc_<random>` database). */
  close(): Promise<void>;
}

/**
 * The template database of this vitest project (testTemplate.ts), when the app can start from it:
 * the shipped catalogue is wanted (no `importCatalogueOnEmpty: false`, no other `catalogueDir`), the
 * database is the test's own (no `databaseUrl`, no `options.database`), and the run provides one
 * (vitest server projects; not the relevance report, search/relevance/report.ts).
 */
async function templateFor(
  overrides: Partial<ServerConfig>,
  options: BuildAppOptions,
): Promise<ServerTemplate | undefined> {
  if (!process.env.VITEST || overrides.importCatalogueOnEmpty === false) return undefined;
  if (overrides.catalogueDir || overrides.databaseUrl || overrides.dataDir || options.database)
    return undefined;
  const { inject } = await import('vitest');
  const template = inject('serverTemplate');
  return template?.dialect === TEST_DIALECT ? template : undefined;
}

/**
 * Builds the app on {@link TEST_DIALECT} with the shipped catalogue imported (unless
 * `importCatalogueOnEmpty: false` is passed), logger off. Extra config fields override; `options`
 * go to `buildApp` (the first-start administrator line is swallowed unless `announce` is given).
 * With the catalogue, the database starts as a copy of the run's template (testTemplate.ts), which
 * holds what the import would write; the app then creates its first administrator as on any start.
 */
export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  options: BuildAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-test-'));
  const template = await templateFor(overrides, options);
  if (template?.dialect === 'sqlite') await copyFile(template.file, join(dataDir, 'plugin-center.db'));
  let drop: (() => Promise<void>) | undefined;
  const config: ServerConfig = {
    dataDir,
    catalogueDir: defaultCatalogueDir(),
    importCatalogueOnEmpty: true,
    readCache: true,
    host: '127.0.0.1',
    port: 0,
    logger: process.env.TEST_SERVER_LOG ? { level: 'error' } : false,
    production: false,
    ...overrides,
  };
  if (TEST_DIALECT === 'postgres' && !overrides.databaseUrl) {
    const database = await createTestPostgresDatabase({
      template: template?.dialect === 'postgres' ? template.database : undefined,
    });
    config.databaseUrl = database.url;
    drop = database.drop;
  }
  try {
    const app = await buildApp(config, { announce: () => {}, ...options });
    return {
      app,
      config,
      async close() {
        await app.close();
        await drop?.();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

let testUsers = 0;

/**
 * Creates an account through the identity service (role 0 unless `role` is given; a unique
 * email and a fixed password unless given) and starts a session for it: real tokens, as the code
 * exchange would answer them. Use `Authorization: Bearer ${result.access_token}`.
 */
export async function signInTestUser(
  app: FastifyInstance,
  options: { role?: Role; email?: string; password?: string } = {},
): Promise<LoginResult> {
  testUsers += 1;
  const email =
    options.email ??
    `user${testUsers}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@test.local`;
  const row = await app.identity.createAccount({
    email,
    password: options.password ?? 'test-password',
    role: options.role ?? Role.GENERAL_USER,
  });
  return app.identity.startSession(row.id);
}

/**
 * Signs in a fresh account like `signInTestUser` (role 0 unless `role` is given) and answers the
 * request headers that act as it: `{ authorization: 'Bearer <access token>' }`.
 */
export async function signedInHeaders(
  app: FastifyInstance,
  options: { role?: Role } = {},
): Promise<Record<string, string>> {
  return { authorization: `Bearer ${(await signInTestUser(app, options)).access_token}` };
}

/** The keys of the first `count` approved plugins (review status 2) in id order. */
export async function approvedPluginKeys(app: FastifyInstance, count: number): Promise<string[]> {
  const rows = await app.db.kysely
    .selectFrom('plugin')
    .select('plugin_key')
    .where('review_status', '=', 2)
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((r) => r.plugin_key);
}

/** The parsed JSON body of an injected response. */
export function body<T = unknown>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}

/**
 * Injects a JSON request, as the bearer of access token `token` when given (none: a visitor);
 * `payload` is sent as the JSON body.
 */
export function injectAs(
  app: FastifyInstance,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * The envelope's `data` of a 200 answer.
 * @throws Error with the status and body for any other status
 */
export function dataOf<T>(response: LightMyRequestResponse): T {
  if (response.statusCode !== 200)
    throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return body<{ data: T }>(response).data;
}

/** A plugin the shipped catalogue should produce, computed from the files (not from a database). */
export interface ExpectedPlugin {
  /** Import order, 1-based: the id the plugin gets in a fresh database. */
  id: number;
  plugin_key: string;
  name: string;
  intro: string;
  description: string;
  developer: string | null;
  tags: string[];
  /** ms, or null */
  update_time: number | null;
  translations: { name: string; intro: string; description: string }[];
}

interface RawEntry {
  name: string;
  intro: string;
  description: string;
  author: string | null;
  tags: string[];
  repo_url: string | null;
  homepage: string | null;
  figma_plugin_id: string | null;
  platforms: string[];
  source: string;
  updated_at: string | null;
  text_format?: string;
  intro_plain?: string;
  description_plain?: string;
  en_ref?: { name: string; source: string };
}

/** The raw records of the shipped catalogue files. */
export function readShippedCatalogue(): { plugins: RawEntry[]; zh: RawEntry[] } {
  const dir = defaultCatalogueDir();
  return {
    plugins: JSON.parse(readFileSync(join(dir, 'plugins.json'), 'utf8')) as RawEntry[],
    zh: JSON.parse(readFileSync(join(dir, 'zh.json'), 'utf8')) as RawEntry[],
  };
}

/**
 * The plugins a fresh import of the shipped catalogue must create, in import order, computed from
 * the JSON files with the catalogue README's rules (plugins.json entries, then zh.json entries
 * without `en_ref` whose identity is not already present; `en_ref` entries as translations).
 */
export function expectedCatalogue(): ExpectedPlugin[] {
  const { plugins, zh } = readShippedCatalogue();
  const out: ExpectedPlugin[] = [];
  const byKey = new Map<string, ExpectedPlugin>();
  // Intros and descriptions lose invisible and bidirectional control characters (the contract's text rules).
  const clean = (text: string) => {
    const { text: stripped, removed } = stripHidden(text);
    return removed > 0 ? stripped.trim() : text;
  };
  const texts = (e: RawEntry) =>
    e.text_format === 'markdown'
      ? { intro: clean(e.intro_plain ?? e.intro), description: clean(e.description_plain ?? e.description) }
      : { intro: clean(e.intro), description: clean(e.description) };
  const date = (s: string | null) => {
    if (!s) return null;
    const [, day, time, zone] = /^(\S+) (\S+) (\S+)$/.exec(s)!;
    const offset = zone === 'UTC' ? 'Z' : zone === 'CET' ? '+01:00' : '?';
    return Date.parse(`${day}T${time}${offset}`);
  };
  for (const e of [...plugins, ...zh.filter((z) => !z.en_ref)]) {
    const plugin_key = derivePluginKey({ ...e, updated_at: null } as never);
    if (byKey.has(plugin_key)) continue;
    const p: ExpectedPlugin = {
      id: out.length + 1,
      plugin_key,
      name: e.name.trim(),
      ...texts(e),
      developer: e.author,
      tags: e.tags,
      update_time: date(e.updated_at),
      translations: [],
    };
    out.push(p);
    byKey.set(plugin_key, p);
  }
  for (const z of zh.filter((e) => e.en_ref)) {
    const target = out.find((p) => {
      const raw = plugins.find((e) => e.name === z.en_ref!.name && e.source === z.en_ref!.source);
      return raw && p.plugin_key === derivePluginKey({ ...raw, updated_at: null } as never);
    });
    if (!target) throw new Error(`en_ref of ${z.name} not found`);
    target.translations.push({ name: z.name, ...texts(z) });
  }
  return out;
}

/** Expected "latest" order: update time desc (no date last), then id desc. */
export function latestOrder(a: ExpectedPlugin, b: ExpectedPlugin): number {
  return (b.update_time ?? 0) - (a.update_time ?? 0) || b.id - a.id;
}

/** How many plugins the app's database holds (all review states). */
export async function pluginCount(app: FastifyInstance): Promise<number> {
  const row = await app.db.kysely
    .selectFrom('plugin')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores one plugin event (`PluginView`, `PluginInstall`…) a second ago, as the collector would. */
export async function insertPluginEvent(
  app: FastifyInstance,
  pluginKey: string,
  event: string,
): Promise<void> {
  await app.db.kysely
    .insertInto('analytics_event')
    .values({
      project: 'default',
      type: 'track',
      event,
      distinct_id: `test-${pluginKey}`,
      login_id: null,
      anonymous_id: null,
      time: Date.now() - 1000,
      received_at: Date.now(),
      plugin_key: pluginKey,
      url: null,
      properties: '{}',
    })
    .execute();
}
