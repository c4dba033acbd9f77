import { ID_LENGTH, IDENTITY_KEY, KEY_LENGTH, STRING_LENGTH } from './constants';
import { AnalyticsError } from './errors';

/**
 * A property value as Sensors takes it (SPEC §5): a string (at most 500 characters, 1024 with the
 * channel plugin), a finite number, a boolean, a list of strings, or null. Send dates as strings,
 * Sensors' format is `YYYY-MM-DD HH:mm:ss.SSS`.
 */
export type PropertyValue = string | number | boolean | readonly string[] | null;

/** Event or profile properties: names as {@link checkName} allows them. */
export type Properties = Record<string, PropertyValue>;

/**
 * Names Sensors takes (its `regName`, written shorter): a letter, `_` or `$`, then letters, digits,
 * `_`, `$`; not a reserved word (distinct_id, original_id, time, properties, id, first_id,
 * second_id, users, events, event, user_id, date, datetime, nor starting with user_tag or
 * user_group), in any case.
 */
const NAME =
  /^(?!(distinct_id|original_id|time|properties|id|first_id|second_id|users|events|event|user_id|date|datetime)$|user_(tag|group))[a-z_$][\w$]*$/i;

/** The shared checks of names and ids, in Sensors' order: string, not blank, at most `max`, matching `re`. */
const check = (v: unknown, label: string, max: number, re?: RegExp): AnalyticsError | undefined =>
  typeof v !== 'string'
    ? new AnalyticsError('NOT_STRING', String(v))
    : !v.trim()
      ? new AnalyticsError('EMPTY', label)
      : v.length > max
        ? new AnalyticsError('TOO_LONG', v, max)
        : re && !re.test(v)
          ? new AnalyticsError('INVALID', v)
          : undefined;

/**
 * Checks an event name or property key (SPEC §5, Sensors `checkOption.event` / `propertyKey`), in
 * this order: a string (`{name} must be string`), not blank (`{label}'s is empty`), at most 100
 * characters (`{name} length is longer than 100`), a valid, unreserved name (`{name} is invalid`).
 * @param label - the subject of the empty message: `eventName`, `Property key`, `login_id_key`
 * @returns the first failure, or undefined when valid
 */
export const checkName = (name: unknown, label: string): AnalyticsError | undefined =>
  check(name, label, KEY_LENGTH, NAME);

/**
 * Checks a distinct_id or login id (Sensors `checkOption.distinct_id`): a string (numbers are
 * converted before), not blank (`Id's is empty`), at most 255 characters.
 * @returns the first failure, or undefined when valid
 */
export const checkId = (id: unknown): AnalyticsError | undefined => check(id, 'Id', ID_LENGTH);

/**
 * Checks a login key (Sensors `checkOption.loginIdKey`): a valid name ({@link checkName}, empty label
 * `login_id_key`) that is not `$identity_anonymous_id` or `$identity_cookie_id` (SPEC §5).
 * @returns the first failure, or undefined when valid
 */
export function checkLoginKey(key: unknown): AnalyticsError | undefined {
  return (
    checkName(key, 'login_id_key') ??
    (key === IDENTITY_KEY.ANONYMOUS || key === IDENTITY_KEY.COOKIE
      ? new AnalyticsError('INVALID', key)
      : undefined)
  );
}

/**
 * Checks properties (SPEC §5): absent, or a plain object (else `properties is invalid`) whose keys
 * pass {@link checkName} (label `Property key`) and whose values are defined (`{key}'s Value's is
 * undefined`), of a {@link PropertyValue} type (`{key}'s Value is invalid`), strings at most
 * `maxString` long (`{key}'s Value length is longer than {maxString}`).
 * @param maxString - longest string value, default 500
 * @returns the first failure, or undefined when valid
 */
export function checkProperties(
  properties: unknown,
  maxString: number = STRING_LENGTH,
): AnalyticsError | undefined {
  if (properties === undefined) return;
  if (typeof properties !== 'object' || !properties || Array.isArray(properties))
    return new AnalyticsError('INVALID', 'properties');
  for (const [key, v] of Object.entries(properties)) {
    const error = checkName(key, 'Property key');
    if (error) return error;
    const x = `${key}'s Value`;
    if (v === undefined) return new AnalyticsError('UNDEFINED', x);
    if (typeof v === 'string') {
      if (v.length > maxString) return new AnalyticsError('TOO_LONG', x, maxString);
    } else if (
      !(
        v === null ||
        typeof v === 'boolean' ||
        Number.isFinite(v) ||
        (Array.isArray(v) && v.every((s) => typeof s === 'string'))
      )
    )
      return new AnalyticsError('INVALID', x);
  }
}
