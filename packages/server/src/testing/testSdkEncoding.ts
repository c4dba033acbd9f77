/**
 * Test helper: encodes tracker payloads exactly as the Sensors Data web SDK does (independent of the
 * collector's own decoder, so a bug on one side cannot hide in both): `base64Encode` is `btoa` over
 * the UTF-8 bytes of the JSON, `hashCode` the SDK's Java-style hash of the base64 text,
 * `encodeTrackData` the single-record body, `batchTrackData` the batch body.
 */

import type { NewAnalyticsEventRow } from '../db/schema';

/** The SDK's `base64Encode(str)`: `btoa` of the UTF-8 bytes of `str`. */
export function sdkBase64Encode(text: string): string {
  return btoa(
    encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    ),
  );
}

/** The SDK's `hashCode(str)`. */
export function sdkHashCode(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    hash = (hash << 5) - hash + char;
    hash = hash & hash;
  }
  return hash;
}

/** The SDK's single-record body: `data=<b64>&ext=<crc=n>` (both urlencoded). */
export function sdkEncodeTrackData(record: unknown): string {
  const data = sdkBase64Encode(JSON.stringify(record));
  return `data=${encodeURIComponent(data)}&ext=${encodeURIComponent(`crc=${sdkHashCode(data)}`)}`;
}

/** The SDK's batch body: `data_list=<b64>&gzip=0`. */
export function sdkBatchTrackData(records: unknown[]): string {
  return `data_list=${encodeURIComponent(sdkBase64Encode(JSON.stringify(records)))}&gzip=0`;
}

let tracked = 0;

/**
 * A realistic `$pageview` record of the web SDK for `distinctId` (time now), with `overrides`
 * merged at the top level and `properties` merged into the properties.
 */
export function sdkRecord(
  distinctId: string,
  overrides: Record<string, unknown> = {},
  properties: Record<string, unknown> = {},
): Record<string, unknown> {
  tracked += 1;
  return {
    identities: { $identity_cookie_id: distinctId },
    distinct_id: distinctId,
    anonymous_id: distinctId,
    lib: { $lib: 'js', $lib_method: 'code', $lib_version: '1.26.18' },
    properties: {
      $timezone_offset: -480,
      $screen_height: 1080,
      $screen_width: 1920,
      $viewport_height: 900,
      $viewport_width: 1600,
      $lib: 'js',
      $lib_version: '1.26.18',
      $latest_traffic_source_type: '直接流量',
      $latest_search_keyword: '未取到值_直接打开',
      $url: 'https://plugins.example.com/plugins/detail?plugin_key=color-picker',
      $url_path: '/plugins/detail',
      $title: '插件详情 – Plugin Center',
      $is_first_day: false,
      $is_first_time: false,
      $referrer: '',
      product: 'plugin-center',
      plugin_key: 'color-picker',
      ...properties,
    },
    type: 'track',
    event: '$pageview',
    time: Date.now(),
    _track_id: 100_000 + tracked,
    _flush_time: Date.now(),
    ...overrides,
  };
}

/** An `analytics_event` row as the collector stores it: a `track` of event `e` by `distinctId`, `{ i }` as properties. */
export function eventRow(distinctId: string, i: number): NewAnalyticsEventRow {
  return {
    project: 'default',
    type: 'track',
    event: 'e',
    distinct_id: distinctId,
    login_id: null,
    anonymous_id: null,
    time: Date.now(),
    received_at: Date.now(),
    plugin_key: null,
    url: null,
    properties: JSON.stringify({ i }),
  };
}
