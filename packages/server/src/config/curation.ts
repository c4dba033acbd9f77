/**
 * The contact QR codes and activities (group `curation`, SPEC §3 "Contact QR: name, img_url" and
 * "Activity info: view_num, participate_num, cover, tutorial_url"): not stored in the database but
 * configured on the server, `CONTACT_QR_CODES` and `ACTIVITIES`, JSON arrays read and checked at
 * start ({@link parseContactQrCodes}, {@link parseActivities}). `GET manager/qr-code/list` and
 * `GET activity/activity/info` (`curation/`) answer them.
 */
import type { ContactQr } from '@plugin-center/contract';
import { Type } from 'typebox';
import { httpUrlOrPath } from '../shared/links';
import { normalizeTagCode } from '../shared/tags';
import { ConfigError, parseJson } from './values';
import { about, trim } from './variables';

/** Limits of `CONTACT_QR_CODES`: entries, and characters of a name. */
export const CONTACT_QR_LIMITS = { COUNT: 50, NAME: 100 } as const;

const QR_VARIABLE = 'CONTACT_QR_CODES';

/**
 * Reads `CONTACT_QR_CODES`: a JSON array (at most {@link CONTACT_QR_LIMITS}.COUNT) of objects with
 * exactly `name` (1–100 characters, no control character) and `img_url` (an absolute http(s) URL or
 * a path on this site starting with `/`); the URL is normalised by the WHATWG parser.
 *
 * @throws ConfigError `CONTACT_QR_CODES: …` naming the entry and the field that does not fit
 */
export function parseContactQrCodes(text: string): ContactQr[] {
  const value = parseJson(QR_VARIABLE, text);
  if (!Array.isArray(value))
    throw new ConfigError(QR_VARIABLE, 'expected a JSON array of {"name", "img_url"}');
  if (value.length > CONTACT_QR_LIMITS.COUNT)
    throw new ConfigError(QR_VARIABLE, `at most ${CONTACT_QR_LIMITS.COUNT} entries`);
  return value.map((item: unknown, i) => {
    const fail = (message: string): never => {
      throw new ConfigError(QR_VARIABLE, `entry ${i}: ${message}`);
    };
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail('expected an object');
    const entry = item as Record<string, unknown>;
    const extra = Object.keys(entry).find((key) => key !== 'name' && key !== 'img_url');
    if (extra !== undefined) fail(`unknown field ${JSON.stringify(extra)}`);
    const { name, img_url } = entry;
    if (
      typeof name !== 'string' ||
      name.trim() === '' ||
      name.length > CONTACT_QR_LIMITS.NAME ||
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
      /[\u0000-\u001f\u007f]/.test(name)
    )
      fail(`name must be 1 to ${CONTACT_QR_LIMITS.NAME} characters of text`);
    const url = typeof img_url === 'string' ? httpUrlOrPath(img_url.trim()) : undefined;
    if (url === undefined) return fail('img_url must be an absolute http(s) URL or a path starting with /');
    return { name: (name as string).trim(), img_url: url };
  });
}

/** One configured activity. */
export interface ActivityConfig {
  /** The `activity_id` of the query: `[A-Za-z0-9_-]{1,64}`, unique. */
  id: string;
  /** Cover image: absolute http(s) URL or a path on this site. */
  cover: string;
  /** The tutorial: absolute http(s) URL or a path on this site. */
  tutorial_url: string;
  /** Tag code (normalised like plugin tags) whose approved plugins are the participants; none → 0. */
  tag?: string;
}

/** An activity id. */
export const ACTIVITY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Most activities configured. */
export const ACTIVITY_COUNT_MAX = 200;

const ACTIVITY_VARIABLE = 'ACTIVITIES';

