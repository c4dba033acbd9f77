/**
 * `@plugin-center/analytics/constants`: the constants of the tracker (SPEC §3, §4, §9), each with its
 * unit, and the names it shares with the Sensors Data web SDK (sa-sdk-javascript) whose wire and
 * rules it follows. Plain values, free of the tracker code.
 *
 * @packageDocumentation
 */

/** The tracker's version, sent as `lib.$lib_version` and `properties.$lib_version`. */
export const LIB_VERSION = '0.1.0';

/**
 * States of the tracker (SPEC §4 "Analytics SDK: not started, init started, store done"; Sensors
 * `readyState` 1, 2, 3). Calls made before `store done` are queued and replayed then.
 */
export const TrackerState = {
  /** Created, `init()` not called yet. */
  NOT_STARTED: 'not started',
  /** `init()` ran: options merged; without a window (on a server) the tracker stays here, queueing. */
  INIT_STARTED: 'init started',
  /** The identity is loaded from its cookie (or storage), the plugins are set up: calls run. */
  STORE_DONE: 'store done',
} as const;
/** A value of {@link TrackerState}. */
export type TrackerState = (typeof TrackerState)[keyof typeof TrackerState];

// Limits and timings of SPEC §9 (Sensors `para` defaults), one constant each so that a bundle keeps
// only those it uses. Lengths in UTF-16 code units (JavaScript `length`), durations in ms unless the
// name says seconds.

/** `datasend_timeout`: a send (fetch) is aborted after 8 s. */
export const SEND_TIMEOUT = 8000;

/**
 * Most records posted together when several are sent in one task (the core coalesces them into one
 * `data_list` request at the task's end); the collector accepts up to 500 per request.
 */
export const MAX_COALESCED = 100;
/**
 * Most calls held in memory before the tracker starts (before `init()` in the browser, or while
 * consent is pending); later ones are dropped.
 */
export const MAX_HELD = 1000;

/** `max_referrer_string_length`: `$referrer` and registered string properties are cut to 200. */
export const REFERRER_LENGTH = 200;

/** `max_string_length`: longest property string value, 500. */
export const STRING_LENGTH = 500;

/** The channel plugin raises the longest property string value to 1024. */
export const CHANNEL_STRING_LENGTH = 1024;

/** `max_id_length`: longest distinct_id / login id, 255. */
export const ID_LENGTH = 255;

/** `max_key_length`: longest event name or property key, 100. */
export const KEY_LENGTH = 100;

/** Batch mode: default send interval, 6 s (Sensors `batch_send.send_interval`); queued records expire after twice that. */
export const BATCH_INTERVAL = 6000;

/** Visual config: polled every 30 min (`update_interval`); a stored config younger than that is used at start (`session_time`). */
export const VISUAL_CONFIG_INTERVAL = 1_800_000;

/** Visual config: the request is aborted after 5 s. */
export const VISUAL_CONFIG_TIMEOUT = 5000;

/** Page leave: a heartbeat is stored every 5 s. */
export const HEARTBEAT_INTERVAL = 5000;

/** Page leave: a stored heartbeat older than the heartbeat interval plus 5 s belongs to a closed page and is reported. */
export const HEARTBEAT_RETENTION = 5000;

/** Page leave: `event_duration` of the first heartbeat, a marker (seconds). */
export const FIRST_HEARTBEAT_DURATION = 3.14;

/** Page leave: longest `event_duration`, 432000 s (5 days, Sensors `MAX_DURATION`); longer counts as unknown. */
export const PAGE_LEAVE_MAX_DURATION = 432_000;

/** Page leave: after a `$WebPageLeave`, another page end within 5 s is the same leave and is not reported. */
export const PAGE_LEAVE_DUPLICATE_WINDOW = 5000;

/** Page load: a `$page_load_time` above 1800 s is not reported. */
export const PAGE_LOAD_MAX_DURATION = 1800;

/** Stay: a `$WebStay` is considered 1 s after scrolling started (`interDelay.timeout`). */
export const SCROLL_DELAY = 1000;

/** Stay: only a stay longer than 4 s at a position is reported (`scroll_delay_time`). */
export const STAY_MIN = 4000;

/** Stay: longest `event_duration` of a `$WebStay`, 18000 s (`scroll_event_duration`). */
export const STAY_MAX_DURATION = 18_000;

/** Click: a `div` is collected when its `div` nesting is at most 3 levels (`collect_tags.div.max_level` 1 to 3). */
export const CLICK_DIV_MAX_LEVEL = 3;

