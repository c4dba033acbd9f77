import { fakeWindow, network } from '@plugin-center/test-fakes/analytics';
import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_ERROR_MESSAGES, AnalyticsError } from './errors';
import { createTracker } from './tracker';
import { checkId, checkLoginKey, checkName, checkProperties } from './validate';

const long = (n: number, c = 'a') => c.repeat(n);

describe('validation rules and messages (SPEC §5, §8)', () => {
  it.each([
    // [rule, value, code, message]
    ['event name not a string', () => checkName(42, 'eventName'), 'NOT_STRING', '42 must be string'],
    [
      'event name undefined',
      () => checkName(undefined, 'eventName'),
      'NOT_STRING',
      'undefined must be string',
    ],
    ['event name empty', () => checkName('', 'eventName'), 'EMPTY', "eventName's is empty"],
    ['event name blank', () => checkName('   ', 'eventName'), 'EMPTY', "eventName's is empty"],
    [
      'event name of 101',
      () => checkName(long(101), 'eventName'),
      'TOO_LONG',
      `${long(101)} length is longer than 100`,
    ],
    ['name starting with a digit', () => checkName('1abc', 'eventName'), 'INVALID', '1abc is invalid'],
    ['name with a dash', () => checkName('plugin-view', 'eventName'), 'INVALID', 'plugin-view is invalid'],
    ['name with a space', () => checkName('plugin view', 'eventName'), 'INVALID', 'plugin view is invalid'],
    ['non-ASCII name', () => checkName('插件', 'eventName'), 'INVALID', '插件 is invalid'],
    ['property key empty', () => checkName('', 'Property key'), 'EMPTY', "Property key's is empty"],
    ['login key empty', () => checkLoginKey(''), 'EMPTY', "login_id_key's is empty"],
    [
      'login key: the anonymous identity',
      () => checkLoginKey('$identity_anonymous_id'),
      'INVALID',
      '$identity_anonymous_id is invalid',
    ],
    [
      'login key: the cookie identity',
      () => checkLoginKey('$identity_cookie_id'),
      'INVALID',
      '$identity_cookie_id is invalid',
    ],
    ['login key not a string', () => checkLoginKey(7), 'NOT_STRING', '7 must be string'],
    ['id not a string', () => checkId(null), 'NOT_STRING', 'null must be string'],
    ['id empty', () => checkId(''), 'EMPTY', "Id's is empty"],
    ['id of 256', () => checkId(long(256, 'x')), 'TOO_LONG', `${long(256, 'x')} length is longer than 255`],
    ['properties not an object', () => checkProperties('x'), 'INVALID', 'properties is invalid'],
    ['properties an array', () => checkProperties(['x']), 'INVALID', 'properties is invalid'],
    ['properties null', () => checkProperties(null), 'INVALID', 'properties is invalid'],
    ['property key invalid', () => checkProperties({ 'a-b': 1 }), 'INVALID', 'a-b is invalid'],
    ['property key reserved', () => checkProperties({ time: 1 }), 'INVALID', 'time is invalid'],
    [
      'property value undefined',
      () => checkProperties({ price: undefined }),
      'UNDEFINED',
      "price's Value's is undefined",
    ],
    [
      'string value of 501',
      () => checkProperties({ note: long(501) }),
      'TOO_LONG',
      "note's Value length is longer than 500",
    ],
    [
      'string value of 1025 (channel)',
      () => checkProperties({ note: long(1025) }, 1024),
      'TOO_LONG',
      "note's Value length is longer than 1024",
    ],
    ['object value', () => checkProperties({ nested: {} }), 'INVALID', "nested's Value is invalid"],
    ['NaN value', () => checkProperties({ n: Number.NaN }), 'INVALID', "n's Value is invalid"],
    ['list with a number', () => checkProperties({ tags: ['a', 1] }), 'INVALID', "tags's Value is invalid"],
  ] as const)('%s', (_rule, run, code, message) => {
    const error = run();
    expect(error).toBeInstanceOf(AnalyticsError);
    expect(error!.code).toBe(code);
    expect(error!.message).toBe(message);
    expect(error!.name).toBe('AnalyticsError');
  });

  it.each([
    'distinct_id',
    'original_id',
    'time',
    'properties',
    'id',
    'first_id',
    'second_id',
    'users',
    'events',
    'event',
    'user_id',
    'date',
    'datetime',
    'user_tag',
    'user_tag_city',
    'user_group',
    'USER_GROUP_vip',
    'Distinct_ID',
  ])('rejects the reserved word %s', (name) => {
    expect(checkName(name, 'eventName')?.message).toBe(`${name} is invalid`);
  });

  it.each([
    '$pageview',
    '_private',
    'PluginView',
    'plugin_key',
    'a1',
    'idx',
    'timestamp',
    'user_ids',
    'dates',
    long(100),
  ])('accepts the name %s', (name) => {
    expect(checkName(name, 'eventName')).toBeUndefined();
  });

  it('accepts ids up to 255, and the value types Sensors takes, strings up to the limit', async () => {
    expect(checkId(long(255))).toBeUndefined();
    expect(checkLoginKey('$identity_login_id')).toBeUndefined();
    expect(checkLoginKey('phone')).toBeUndefined();
    expect(
      checkProperties({ s: long(500), n: 1.5, b: false, l: ['a', 'b'], z: null, product: '插件中心' }),
    ).toBeUndefined();
    expect(checkProperties({ s: long(1024) }, 1024)).toBeUndefined();
    expect(checkProperties(undefined)).toBeUndefined();
  });

  it('exports every code with its SPEC text', async () => {
    expect(ANALYTICS_ERROR_MESSAGES).toEqual({
      NOT_STRING: '{x} must be string',
      EMPTY: "{x}'s is empty",
      INVALID: '{x} is invalid',
      TOO_LONG: '{x} length is longer than {max}',
      UNDEFINED: "{x}'s is undefined",
    });
    // A `$` in the subject is kept as is (no replacement patterns).
    expect(new AnalyticsError('INVALID', "$'a$&").message).toBe("$'a$& is invalid");
  });
});

