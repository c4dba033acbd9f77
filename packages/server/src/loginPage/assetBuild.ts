/**
 * Builds the two static files of the login pages from their sources with esbuild, the one recipe
 * used both by `pnpm build` (`tsup.config.ts` writes them to `dist/loginPage/`) and by the server
 * when it runs from TypeScript source (tests, `pnpm dev`; see `assets.ts`), so both serve the same
 * bytes:
 *
 * - `browser/loginScript.ts` → `login.js`: one IIFE, ES2017, minified, no imports left;
 * - `browser/login.css` → `login.css`: its `@import` of the marketplace's design tokens
 *   (`app/src/tokens.css`) inlined, whitespace removed (values kept as written).
 *
 * Only this module imports esbuild (a devDependency of the server); the built server never loads it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

/** The built files: `script` is `login.js`, `css` is `login.css` (UTF-8 text). */
export interface LoginPageFiles {
  script: string;
  css: string;
}

/** File names of the built files, in `dist/loginPage/` of the built server. */
export const LOGIN_PAGE_FILES = { script: 'login.js', css: 'login.css' } as const;

/**
 * Bundles `loginScript.ts` and `login.css` of `sourceDir` in memory.
 *
 * @param sourceDir absolute or cwd-relative path of `src/loginPage/browser`
 * @throws esbuild's build error (with file and line) when a source does not compile or an import
 *   (such as `app/src/tokens.css`) cannot be resolved
 */
export async function bundleLoginPageFiles(sourceDir: string): Promise<LoginPageFiles> {
  const common = {
    bundle: true,
    write: false,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    outdir: 'out',
  } as const;
  const [script, css] = await Promise.all([
    build({
      ...common,
      entryPoints: [join(sourceDir, 'loginScript.ts')],
      format: 'iife',
      platform: 'browser',
      target: 'es2017',
      minify: true,
    }),
    // Whitespace only: values stay as written in the sources (the tokens byte for byte).
    build({ ...common, entryPoints: [join(sourceDir, 'login.css')], minifyWhitespace: true }),
  ]);
  return { script: only(script.outputFiles), css: only(css.outputFiles) };
}

function only(files: { text: string }[] | undefined): string {
  if (files?.length !== 1) throw new Error(`expected one output file, got ${files?.length ?? 0}`);
  return files[0]!.text;
}

/**
 * Bundles as {@link bundleLoginPageFiles} and writes `login.js` and `login.css` into `outDir`
 * (created when missing). Called by `packages/server/tsup.config.ts` after the bundle is built.
 */
export async function writeLoginPageFiles(sourceDir: string, outDir: string): Promise<void> {
  const files = await bundleLoginPageFiles(sourceDir);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, LOGIN_PAGE_FILES.script), files.script);
  await writeFile(join(outDir, LOGIN_PAGE_FILES.css), files.css);
}
