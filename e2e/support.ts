/**
 * Shared set-up of the browser tests: the REAL server (`buildApp` of `@plugin-center/server`, SQLite
 * in a temporary data folder, importing the real catalogue on first start) serving the BUILT app
 * (`app/dist`), and real Chromium (Debian's `/usr/bin/chromium`, driven by playwright-core).
 *
 * @packageDocumentation
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loadConfig } from '@plugin-center/server';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The server `buildApp` returns. */
type Server = Awaited<ReturnType<typeof buildApp>>;
/** Fastify plugins `buildApp` registers on top of the built-in routes. */
type ServerPlugins = NonNullable<NonNullable<Parameters<typeof buildApp>[1]>['plugins']>;

/** The repository's root folder. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The built app served by the test server. */
export const APP_DIST = join(ROOT, 'app', 'dist');
/** Where tests save screenshots (gitignored). */
export const ARTIFACTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '.artifacts');
/** Chromium from Debian (DESIGN.md: never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let manifests = 0;

/**
 * A real Figma manifest of the catalogue the server imports (Design Lint's) under a manifest `id`
 * of its own: the catalogue holds Design Lint's id, and a manifest id belongs to the one plugin
 * that first claimed it, so every plugin a test publishes needs another.
 */
export function uniqueManifest(): Buffer {
  const file = join(loadConfig({}).catalogueDir, 'manifests', 'destefanis__design-lint.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  manifest.id = `e2e-${process.pid}-${Date.now().toString(36)}-${++manifests}`;
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}

/** A running server and browser; `close()` stops both and deletes the data folder. */
export interface E2eEnvironment {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `<origin>/plugins/` */
  appUrl: string;
  browser: Browser;
  /** The server itself (its `db`, for tests that check what was stored). */
  server: Server;
  /** A new context (viewport 1280×900, locale zh-CN, clipboard permissions for the origin) and page. */
  newPage(options?: {
    viewport?: { width: number; height: number };
  }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** The control named `name` in the page's form (a publish form field). */
export const formField = (page: Page, name: string) => page.locator(`form [name="${name}"]`).first();

/**
 * The square's search for `keyword` on `page`, once its list has answered and its skeletons are
 * gone: the names of the cards found.
 */
export async function squareNames(
  environment: E2eEnvironment,
  page: Page,
  keyword: string,
): Promise<string[]> {
  const listed = page.waitForResponse((r) => r.url().includes('/api/cmt/plugin/list'));
  await page.goto(`${environment.appUrl}?q=${encodeURIComponent(keyword)}`);
  await listed;
  await expect.poll(() => page.locator('.card-skeleton').count()).toBe(0);
  return page.getByRole('list', { name: '插件', exact: true }).locator('a.card .card-name').allTextContents();
}

/** The key of the environment's first approved plugin (lowest id): a catalogue plugin any page can open. */
export async function firstApprovedPluginKey(environment: E2eEnvironment): Promise<string> {
  const plugin = await environment.server.db.kysely
    .selectFrom('plugin')
    .select('plugin_key')
    .where('review_status', '=', 2)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return plugin.plugin_key;
}

/**
 * Starts the real server on 127.0.0.1 (random port, production mode, SQLite in a temp folder) with
 * `APP_DIR` = `app/dist`, and launches Chromium. `env` adds server configuration (e.g.
 * `ACCESS_TOKEN_TTL`, `ADMIN_EMAIL`, `ADMIN_PASSWORD`); `plugins` are Fastify plugins registered on
 * the server (e.g. to serve an example page).
 *
 * @throws Error when `app/dist/index.html` is missing (build the app first:
 *   `pnpm --filter @plugin-center/app build`), or when Chromium is not installed.
 */
export async function startE2eEnvironment(
  env: NodeJS.ProcessEnv = {},
  plugins: ServerPlugins = [],
): Promise<E2eEnvironment> {
  if (!existsSync(join(APP_DIST, 'index.html'))) {
    throw new Error(
      `The built app is missing (${APP_DIST}/index.html). The browser tests run against the built app: ` +
        'run `pnpm --filter @plugin-center/app build` first.',
    );
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium fonts-noto-cjk).`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-e2e-'));
  // The shipped catalogue as the first start imports it, copied from the run's template database
  // (packages/server/src/testing/testTemplate.ts, the e2e project's global setup) instead of
  // imported again for each environment; the server then starts as on an empty database.
  const template = inject('serverTemplate');
  const ownData = env.DATA_DIR || env.DATABASE_URL || env.CATALOGUE_DIR || env.IMPORT_CATALOGUE_ON_EMPTY;
  if (template?.dialect === 'sqlite' && !ownData)
    await copyFile(template.file, join(dataDir, 'plugin-center.db'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '', // always SQLite here
    DATA_DIR: dataDir,
    APP_DIR: APP_DIST,
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    ...env,
  });
  // The first-start administrator line goes nowhere: tests that need an admin set ADMIN_EMAIL/PASSWORD.
  const server = await buildApp(config, { announce: () => {}, plugins });
  let browser: Browser | undefined;
  try {
    await server.listen({ host: '127.0.0.1', port: 0 });
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('server has no TCP address');
    const origin = `http://127.0.0.1:${address.port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const launched = browser;
    return {
      origin,
      appUrl: `${origin}/plugins/`,
      browser: launched,
      server,
      async newPage({ viewport = { width: 1280, height: 900 } } = {}) {
        const context = await launched.newContext({ viewport, locale: 'zh-CN' });
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
        const page = await context.newPage();
        return { context, page };
      },
      async close() {
        await launched.close().catch(() => {});
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close().catch(() => {});
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Fills and submits the login page (the sign-in form, or the sign-up form when the page was opened
 * with `page=sign_up`; `nick` fills its nickname), then waits to be back: in the app, or where
 * `back` says (an example's page).
 */
export async function submitLoginPage(
  p: Page,
  account: { email: string; password: string; nick?: string },
  back: RegExp | ((url: URL) => boolean) = /\/plugins\//,
): Promise<void> {
  await p.waitForURL(/\/user\/login\//);
  await p.locator('#login-email').fill(account.email);
  if (account.nick && (await p.locator('#login-nickname').count()) > 0) {
    await p.locator('#login-nickname').fill(account.nick);
  }
  await p.locator('#login-password').fill(account.password);
  await p.locator('button.login-submit').click();
  await p.waitForURL(back);
}

/** Content types of the files a built example holds. */
const EXAMPLE_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * A server plugin (for {@link startE2eEnvironment}) that serves the built example
 * `examples/<example>/dist` as a static folder under `base` (e.g. `/acme/`, with a trailing slash;
 * `base` without it redirects there), on the server's own origin: the same origin as the login page
 * and the APIs, so the example's `<meta name="plugin-center">` stays empty.
 *
 * @throws Error when the example is not built (`examples/<example>/dist/index.html` is missing).
 */
export function serveBuiltExample(example: string, base: string): ServerPlugins[number] {
  const dist = join(ROOT, 'examples', example, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(
      `The built example is missing (${dist}): run \`pnpm --filter @plugin-center/example-${example} run build\`.`,
    );
  }
  return async (app) => {
    app.get(base.replace(/\/$/, ''), async (_request, reply) => reply.redirect(base));
    app.get(`${base}*`, async (request, reply) => {
      const rest = (request.params as { '*': string })['*'] || 'index.html';
      const file = resolve(dist, rest);
      if (!file.startsWith(dist + sep) || !existsSync(file)) return reply.code(404).send('Not found');
      return reply
        .type(EXAMPLE_TYPES[extname(file)] ?? 'application/octet-stream')
        .header('cache-control', 'no-cache')
        .send(readFileSync(file));
    });
  };
}

/** axe-core's browser build, evaluated in the page (the page's CSP refuses an inline script tag). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Makes `page` ready for axe-core: evaluates its browser build once (through the DevTools protocol:
 * the site's Content-Security-Policy, `script-src 'self'`, refuses an inline `<script>`), then waits
 * for every finite CSS animation and transition to finish, so colours are measured as painted (a
 * dialog or toast still fading fails colour contrast; on a loaded machine they run late).
 */
export async function prepareAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE}\n;0`);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The serious and critical axe-core violations of the whole page, one line each (`<rule> (<impact>)
 * at <target>`), measured once {@link prepareAxe} has run.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  await prepareAxe(page);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: { resultTypes: string[] },
        ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
      };
    };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.map(String).join(' >> ')}`));
  });
}
