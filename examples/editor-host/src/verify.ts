/**
 * The check the host runs before it loads a plugin (docs/signatures.md): the version's signature
 * against the instance's public keys (`/.well-known/plugin-center/jwks.json`), then the SHA-256 of
 * every signed file — the code file as fetched for this run, the icon the list shows, the covers,
 * video and images from `/api/cmt/file/<key>`. The checks themselves are
 * `@plugin-center/contract/signatures`, the code `plugin-center verify` runs.
 *
 * The JWKS is fetched once and again when a signature names a key it does not hold (after a
 * rotation); a version whose signature or bytes do not match is refused with the check's sentence.
 */
import { type EditorPlugin, PAGE_ROUTES } from '@plugin-center/contract';
import {
  type SignatureProblem,
  VERSION_KEYS_PATH,
  verifyVersionFiles,
  verifyVersionSignature,
} from '@plugin-center/contract/signatures';

/** A version the host refuses to load: `problem` as the checks name it, the message says why. */
export class VerificationError extends Error {
  override readonly name = 'VerificationError';
  constructor(
    message: string,
    readonly problem: SignatureProblem | 'keys_unavailable',
  ) {
    super(message);
  }
}

/** What a successful check found. */
export interface VerifiedVersion {
  /** The key that signed. */
  kid: string;
  /** How many files matched their signed SHA-256. */
  files: number;
}

/** Checks versions before they load; create one per page (it keeps the JWKS). */
export type VersionVerifier = (plugin: EditorPlugin, codeFile: Uint8Array) => Promise<VerifiedVersion>;

/** Whether a list's icon value is a stored file of this instance (root-relative). */
const isStoredFileUrl = (url: string | null): url is string =>
  !!url && url.startsWith(PAGE_ROUTES.uploadedFile.path.replace('{key}', ''));

/**
 * A verifier over `fetchImpl` (default the page's `fetch`; paths on this page's origin).
 * @throws VerificationError from the returned function when the version must not be loaded.
 */
export function createVersionVerifier(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): VersionVerifier {
  let keys: Promise<unknown> | undefined;
  const loadKeys = (again: boolean): Promise<unknown> => {
    if (!keys || again) {
      keys = fetchImpl(VERSION_KEYS_PATH, again ? { cache: 'no-store' } : {}).then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      });
      keys.catch(() => {
        keys = undefined;
      });
    }
    return keys;
  };
  const readFile = async (url: string): Promise<Uint8Array | undefined> => {
    const response = await fetchImpl(url);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
  };

  return async (plugin, codeFile) => {
    const expected = { plugin_key: plugin.plugin_key, version: plugin.version ?? '' };
    let checked: Awaited<ReturnType<typeof verifyVersionSignature>>;
    try {
      checked = await verifyVersionSignature(plugin.signature, await loadKeys(false), expected);
      if (!checked.ok && checked.problem === 'unknown_key')
        checked = await verifyVersionSignature(plugin.signature, await loadKeys(true), expected);
    } catch (error) {
      throw new VerificationError(
        `the instance's public keys could not be read (${(error as Error).message})`,
        'keys_unavailable',
      );
    }
    if (!checked.ok) throw new VerificationError(checked.message, checked.problem);
    const files = await verifyVersionFiles(checked.signed, (file, role) => {
      if (role === 'code file') return Promise.resolve(codeFile);
      if (role === 'icon' && isStoredFileUrl(plugin.icon)) return readFile(plugin.icon);
      return readFile(PAGE_ROUTES.uploadedFile.path.replace('{key}', file.key));
    });
    if (!files.ok) throw new VerificationError(files.message, files.problem);
    return { kid: checked.kid, files: files.files };
  };
}
