/**
 * Every answer under `/plugins/` (the page, a deep client-side path, an asset, a
 * missing asset, the redirects) carries the Content-Security-Policy without inline script,
 * `nosniff`, the referrer policy and the framing rules; `FRAME_ANCESTORS` widens `frame-ancestors`.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/loadConfig';
import { createTestApp, type TestApp } from './testing/testApp';

let appDir: string;
let plain: TestApp;
let embedded: TestApp;

beforeAll(async () => {
  appDir = await mkdtemp(join(tmpdir(), 'plugin-center-app-'));
  await mkdir(join(appDir, 'assets'));
  await writeFile(
    join(appDir, 'index.html'),
    '<!doctype html><script type="module" src="/plugins/assets/app-1a2b.js"></script>',
  );
  await writeFile(join(appDir, 'assets', 'app-1a2b.js'), 'export {};');
  plain = await createTestApp({ appDir, importCatalogueOnEmpty: false });
  embedded = await createTestApp({
    appDir,
    importCatalogueOnEmpty: false,
    frameAncestors: ['https://design.example.com', 'http://localhost:5173'],
  });
});
afterAll(async () => {
  await plain?.close();
  await embedded?.close();
  await rm(appDir, { recursive: true, force: true });
});

const PATHS = [
  '/plugins/',
  '/plugins/detail/some-plugin',
  '/plugins/assets/app-1a2b.js',
  '/plugins/assets/missing.js',
  '/',
  '/plugins',
];

describe('security headers of the marketplace app', () => {
  it.each(PATHS)('%s: strict CSP, nosniff, referrer policy, same-origin framing', async (url) => {
    const res = await plain.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets the configured origins frame the app (and drops X-Frame-Options, which cannot name them)', async () => {
    const res = await embedded.app.inject({ method: 'GET', url: '/plugins/' });
    expect(res.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://design.example.com http://localhost:5173",
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('reads FRAME_ANCESTORS as a list of origins and refuses anything else', () => {
    expect(
      loadConfig({ FRAME_ANCESTORS: 'https://a.example, http://localhost:3000' }).frameAncestors,
    ).toEqual(['https://a.example', 'http://localhost:3000']);
    expect(loadConfig({}).frameAncestors).toEqual([]);
    expect(() => loadConfig({ FRAME_ANCESTORS: 'javascript:alert(1)' })).toThrow(/FRAME_ANCESTORS/);
    expect(() => loadConfig({ FRAME_ANCESTORS: "'none' https://a.example" })).toThrow(/FRAME_ANCESTORS/);
  });
});
