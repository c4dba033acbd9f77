/**
 * The activities of issue 14 (`GET activity/activity/info`, SPEC §3 "Activity info: view_num,
 * participate_num, cover, tutorial_url"), configured on the server: `ACTIVITIES`, a JSON array of
 * `{ "id", "cover", "tutorial_url", "tag"? }` read and checked at start ({@link parseActivities}).
 */
import { ConfigError, parseJson } from '../configValues';
import { normalizeTagCode } from '../shared/tags';
import { httpUrlOrPath } from './bannerLinks';

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

const VARIABLE = 'ACTIVITIES';

/**
 * Reads `ACTIVITIES`: a JSON array (at most {@link ACTIVITY_COUNT_MAX}) of objects with `id`
 * ({@link ACTIVITY_ID}, unique), `cover` and `tutorial_url` (absolute http(s) URLs or paths on this
 * site starting with `/`) and optionally `tag` (a tag code of 1–30 characters, normalised as plugin
 * tags are: trimmed, lower case, spaces as hyphens). No other field.
 *
 * @throws ConfigError `ACTIVITIES: …` naming the entry and the field that does not fit
 */
export function parseActivities(text: string): ActivityConfig[] {
  const value = parseJson(VARIABLE, text);
  if (!Array.isArray(value))
    throw new ConfigError(VARIABLE, 'expected a JSON array of {"id", "cover", "tutorial_url", "tag"?}');
  if (value.length > ACTIVITY_COUNT_MAX)
    throw new ConfigError(VARIABLE, `at most ${ACTIVITY_COUNT_MAX} entries`);
  const seen = new Set<string>();
  return value.map((item: unknown, i) => {
    const fail = (message: string): never => {
      throw new ConfigError(VARIABLE, `entry ${i}: ${message}`);
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