describe('invalid calls', () => {
  const start = (strict?: boolean) => {
    const net = network();
    const log = vi.fn();
    const tracker = createTracker({ window: fakeWindow(), fetch: net.fetch, log, strict });
    tracker.init();
    return { net, log, tracker };
  };

  it('are logged and dropped, never thrown into the page', async () => {
    const { net, log, tracker } = start();
    tracker.track('');
    tracker.track('ok', { 'bad key': 1 });
    tracker.track('ok', { v: undefined as unknown as string });
    tracker.login('');
    tracker.login('u1', '$identity_cookie_id');
    tracker.register({ date: 'x' });
    tracker.setProfile(undefined as unknown as Record<string, string>);
    tracker.trackPageview({ $title: 'x'.repeat(501) });
    expect(log.mock.calls.map(([e]) => (e as Error).message)).toEqual([
      "eventName's is empty",
      'bad key is invalid',
      "v's Value's is undefined",
      "Id's is empty",
      '$identity_cookie_id is invalid',
      'date is invalid',
      'properties is invalid',
      "$title's Value length is longer than 500",
    ]);
    expect(await net.sent()).toHaveLength(0);
    expect(tracker.getSnapshot().first_id).toBe('');
    expect(tracker.getSnapshot().props).toEqual({});
  });

  it('throw the AnalyticsError with `strict`', async () => {
    const { net, tracker } = start(true);
    expect(() => tracker.track('event')).toThrow(new AnalyticsError('INVALID', 'event'));
    expect(() => tracker.login(42.5)).not.toThrow();
    try {
      tracker.track('ok', { n: {} as unknown as string });
    } catch (e) {
      expect((e as AnalyticsError).code).toBe('INVALID');
    }
    expect((await net.records()).map((r) => r.event)).toEqual(['$SignUp']);
  });
});
