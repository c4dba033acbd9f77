/**
 * Validation of one tracked record against the wire's `TrackedEvent` and the analytics rules of
 * SPEC §5 (the Sensors Data web SDK's own checks), answered with the SPEC §8 message texts:
 * `{x} must be string`, `{x}'s is empty`, `{x} is invalid`, `{x} length is longer than {max}`,
 * `{x}'s is undefined`. A record that passes becomes an `analytics_event` row.
 */
import { TrackedEvent } from '@plugin-center/contract/schemas';
import { Compile } from 'typebox/compile';
import type { NewAnalyticsEventRow } from '../db/schema';

/** Limits of SPEC §9 (analytics) and of the collector. */
export const ANALYTICS_LIMITS = {
  /** Longest event or property name, characters. */
  KEY: 100,
  /** Longest distinct_id / login_id / anonymous_id / original_id / identity value, characters. */
  ID: 255,
  /**
   * Longest string property value (and string list item), characters: SPEC §5 "string values at most
   * 500 (1024 for the channel plugin)". A tracker with the channel plugin raises its own limit to 1024
   * for every value (as Sensors does), and a record does not say which limit its tracker used, so the
   * collector accepts the larger one; trackers enforce 500 or 1024 themselves.
   */
  STRING: 1024,
  /** How far in the future an event's `time` may be, ms (clock skew of the browser). */
  FUTURE_MS: 24 * 3600 * 1000,
  /** How old an event's `time` may be, ms (two years). */
  PAST_MS: 2 * 365 * 24 * 3600 * 1000,
} as const;

/**
 * Valid event and property names (the SDK's `regName`): a letter, `_` or `$` then letters, digits,
 * `_`, `$`; not one of Sensors' reserved words (case-insensitive): distinct_id, original_id, time,
 * properties, id, first_id, second_id, users, events, event, user_id, date, datetime, nor starting
 * with user_tag or user_group.
 */
export const NAME_PATTERN =
  /^((?!^distinct_id$|^original_id$|^time$|^properties$|^id$|^first_id$|^second_id$|^users$|^events$|^event$|^user_id$|^date$|^datetime$|^user_tag.*|^user_group.*)[a-zA-Z_$][a-zA-Z\d_$]*)$/i;

/** Record types whose `event` names an event (the others are profile records, event null). */
const EVENT_TYPES = new Set(['track', 'track_signup', 'track_id_bind', 'track_id_unbind']);
/** Every record type of `TrackedEvent`. */
export const RECORD_TYPES = new Set([
  ...EVENT_TYPES,
  'profile_set',
  'profile_set_once',
  'profile_unset',
  'profile_delete',
  'profile_append',
  'profile_increment',
]);

const checkTrackedEvent = Compile(TrackedEvent);

/**
 * The reason suffix of a text with a NUL character (U+0000): PostgreSQL's `text` cannot hold one,
 * so such a row would fail its whole insert; both dialects refuse it alike.
 */
const NUL_REASON = 'is invalid: contains a NUL character';

/** Whether `text` holds a NUL character (U+0000). */
function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** A UTF-16 surrogate that is not part of a pair (`\p{Cs}` in a `u` pattern matches only those). */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * The reason suffix of an id with a lone UTF-16 surrogate: no UTF-8 column can hold one, and the
 * drivers store different things in its place (PostgreSQL one U+FFFD, SQLite the surrogate's three
 * bytes, read back as three U+FFFD), so an id would not be kept as sent, nor alike on both dialects.
 */
const SURROGATE_REASON = 'is invalid: contains a lone surrogate';

/** `text` with each lone surrogate replaced by U+FFFD (what PostgreSQL's driver stores for it). */
function wellFormed(text: string): string {
  return LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text;
}

