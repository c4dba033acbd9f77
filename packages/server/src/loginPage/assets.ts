/**
 * The two static files of the login pages, served under a strict Content-Security-Policy
 * (`script-src 'self'; style-src 'self'`) by `loginPageRoutes`: the stylesheet `login.css` and the
 * small browser script `login.js`.
 *
 * Their sources are real files, linted and type-checked like the rest: `browser/loginScript.ts`
 * (DOM-typed TypeScript) and `browser/login.css`, which imports the marketplace's design tokens
 * from `app/src/tokens.css`. `assetBuild.ts` bundles them with esbuild:
 *
 * - the built server (`dist/*.js`, from `pnpm build`) reads `dist/loginPage/login.js` and
 *   `login.css`, which `tsup.config.ts` writes after bundling;
 * - the server running from TypeScript source (vitest, `pnpm dev` with tsx) builds them in memory
 *   with the same function on first use.
 *
 * Either way this happens once per process; the files' versions are content hashes.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { LoginPageFiles } from './assetBuild';

/** A short content hash (16 hex digits of SHA-256): the version in the files' URLs and their ETag. */
export function contentVersion(content: string): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/** The login pages' static files with their versions (`?v=` of their URLs, ETag). */
export interface LoginPageAssets {
  /** `login.js`: the browser script (an ES2017 IIFE). */
  script: string;
  /** {@link contentVersion} of `script`. */
  scriptVersion: string;
  /** `login.css`: the stylesheet, design tokens included. */
  css: string;
  /** {@link contentVersion} of `css`. */
  cssVersion: string;
}

/** Whether this module runs from its TypeScript source (vitest, tsx) rather than from the bundle. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

async function readFiles(): Promise<LoginPageFiles> {
  if (FROM_SOURCE) {
    const { bundleLoginPageFiles } = await import('./assetBuild');
    return bundleLoginPageFiles(fileURLToPath(new URL('./browser/', import.meta.url)));
  }
  // The bundle is dist/*.js (tsup, splitting): the built files are in dist/loginPage/.
  const read = (name: string) => readFile(new URL(`./loginPage/${name}`, import.meta.url), 'utf8');
  try {
    const [script, css] = await Promise.all([read('login.js'), read('login.css')]);
    return { script, css };
  } catch (cause) {
    throw new Error('The login page files are missing from dist/loginPage/: run `pnpm build`.', { cause });
  }
}

let loading: Promise<LoginPageAssets> | undefined;

/**
 * The login pages' files and versions, loaded (or, from source, built) once per process.
 *
 * @throws Error when the built server lacks `dist/loginPage/login.{js,css}`, or (from source) when
 *   esbuild cannot build them; the promise is not cached then, so a later call tries again
 */
export function loadLoginPageAssets(): Promise<LoginPageAssets> {
  loading ??= readFiles().then(
    ({ script, css }) => ({
      script,
      scriptVersion: contentVersion(script),
      css,
      cssVersion: contentVersion(css),
    }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
