/**
 * Signed versions: what an approved version's signature covers and how a client checks it, the
 * same code in the server's `plugin-center verify`, in `examples/editor-host` and in any
 * integrator's host (`@plugin-center/contract/signatures`; docs/signatures.md).
 *
 * The server signs every approved version with an Ed25519 key of its own (not the access-token
 * keys) as a compact JWS (RFC 7515 §7.1) with `alg` `EdDSA` (RFC 8037), `typ`
 * {@link VERSION_SIGNATURE_TYPE} and the key's `kid` in the protected header. The payload is the
 * version's description ({@link SignedVersion}: plugin_key, version, approval time, the storage key
 * and SHA-256 of each stored file) serialised canonically ({@link canonicalJson}, RFC 8785 JCS).
 * The public keys are a JWKS (RFC 7517) at {@link VERSION_KEYS_PATH}; a key's `kid` is its RFC 7638
 * thumbprint, so a key published under another key's id is refused.
 *
 * Pure functions over WebCrypto (`crypto.subtle`, Ed25519 and SHA-256), which Node 20 and current
 * browsers provide; no dependency.
 *
 * @packageDocumentation
 */

/** Where the instance publishes the public keys of version signatures (a JWKS, RFC 7517). */
export const VERSION_KEYS_PATH = '/.well-known/plugin-center/jwks.json';
/** The JWS `typ` of a version signature (RFC 7515 §4.1.9). */
export const VERSION_SIGNATURE_TYPE = 'plugin-center-version+jws';
/** The JWS `alg` of a version signature: EdDSA over Ed25519 (RFC 8037 §3.1). */
export const VERSION_SIGNATURE_ALG = 'EdDSA';
/** The `format` of the signed description this module reads. */
export const SIGNED_VERSION_FORMAT = 'plugin-center/version/1';

/** A stored file as the signature names it: its storage key and the SHA-256 of its bytes. */
export interface SignedFile {
  /** Content address `<sha256 hex>.<ext>` (served at `/api/cmt/file/<key>`, the code file by the editor route). */
  key: string;
  /** 64 lower-case hex digits of SHA-256 over the stored bytes when the version was signed. */
  sha256: string;
}

/** The files of an approved version, by role; null (or an empty list) when it has none. */
export interface SignedVersionFiles {
  code_file: SignedFile | null;
  icon: SignedFile | null;
  cover_center: SignedFile | null;
  cover_panel: SignedFile | null;
  video: SignedFile | null;
  images: SignedFile[];
}

/** The description a version signature covers (the JWS payload, canonical JSON). */
export interface SignedVersion {
  format: typeof SIGNED_VERSION_FORMAT;
  plugin_key: string;
  version: string;
  /** ms since the Unix epoch when the version was approved. */
  approved_at: number;
  files: SignedVersionFiles;
}

/** A version's signature as the editor API and the version history answer it. */
export interface VersionSignatureValue {
  /** Id of the key that signed (the JWS header's `kid`, an RFC 7638 thumbprint). */
  kid: string;
  /** Compact JWS: base64url header, payload ({@link SignedVersion}) and signature, dot-separated. */
  jws: string;
}

/** A public key of the JWKS. */
export interface VersionPublicKey {
  kty: string;
  crv?: string;
  x?: string;
  kid?: string;
  alg?: string;
  use?: string;
  [member: string]: unknown;
}

/**
 * Why a check failed:
 * - `unsigned`: the version carries no signature;
 * - `malformed`: the signature or its payload is not what {@link VERSION_SIGNATURE_TYPE} defines;
 * - `kid_mismatch`: the answer's `kid` is not the one in the signed header;
 * - `unknown_key`: no key of the JWKS has that `kid` (or the JWKS is not one);
 * - `invalid_key`: the JWKS entry of that `kid` is not an Ed25519 key, or not the key the `kid` names;
 * - `bad_signature`: the signature does not verify with that key (signature, header or payload changed);
 * - `wrong_version`: the signature is valid but for another plugin or version;
 * - `missing_file`: a signed file could not be read;
 * - `file_mismatch`: a file's bytes do not have the signed SHA-256.
 */
export type SignatureProblem =
  | 'unsigned'
  | 'malformed'
  | 'kid_mismatch'
  | 'unknown_key'
  | 'invalid_key'
  | 'bad_signature'
  | 'wrong_version'
  | 'missing_file'
  | 'file_mismatch';

/** A failed check: what failed and a sentence saying so (names the plugin, version, key or file). */
export interface SignatureFailure {
  ok: false;
  problem: SignatureProblem;
  message: string;
}

