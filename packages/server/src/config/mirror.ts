/**
 * Mirroring (group `mirror`, docs/mirroring.md): the upstream a deployment pulls approved plugins
 * from, the token it sends, the allowlist of what it takes, how often it pulls; and, on an
 * upstream, the token its feed asks for.
 */
import { Type } from 'typebox';
import { ConfigError, parseOriginList } from './values';
import { about, trim } from './variables';

/** What a mirror pulls and from where (`ServerConfig.mirror`). */
export interface MirrorConfig {
  /**
   * `UPSTREAM_URL`: the upstream's origin; undefined on a deployment that only imports bundles
   * (an allowlist set without an upstream applies to `plugin-center import-bundle`).
   */
  upstream?: string | undefined;
  /** `UPSTREAM_TOKEN`: sent as `Authorization: Bearer <token>` to the feed; undefined when none. */
  token?: string | undefined;
  /** `MIRROR_ALLOW_KEYS`, `MIRROR_ALLOW_TAGS`, `MIRROR_ALLOW_PUBLISHERS`: all empty = everything. */
  allowKeys: string[];
  allowTags: string[];
  allowPublishers: string[];
  /** `MIRROR_PULL_MINUTES`: minutes between automatic pulls; 0 = only "pull now" and the CLI. */
  intervalMinutes: number;
}

/** A comma-separated list of lower-cased words (keys, tag codes, handles) without blanks. */
function parseWordList(variable: string, text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const word = part.trim().toLowerCase();
    if (!word) continue;
    if (!/^[a-z0-9][a-z0-9._-]{0,199}$/.test(word))
      throw new ConfigError(variable, `${JSON.stringify(part.trim())} is not a key, tag code or handle`);
    out.push(word);
  }
  return [...new Set(out)];
}

const TOKEN = {
  pattern: '^[A-Za-z0-9._~+/=-]{16,512}$',
  errorMessage: 'expected 16–512 characters of A–Z, a–z, 0–9 and . _ ~ + / = - (e.g. `openssl rand -hex 32`)',
} as const;

/** `UPSTREAM_URL` … `MIRROR_FEED_TOKEN`. */
export const MIRROR_VARIABLES = {
  UPSTREAM_URL: Type.Optional(
    Type.String({
      ...about({
        group: 'mirror',
        transform: trim,
        parse: (variable, text) => {
          const [origin, ...rest] = parseOriginList(variable, text);
          if (!origin || rest.length > 0)
            throw new ConfigError(variable, 'expected one origin, http(s)://host[:port]');
          return origin;
        },
        defaultText: 'unset (not a mirror)',
        summary: 'origin of the upstream to mirror approved plugins from',
        description:
          'the origin (`https://host[:port]`) of the Plugin Center this deployment mirrors: its approved plugins and their signed versions are pulled from `GET <origin>/api/cmt/mirror/changes`, every version checked against `<origin>/.well-known/plugin-center/jwks.json` before it is stored (see [mirroring.md](mirroring.md)). Unset: not a mirror',
      }),
    }),
  ),
  UPSTREAM_TOKEN: Type.Optional(
    Type.String({
      pattern: TOKEN.pattern,
      ...about({
        group: 'mirror',
        transform: trim,
        errorMessage: TOKEN.errorMessage,
        defaultText: 'unset',
        summary: "bearer token of the upstream's feed",
        description:
          'sent to the upstream as `Authorization: Bearer <token>` when it sets `MIRROR_FEED_TOKEN` (the same value); 16–512 characters',
      }),
    }),
  ),
  MIRROR_ALLOW_KEYS: Type.Array(Type.String(), {
    default: [],
    ...about({
      group: 'mirror',
      parse: parseWordList,
      defaultText: 'empty',
      summary: 'plugin keys to mirror (comma-separated)',
      description:
        'plugin keys to mirror, comma-separated. With any of the three `MIRROR_ALLOW_*` lists set, a plugin is mirrored when its key, one of its tags or its publisher handle is listed; all three empty: every approved plugin',
    }),
  }),
  MIRROR_ALLOW_TAGS: Type.Array(Type.String(), {
    default: [],
    ...about({
      group: 'mirror',
      parse: parseWordList,
      defaultText: 'empty',
      summary: 'tag codes to mirror (comma-separated)',
      description:
        'tag codes (lower case) whose plugins are mirrored, comma-separated; see `MIRROR_ALLOW_KEYS`',
    }),
  }),
  MIRROR_ALLOW_PUBLISHERS: Type.Array(Type.String(), {
    default: [],
    ...about({
      group: 'mirror',
      parse: parseWordList,
      defaultText: 'empty',
      summary: 'publisher handles to mirror (comma-separated)',
      description:
        "publisher handles (the upstream's) whose plugins are mirrored, comma-separated; see `MIRROR_ALLOW_KEYS`",
    }),
  }),
  MIRROR_PULL_MINUTES: Type.Integer({
    minimum: 0,
    maximum: 10_080,
    default: 60,
    ...about({
      group: 'mirror',
      transform: trim,
      summary: 'minutes between pulls from the upstream (0: manual only)',
      description:
        'minutes between automatic pulls from `UPSTREAM_URL` (the first a minute after the start); 0 = only the back office’s "Pull now" and `plugin-center mirror pull`. A pull already running is not started twice in one process',
    }),
  }),
  MIRROR_FEED_TOKEN: Type.Optional(
    Type.String({
      pattern: TOKEN.pattern,
      ...about({
        group: 'mirror',
        transform: trim,
        errorMessage: TOKEN.errorMessage,
        defaultText: 'unset (the feed is public)',
        summary: 'bearer token the mirroring feed asks for',
        description:
          'on an upstream: the token mirrors must send to `GET /api/cmt/mirror/changes` (`Authorization: Bearer <token>`, compared in constant time; another or none: 401). Unset: the feed is public, as the approved plugins are',
      }),
    }),
  ),
};
