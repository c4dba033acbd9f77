/**
 * The default folders and files the server serves or imports from when the configuration names
 * none: the shipped catalogue, the tracker's script-tag build and the built marketplace of this
 * checkout.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This package's root: two folders up from this file in `src/config/` (tsx, vitest), one up from
 * the bundle's chunk in `dist/` after the build.
 */
function packageRoot(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  return resolve(dirname(fileURLToPath(import.meta.url)), fromSource ? '../..' : '..');
}

/** The catalogue shipped with the package (`packages/server/catalogue`). */
export function defaultCatalogueDir(): string {
  return join(packageRoot(), 'catalogue');
}

/** `<repo>/packages/analytics/dist/analytics.iife.js` when it has been built, else undefined. */
export function defaultTrackerScript(): string | undefined {
  const file = resolve(packageRoot(), '..', 'analytics', 'dist', 'analytics.iife.js');
  return existsSync(file) ? file : undefined;
}

/** `<repo>/app/dist` when it has been built, else undefined. */
export function defaultAppDir(): string | undefined {
  const dir = resolve(packageRoot(), '..', '..', 'app', 'dist');
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}