/** Channel: the events already seen are kept 30 days (2592000000 ms) from the last channel link (`max_save_time`). */
export const CHANNEL_MEMORY = 2_592_000_000;

/** Deeplink: shortest request timeout, 2500 ms. */
export const DEEPLINK_TIMEOUT = 2500;

/** The identity cookie lives 360 days. */
export const IDENTITY_COOKIE_DAYS = 360;

/**
 * All limits and timings of SPEC §9 above in one `as const` object (Sensors `para` defaults).
 * Lengths in UTF-16 code units (JavaScript `length`), durations in ms unless the name says seconds.
 */
export const ANALYTICS_LIMITS = {
  SEND_TIMEOUT,
  REFERRER_LENGTH,
  STRING_LENGTH,
  CHANNEL_STRING_LENGTH,
  ID_LENGTH,
  KEY_LENGTH,
  BATCH_INTERVAL,
  VISUAL_CONFIG_INTERVAL,
  VISUAL_CONFIG_TIMEOUT,
  HEARTBEAT_INTERVAL,
  HEARTBEAT_RETENTION,
  FIRST_HEARTBEAT_DURATION,
  PAGE_LEAVE_MAX_DURATION,
  PAGE_LEAVE_DUPLICATE_WINDOW,
  PAGE_LOAD_MAX_DURATION,
  SCROLL_DELAY,
  STAY_MIN,
  STAY_MAX_DURATION,
  CLICK_DIV_MAX_LEVEL,
  CHANNEL_MEMORY,
  DEEPLINK_TIMEOUT,
  IDENTITY_COOKIE_DAYS,
} as const;

/** Identity keys of Sensors ID-Mapping 3 (`IDENTITY_KEY`), the keys of `identities`. */
export const IDENTITY_KEY = {
  /** The default login key: `login(id)` sets `identities.$identity_login_id`. */
  LOGIN: '$identity_login_id',
  /** The anonymous id; not allowed as a login key (SPEC §5). */
  ANONYMOUS: '$identity_anonymous_id',
  /** The browser's cookie id, kept across logins and logouts; not allowed as a login key (SPEC §5). */
  COOKIE: '$identity_cookie_id',
} as const;

// Storage names: our own, modelled on Sensors' `sensorsdata2015jssdkcross`, `sawebjssdkpageleave`, …
// The identity lives in a cookie (localStorage when cookies are blocked), the rest in localStorage.

/** Cookie with the identity state (distinct_id, first_id, identities, history_login_id, props), 360 days. */
export const IDENTITY_COOKIE = 'plugincenter2015jssdkcross';
/** localStorage: the batch queue. */
export const BATCH_KEY = 'pcsa_batch';
/** localStorage prefix of page-leave heartbeats, one key per open page: `pcsa_pageleave-<page_id>`. */
export const HEARTBEAT_KEY = 'pcsa_pageleave';
/** localStorage: the visual config and when it was fetched. */
export const VISUAL_CONFIG_KEY = 'pcsa_vtrack';
/** localStorage: the channel window, its events already seen and the landing URL. */
export const CHANNEL_KEY = 'pcsa_channel';
/** Prefix of the tracker's storage keys (`deny()` removes every key with it, and the identity). */
export const STORAGE_PREFIX = 'pcsa_';
/** The storage names above in one object. */
export const STORAGE_KEYS = {
  IDENTITY_COOKIE,
  BATCH_KEY,
  HEARTBEAT_KEY,
  VISUAL_CONFIG_KEY,
  CHANNEL_KEY,
} as const;

/** The Sensors preset events the tracker sends (SPEC §3). */
export const PRESET_EVENTS = {
  PAGEVIEW: '$pageview',
  WEB_CLICK: '$WebClick',
  WEB_STAY: '$WebStay',
  WEB_PAGE_LEAVE: '$WebPageLeave',
  WEB_PAGE_LOAD: '$WebPageLoad',
  SIGN_UP: '$SignUp',
  CHANNEL_LINK_REACHING: '$ChannelLinkReaching',
} as const;

/** The five standard campaign parameters (Sensors `source_channel_standard`). */
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

/**
 * Page modes (Sensors `detectMode`): `track` sends; `heatmap` (query `sa-request-id`) and `visual`
 * (query `sa-visual-mode=true` in a page inside a frame) are a Sensors analysis page shown over the
 * site: nothing is sent.
 */
export type PageMode = 'track' | 'heatmap' | 'visual';