/**
 * Reads `ACTIVITIES`: a JSON array (at most {@link ACTIVITY_COUNT_MAX}) of objects with `id`
 * ({@link ACTIVITY_ID}, unique), `cover` and `tutorial_url` (absolute http(s) URLs or paths on this
 * site starting with `/`) and optionally `tag` (a tag code of 1–30 characters, normalised as plugin
 * tags are: trimmed, lower case, spaces as hyphens). No other field.
 *
 * @throws ConfigError `ACTIVITIES: …` naming the entry and the field that does not fit
 */
export function parseActivities(text: string): ActivityConfig[] {
  const value = parseJson(ACTIVITY_VARIABLE, text);
  if (!Array.isArray(value))
    throw new ConfigError(
      ACTIVITY_VARIABLE,
      'expected a JSON array of {"id", "cover", "tutorial_url", "tag"?}',
    );
  if (value.length > ACTIVITY_COUNT_MAX)
    throw new ConfigError(ACTIVITY_VARIABLE, `at most ${ACTIVITY_COUNT_MAX} entries`);
  const seen = new Set<string>();
  return value.map((item: unknown, i) => {
    const fail = (message: string): never => {
      throw new ConfigError(ACTIVITY_VARIABLE, `entry ${i}: ${message}`);
    };
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail('expected an object');
    const entry = item as Record<string, unknown>;
    const extra = Object.keys(entry).find((key) => !['id', 'cover', 'tutorial_url', 'tag'].includes(key));
    if (extra !== undefined) fail(`unknown field ${JSON.stringify(extra)}`);
    const { id, cover, tutorial_url, tag } = entry;
    if (typeof id !== 'string' || !ACTIVITY_ID.test(id)) return fail('id must match [A-Za-z0-9_-]{1,64}');
    if (seen.has(id)) fail(`id ${JSON.stringify(id)} is used twice`);
    seen.add(id);
    const link = (field: string, v: unknown) =>
      (typeof v === 'string' ? httpUrlOrPath(v.trim()) : undefined) ??
      fail(`${field} must be an absolute http(s) URL or a path starting with /`);
    const activity: ActivityConfig = {
      id,
      cover: link('cover', cover),
      tutorial_url: link('tutorial_url', tutorial_url),
    };
    if (tag !== undefined) {
      const code = typeof tag === 'string' ? normalizeTagCode(tag) : '';
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
      if (code === '' || code.length > 30 || /[\u0000-\u001f\u007f]/.test(code))
        fail('tag must be a tag code of 1 to 30 characters');
      activity.tag = code;
    }
    return activity;
  });
}

/** `CONTACT_QR_CODES`, `ACTIVITIES`. */
export const CURATION_VARIABLES = {
  CONTACT_QR_CODES: Type.Array(Type.Object({ name: Type.String(), img_url: Type.String() }), {
    default: [],
    ...about({
      group: 'curation',
      transform: trim,
      parse: (_, text) => parseContactQrCodes(text),
      defaultText: 'unset (none)',
      summary: 'JSON array of {"name", "img_url"}: contact QR codes',
      description:
        'JSON array (at most 50) of `{ "name", "img_url" }` answered by `GET /api/cmt/manager/qr-code/list`: `name` 1–100 characters, `img_url` an absolute http(s) URL or a path on this site starting with `/`',
    }),
  }),
  ACTIVITIES: Type.Array(
    Type.Object({
      id: Type.String(),
      cover: Type.String(),
      tutorial_url: Type.String(),
      tag: Type.Optional(Type.String()),
    }),
    {
      default: [],
      ...about({
        group: 'curation',
        transform: trim,
        parse: (_, text) => parseActivities(text),
        defaultText: 'unset (none)',
        summary: 'JSON array of {"id", "cover", "tutorial_url", "tag"?}',
        description:
          'JSON array (at most 200) of the activities `GET /api/cmt/activity/activity/info?activity_id=` answers: `id` (`[A-Za-z0-9_-]{1,64}`, unique), `cover` and `tutorial_url` (absolute http(s) URLs or paths starting with `/`), optional `tag`: the tag code whose approved plugins are counted in `participate_num` (0 without a tag). `view_num` is counted in the database',
      }),
    },
  ),
};