/** Result of {@link verifyVersionSignature}. */
export type SignatureCheck = { ok: true; kid: string; signed: SignedVersion } | SignatureFailure;

/** Result of {@link verifyVersionFiles}: how many files matched, or the first that did not. */
export type FilesCheck = { ok: true; files: number } | SignatureFailure;

const fail = (problem: SignatureProblem, message: string): SignatureFailure => ({
  ok: false,
  problem,
  message,
});

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const HEX64 = /^[0-9a-f]{64}$/;
const KEY = /^[0-9a-f]{64}\.[a-z0-9]{2,5}$/;

/** Bytes of base64url text (no padding); undefined when it is not base64url. */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** base64url text (no padding) of bytes. */
export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The canonical JSON text of a value (RFC 8785 JCS for the values it holds: strings, finite
 * numbers, booleans, null, arrays and plain objects, keys sorted by UTF-16 code units, no spaces).
 * @throws TypeError for anything else (a non-finite number, undefined, a function).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonicalJson: numbers must be finite');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  throw new TypeError(`canonicalJson: cannot serialise a ${typeof value}`);
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available');
  return s;
}

/** SHA-256 of bytes as 64 lower-case hex digits. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', bytes as BufferSource));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The RFC 7638 thumbprint (base64url SHA-256 of the required members) of an Ed25519 public key. */
export async function jwkThumbprint(jwk: { crv: string; kty: string; x: string }): Promise<string> {
  const members = canonicalJson({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return toBase64url(new Uint8Array(await subtle().digest('SHA-256', new TextEncoder().encode(members))));
}

function isSignedFile(value: unknown): value is SignedFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return (
    Object.keys(file).length === 2 &&
    typeof file.key === 'string' &&
    KEY.test(file.key) &&
    typeof file.sha256 === 'string' &&
    HEX64.test(file.sha256)
  );
}

/** Whether a parsed payload has exactly the shape of {@link SignedVersion}. */
function isSignedVersion(value: unknown): value is SignedVersion {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const files = v.files as Record<string, unknown> | null;
  const single = ['code_file', 'icon', 'cover_center', 'cover_panel', 'video'];
  return (
    Object.keys(v).length === 5 &&
    v.format === SIGNED_VERSION_FORMAT &&
    typeof v.plugin_key === 'string' &&
    typeof v.version === 'string' &&
    typeof v.approved_at === 'number' &&
    Number.isSafeInteger(v.approved_at) &&
    typeof files === 'object' &&
    files !== null &&
    Object.keys(files).length === 6 &&
    single.every((role) => files[role] === null || isSignedFile(files[role])) &&
    Array.isArray(files.images) &&
    files.images.every(isSignedFile)
  );
}

function parseJson(bytes: Uint8Array | undefined): { text: string; value: unknown } | undefined {
  if (!bytes) return undefined;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * Checks a version's signature against the instance's JWKS: the compact JWS is well formed, its
 * header is `alg` EdDSA with {@link VERSION_SIGNATURE_TYPE} and the `kid` the answer gives, the
 * JWKS holds exactly one key with that `kid`, an Ed25519 key whose RFC 7638 thumbprint is that
 * `kid`, the signature verifies with it, and the canonical payload names `expected`'s plugin_key
 * and version. It does not look at the files: {@link verifyVersionFiles} does, with the payload.
 * @param signature - the `signature` of the version's answer (null: unsigned).
 * @param jwks - the JSON of {@link VERSION_KEYS_PATH}.
 * @param expected - the plugin and version the caller is about to load.
 */
export async function verifyVersionSignature(
  signature: VersionSignatureValue | null | undefined,
  jwks: unknown,
  expected: { plugin_key: string; version: string },
): Promise<SignatureCheck> {
  const named = `${expected.plugin_key} ${expected.version}`;
  if (!signature) return fail('unsigned', `${named} is not signed`);
  const parts = typeof signature.jws === 'string' ? signature.jws.split('.') : [];
  if (parts.length !== 3 || parts.some((part) => !BASE64URL.test(part) || part === ''))
    return fail('malformed', `the signature of ${named} is not a compact JWS`);
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = parseJson(fromBase64url(headerPart))?.value as Record<string, unknown> | undefined;
  if (typeof header !== 'object' || header === null || Array.isArray(header))
    return fail('malformed', `the signature header of ${named} is not JSON`);
  if (header.alg !== VERSION_SIGNATURE_ALG || header.typ !== VERSION_SIGNATURE_TYPE || 'crit' in header)
    return fail(
      'malformed',
      `the signature of ${named} is not an ${VERSION_SIGNATURE_ALG} ${VERSION_SIGNATURE_TYPE} signature`,
    );
  if (typeof header.kid !== 'string' || header.kid !== signature.kid)
    return fail(
      'kid_mismatch',
      `the signature of ${named} was made with key ${JSON.stringify(header.kid)}, not ${JSON.stringify(signature.kid)} as the answer says`,
    );
  const kid = header.kid;
  const keys = (jwks as { keys?: unknown } | null)?.keys;
  const matching = Array.isArray(keys)
    ? keys.filter((k): k is VersionPublicKey => typeof k === 'object' && k !== null && k.kid === kid)
    : [];
  if (matching.length === 0)
    return fail(
      'unknown_key',
      `key ${kid}, which signed ${named}, is not among the instance's published keys`,
    );
  const jwk = matching[0]!;
  const x = typeof jwk.x === 'string' ? fromBase64url(jwk.x) : undefined;
  if (
    matching.length > 1 ||
    jwk.kty !== 'OKP' ||
    jwk.crv !== 'Ed25519' ||
    x?.length !== 32 ||
    'd' in jwk ||
    (await jwkThumbprint({ crv: jwk.crv, kty: jwk.kty, x: jwk.x as string })) !== kid
  )
    return fail('invalid_key', `the published key ${kid} is not the Ed25519 key its id names`);
  const signatureBytes = fromBase64url(signaturePart);
  let valid = false;
  if (signatureBytes?.length === 64) {
    const key = await subtle().importKey('raw', x as BufferSource, { name: 'Ed25519' }, false, ['verify']);
    valid = await subtle().verify(
      { name: 'Ed25519' },
      key,
      signatureBytes as BufferSource,
      new TextEncoder().encode(`${headerPart}.${payloadPart}`),
    );
  }
  if (!valid) return fail('bad_signature', `the signature of ${named} does not verify with key ${kid}`);
  const payload = parseJson(fromBase64url(payloadPart));
  if (!payload || !isSignedVersion(payload.value) || canonicalJson(payload.value) !== payload.text)
    return fail(
      'malformed',
      `the signed description of ${named} is not a ${SIGNED_VERSION_FORMAT} description`,
    );
  const signed = payload.value;
  if (signed.plugin_key !== expected.plugin_key || signed.version !== expected.version)
    return fail('wrong_version', `the signature is for ${signed.plugin_key} ${signed.version}, not ${named}`);
  return { ok: true, kid, signed };
}

/** Words for a file's role in messages: `code file`, `icon`, `centre cover`, …, `image 2`. */
const ROLE_NAMES: Record<string, string> = {
  code_file: 'code file',
  icon: 'icon',
  cover_center: 'centre cover',
  cover_panel: 'panel cover',
  video: 'video',
};

/** The signed files of a version with the words for their roles, code file first. */
export function signedFileList(files: SignedVersionFiles): { role: string; file: SignedFile }[] {
  const list: { role: string; file: SignedFile }[] = [];
  for (const role of Object.keys(ROLE_NAMES)) {
    const file = files[role as keyof typeof ROLE_NAMES & keyof SignedVersionFiles] as SignedFile | null;
    if (file) list.push({ role: ROLE_NAMES[role]!, file });
  }
  files.images.forEach((file, i) => {
    list.push({ role: `image ${i + 1}`, file });
  });
  return list;
}

/**
 * Checks every file of a verified signature ({@link verifyVersionSignature}'s `signed`) against
 * its bytes: SHA-256 of what `read` returns must be the signed one. Stops at the first failure.
 * @param read - the bytes of a signed file (undefined, or a throw, when it cannot be read).
 */
export async function verifyVersionFiles(
  signed: SignedVersion,
  read: (file: SignedFile, role: string) => Promise<Uint8Array | undefined>,
): Promise<FilesCheck> {
  const named = `${signed.plugin_key} ${signed.version}`;
  const list = signedFileList(signed.files);
  for (const { role, file } of list) {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await read(file, role);
    } catch {
      bytes = undefined;
    }
    if (!bytes) return fail('missing_file', `the ${role} of ${named} (${file.key}) could not be read`);
    const actual = await sha256Hex(bytes);
    if (actual !== file.sha256)
      return fail(
        'file_mismatch',
        `the ${role} of ${named} does not match its signature: its SHA-256 is ${actual}, the signed one ${file.sha256}`,
      );
  }
  return { ok: true, files: list.length };
}