/** A name shortened for a message (a 10,000-character key must not make a 10,000-character reason). */
function shown(name: string): string {
  return name.length > 64 ? `${name.slice(0, 64)}…` : name;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a required or optional id field; returns the reason or undefined. */
function idReason(name: string, value: unknown, required: boolean): string | undefined {
  if (value === undefined) return required ? `${name}'s is undefined` : undefined;
  if (typeof value !== 'string') return `${name} must be string`;
  if (required && value.trim().length === 0) return `${name}'s is empty`;
  if (value.length > ANALYTICS_LIMITS.ID) return `${name} length is longer than ${ANALYTICS_LIMITS.ID}`;
  if (hasNul(value)) return `${name} ${NUL_REASON}`;
  if (LONE_SURROGATE.test(value)) return `${name} ${SURROGATE_REASON}`;
  return undefined;
}

/** Checks an event or property name (SDK order: string, empty, length, pattern). */
function nameReason(label: string, name: unknown): string | undefined {
  if (name === undefined) return `${label}'s is undefined`;
  if (typeof name !== 'string') return `${label} must be string`;
  if (name.trim().length === 0) return `${label}'s is empty`;
  if (name.length > ANALYTICS_LIMITS.KEY)
    return `${shown(label)} length is longer than ${ANALYTICS_LIMITS.KEY}`;
  if (hasNul(name)) return `${shown(label)} ${NUL_REASON}`;
  if (!NAME_PATTERN.test(name)) return `${shown(label)} is invalid`;
  return undefined;
}

/** Checks a property value: string ≤ 1024, finite number, boolean, null, list of strings ≤ 1024. */
function valueReason(key: string, value: unknown): string | undefined {
  if (value === null || typeof value === 'boolean') return undefined;
  if (typeof value === 'string') {
    if (value.length > ANALYTICS_LIMITS.STRING) {
      return `${shown(key)} length is longer than ${ANALYTICS_LIMITS.STRING}`;
    }
    return hasNul(value) ? `${shown(key)} ${NUL_REASON}` : undefined;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${shown(key)} is invalid`;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== 'string') return `${shown(key)} is invalid`;
      if (item.length > ANALYTICS_LIMITS.STRING) {
        return `${shown(key)} length is longer than ${ANALYTICS_LIMITS.STRING}`;
      }
      if (hasNul(item)) return `${shown(key)} ${NUL_REASON}`;
    }
    return undefined;
  }
  if (value === undefined) return `${shown(key)}'s is undefined`;
  return `${shown(key)} is invalid`;
}

/** Outcome of {@link validateRecord}: the row to store, or why the record is refused. */
export type RecordCheck =
  | { row: NewAnalyticsEventRow; reason?: undefined }
  | { row?: undefined; reason: string };

/**
 * Validates one decoded record and maps it to its `analytics_event` row.
 *
 * Rules, in this order (the first failure is the reason):
 * - the record is a JSON object; `type` a string among `TrackedEvent`'s types;
 * - `event` (track types only; ignored and stored null for `profile_*`): string, non-empty,
 *   ≤ 100 characters, no NUL character, matching {@link NAME_PATTERN};
 * - `distinct_id`: string, non-empty, ≤ 255; `original_id`, `anonymous_id`, `login_id` when
 *   present: strings ≤ 255; `identities` when present: an object of names (as property names)
 *   to strings ≤ 255;
 * - `time`: an integer (ms), at most 1 day after `now` and at most 2 years before it;
 * - `properties`: an object; each name as `event`'s; each value a string ≤ 1024, a finite number,
 *   a boolean, null or a list of strings ≤ 1024;
 * - no string above (ids, identity names and values, names, string values and list items) holds a
 *   NUL character (U+0000): `{x} is invalid: contains a NUL character`
 *   (PostgreSQL refuses NUL in `text`, and such a row would fail its request's insert);
 * - no id (`distinct_id`, `original_id`, `anonymous_id`, `login_id`, identity values) holds a lone
 *   UTF-16 surrogate: `{x} is invalid: contains a lone surrogate` (the dialects would store
 *   different replacements). In property values lone surrogates are accepted (a tracker that cuts a
 *   value at 500 characters may split a pair): `properties` keeps them as `\uXXXX` escapes, and
 *   the `plugin_key` / `url` copies get U+FFFD in their place, alike on both dialects;
 * - finally the whole record against the `TrackedEvent` schema (`lib`, `_track_id`, …).
 *
 * Row: `event` null for profile records; `login_id` the record's, else `distinct_id` of a
 * `track_signup`; `anonymous_id` the record's, else `original_id` of a `track_signup`;
 * `plugin_key` / `url` from `properties.plugin_key` / `properties.$url` when they are strings;
 * `properties` as JSON text.
 *
 * @param now - the server's clock, ms (`received_at` of the row).
 * @param oldest - the retention cutoff (`ANALYTICS_RETENTION_DAYS`), ms: a `time` before it is
 *   refused with `time is invalid: older than the retention`, checked after the 2-year limit.
 */
export function validateRecord(record: unknown, project: string, now: number, oldest?: number): RecordCheck {
  if (!isObject(record)) return { reason: 'record is invalid: expected a JSON object' };
  const type = record.type;
  if (type === undefined) return { reason: "type's is undefined" };
  if (typeof type !== 'string') return { reason: 'type must be string' };
  if (!RECORD_TYPES.has(type)) return { reason: 'type is invalid' };
  const isEvent = EVENT_TYPES.has(type);
  if (isEvent) {
    const reason = nameReason('event', record.event);
    if (reason) return { reason };
  }
  const idCheck =
    idReason('distinct_id', record.distinct_id, true) ??
    idReason('original_id', record.original_id, false) ??
    idReason('anonymous_id', record.anonymous_id, false) ??
    idReason('login_id', record.login_id, false);
  if (idCheck) return { reason: idCheck };
  if (record.identities !== undefined) {
    if (!isObject(record.identities)) return { reason: 'identities is invalid' };
    for (const [key, value] of Object.entries(record.identities)) {
      const reason = nameReason(key, key) ?? idReason(shown(key), value, true);
      if (reason) return { reason };
    }
  }
  const time = record.time;
  if (time === undefined) return { reason: "time's is undefined" };
  if (typeof time !== 'number' || !Number.isSafeInteger(time)) return { reason: 'time is invalid' };
  if (time > now + ANALYTICS_LIMITS.FUTURE_MS) {
    return { reason: 'time is invalid: more than 1 day in the future' };
  }
  if (time < now - ANALYTICS_LIMITS.PAST_MS) return { reason: 'time is invalid: older than 2 years' };
  if (oldest !== undefined && time < oldest) {
    return { reason: 'time is invalid: older than the retention' };
  }
  const properties = record.properties;
  if (properties === undefined) return { reason: "properties's is undefined" };
  if (!isObject(properties)) return { reason: 'properties is invalid' };
  for (const key in properties) {
    const reason =
      (key.trim() === '' ? "property name's is empty" : nameReason(key, key)) ??
      valueReason(key, properties[key]);
    if (reason) return { reason };
  }
  if (!checkTrackedEvent.Check(record)) {
    const first = checkTrackedEvent.Errors(record)[0] as
      | { instancePath?: string; message?: string }
      | undefined;
    const path = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'record';
    return { reason: `${path} is invalid${first?.message ? `: ${first.message}` : ''}` };
  }
  const ev = record as TrackedEvent;
  const signup = type === 'track_signup';
  return {
    row: {
      project,
      type,
      event: isEvent ? (ev.event as string) : null,
      distinct_id: ev.distinct_id,
      login_id: ev.login_id ?? (signup ? ev.distinct_id : null),
      anonymous_id: ev.anonymous_id ?? (signup ? (ev.original_id ?? null) : null),
      time,
      received_at: now,
      plugin_key: typeof properties.plugin_key === 'string' ? wellFormed(properties.plugin_key) : null,
      url: typeof properties.$url === 'string' ? wellFormed(properties.$url) : null,
      properties: JSON.stringify(properties),
    },
  };
}
