/**
 * The error of the configuration and the parsers every area uses for structured values (JSON,
 * comma lists of origins). The area modules (`server.ts`, `identity.ts`, `analytics.ts` …) hold the
 * parsers of their own variables; simple values (integers, booleans, enums, patterns) need no
 * parser: `readEnvironment` (`schema.ts`) checks them against the schema.
 */

/** Thrown by `loadConfig` for an environment value it cannot use; `variable` names it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

/**
 * `JSON.parse` of a variable's text.
 *
 * @throws ConfigError `<variable>: is not valid JSON`.
 */
export function parseJson(variable: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new ConfigError(variable, 'is not valid JSON');
  }
}

/**
 * A comma-separated list of http(s) origins (`https://example.com[:port]`), each normalised to
 * `URL.origin`; empty entries are skipped.
 *
 * @throws ConfigError naming `variable` for an entry that is not an origin.
 */
export function parseOriginList(variable: string, value: string): string[] {
  const out: string[] = [];
  for (const part of value.split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError(variable, `${JSON.stringify(entry)} is not a URL`);
    }
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.username ||
      url.password ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search ||
      url.hash ||
      entry.includes('\\')
    ) {
      throw new ConfigError(
        variable,
        `${JSON.stringify(entry)} is not an origin (expected http(s)://host[:port])`,
      );
    }
    out.push(url.origin);
  }
  return out;
}

/** A JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
