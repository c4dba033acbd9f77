/**
 * The exact validation texts of SPEC §8 (Sensors `checkLog`), keyed by the stable code an
 * {@link AnalyticsError} carries. `{x}` is the subject (the name, or a label such as `eventName`),
 * `{max}` the limit.
 */
export const ANALYTICS_ERROR_MESSAGES = {
  /** An event name, property key, id or login key that is not a string. */
  NOT_STRING: '{x} must be string',
  /** An empty (or blank) one; `{x}` is `eventName`, `Property key`, `Id` or `login_id_key`. */
  EMPTY: "{x}'s is empty",
  /** A name that does not start with a letter, `_` or `$`, holds other characters than letters, digits, `_`, `$`, or is reserved; a login key that is an anonymous or cookie identity name; a value of a type Sensors does not take; properties that are not an object. */
  INVALID: '{x} is invalid',
  /** A name longer than 100, an id longer than 255, a string value longer than 500 (1024 with the channel plugin). */
  TOO_LONG: '{x} length is longer than {max}',
  /** A property value that is `undefined`; `{x}` is `<key>'s Value`. */
  UNDEFINED: "{x}'s is undefined",
} as const;

/** A stable code of {@link AnalyticsError}: a key of {@link ANALYTICS_ERROR_MESSAGES} (NOT_STRING, EMPTY, INVALID, TOO_LONG, UNDEFINED). */
export type AnalyticsErrorCode = keyof typeof ANALYTICS_ERROR_MESSAGES;

/**
 * The validation error of the tracker (SPEC §5, §8). A call that fails validation is logged and
 * dropped; with the `strict` option it throws this instead. `message` is the SPEC text with the
 * subject and limit filled in, e.g. `eventName's is empty`, `price's Value length is longer than 500`.
 *
 * @example
 * ```ts
 * const tracker = createTracker({ strict: true });
 * tracker.init();
 * try {
 *   tracker.track('', {}); // once the tracker runs calls at once (after `store done`)
 * } catch (error) {
 *   if (error instanceof AnalyticsError) console.warn(error.code, error.message); // EMPTY, "eventName's is empty"
 * }
 * ```
 */
export class AnalyticsError extends Error {
  /** The stable code. */
  declare readonly code: AnalyticsErrorCode;

  /**
   * @param code - a key of {@link ANALYTICS_ERROR_MESSAGES}; picks the message
   * @param subject - fills `{x}`
   * @param max - fills `{max}`
   */
  constructor(code: AnalyticsErrorCode, subject: string, max?: number) {
    super(ANALYTICS_ERROR_MESSAGES[code].replace('{x}', () => subject).replace('{max}', `${max}`));
    this.name = 'AnalyticsError';
    this.code = code;
  }
}
