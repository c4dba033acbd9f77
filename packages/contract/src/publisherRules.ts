/**
 * The rules of a publisher's profile that the app and the server share (`@plugin-center/contract/publishers`):
 * the handle (its shape, length and reserved words), the domain a publisher proves, and the names
 * of the DNS TXT record of that proof. Pure functions over strings, with no dependency; an entry of
 * its own so the text rules' entry (`./text`) stays as small as the forms that load it need.
 *
 * @packageDocumentation
 */
/**
 * Limits and rules of a publisher's profile (`PUT /api/cmt/plugin/publisher/me`): the handle in
 * its URL (`/plugins/publisher/<handle>`) and the domain a publisher proves with a DNS TXT record.
 */
export const PUBLISHER_LIMITS = {
  /** Characters of a handle, at least and at most (GitHub's account names go to 39). */
  HANDLE_MIN: 3,
  HANDLE_MAX: 39,
  /** Characters of a domain name (RFC 1035). */
  DOMAIN_MAX: 253,
  /** The name of the TXT record is this prefix and the domain: `_plugin-center-verify.example.com`. */
  RECORD_PREFIX: '_plugin-center-verify.',
  /** The TXT record's value is this prefix and the token the server issued. */
  VALUE_PREFIX: 'plugin-center-verify=',
  /** Plugins a publisher page lists at most (newest first); its totals count all of them. */
  PAGE_PLUGINS: 100,
} as const;

/**
 * Handles nobody may take: words of the site's own paths and roles, which a publisher page named
 * after them would be mistaken for.
 */
export const RESERVED_HANDLES: readonly string[] = [
  'admin',
  'administrator',
  'api',
  'app',
  'backstage',
  'backstage-index',
  'detail',
  'help',
  'login',
  'logout',
  'manager',
  'me',
  'mod',
  'moderator',
  'new',
  'official',
  'plugin',
  'plugin-center',
  'plugins',
  'protocol',
  'publish',
  'publish-plugin',
  'publisher',
  'publishers',
  'root',
  'settings',
  'staff',
  'support',
  'system',
  'user',
  'www',
];

/** A handle's characters: lowercase letters, digits and single inner hyphens. */
const HANDLE_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * What is wrong with a publisher handle as typed, or undefined when it can be claimed (its case is
 * ignored: `Acme` is the handle `acme`, see {@link normalizeHandle}). A handle is 3–39 lowercase
 * letters (a–z), digits and hyphens, starting and ending with a letter or digit, without two hyphens
 * in a row, and not one of {@link RESERVED_HANDLES}: URL-safe everywhere, and free of the
 * hidden characters the name rule refuses ({@link hiddenCharacters}).
 *
 * @example
 * ```ts
 * handleProblem('acme-design'); // undefined
 * handleProblem('a');           // 'must be at least 3 characters'
 * handleProblem('admin');       // 'is reserved'
 * ```
 */
export function handleProblem(text: string): string | undefined {
  const handle = normalizeHandle(text);
  if (handle.length < PUBLISHER_LIMITS.HANDLE_MIN)
    return `must be at least ${PUBLISHER_LIMITS.HANDLE_MIN} characters`;
  if (handle.length > PUBLISHER_LIMITS.HANDLE_MAX)
    return `must be at most ${PUBLISHER_LIMITS.HANDLE_MAX} characters`;
  if (!HANDLE_SHAPE.test(handle))
    return 'may hold only letters a–z, digits and single hyphens, starting and ending with a letter or digit';
  if (RESERVED_HANDLES.includes(handle)) return 'is reserved';
  return undefined;
}

/** A handle as stored and compared: lower-cased (ASCII only; anything else is refused by {@link handleProblem}). */
export function normalizeHandle(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** One label of a domain name: letters, digits and inner hyphens, 1–63 characters. */
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * What is wrong with a domain a publisher wants to prove, or undefined when it is a domain name
 * the check can ask about: lower-case ASCII (internationalised names in their `xn--` form), at
 * least two labels, at most 253 characters, the last label not all digits (no IP addresses).
 *
 * @example
 * ```ts
 * domainProblem('acme.example'); // undefined
 * domainProblem('localhost');    // 'must be a domain name such as example.com'
 * ```
 */
export function domainProblem(text: string): string | undefined {
  const domain = text.toLowerCase();
  const labels = domain.split('.');
  if (
    domain.length === 0 ||
    domain.length > PUBLISHER_LIMITS.DOMAIN_MAX ||
    labels.length < 2 ||
    !labels.every((l) => DOMAIN_LABEL.test(l)) ||
    /^[0-9]+$/.test(labels.at(-1) ?? '')
  )
    return 'must be a domain name such as example.com';
  return undefined;
}
