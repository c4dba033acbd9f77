/**
 * Curation's wire: banners, resource positions (time-limited featured slots), curated recommendations,
 * the default (silent) install set, contact QR codes and activities. Times are epoch ms.
 */
import { type Static, Type } from 'typebox';
import { BANNER_LIMITS, IMAGE_CONTENT_TYPES, PAGE_SIZE } from '../constants';
import type { MultipartForm } from '../routeSchemas/definition';
import { INT32_MAX, MAX_TIME_MS } from './common';
import { Lang, NullableString } from './fields';
import { PluginSummary } from './plugins';

// ---------------------------------------------------------------------------------------------
// Banners: the square's carousel, edited on /backstage-index/banner-config.
// ---------------------------------------------------------------------------------------------

/**
 * A banner of the square's carousel (SPEC §3 Banner: id, image, redirect_url), as
 * `GET /api/cmt/plugin-banner/all` lists it and `PUT /api/cmt/manager/plugin-banner` answers it.
 */
export const Banner = Type.Object({
  id: Type.Integer({
    minimum: 1,
    maximum: INT32_MAX,
    description: 'stable id; send it back to replace the banner (PUT) or to delete it (DELETE)',
  }),
  image: Type.String({
    description:
      'URL of the image, loadable as is (`<img src>`): `/api/cmt/file/<sha256>.<png|jpg|gif|webp>` on this server, served like plugin images',
  }),
  redirect_url: Type.String({
    description: 'absolute http(s) URL the banner opens when clicked (at most BANNER_LIMITS.URL characters)',
  }),
  position: Type.Integer({
    minimum: 0,
    description: '0-based place in the carousel: the list is sorted by it, and it runs 0, 1, 2… without gaps',
  }),
});
export type Banner = Static<typeof Banner>;

// ---------------------------------------------------------------------------------------------
// Curation: resource positions (time-limited featured slots), the
// curated recommendations and the default (silent) install set. Times are epoch ms.
// ---------------------------------------------------------------------------------------------

/**
 * Schema of a resource position's status (the values of `ResourcePositionStatus` of the
 * constants; SPEC §4), derived at read time from the server's clock `now` and
 * the disabled flag, never stored:
 * - `invalidated`: disabled (`is_disabled`), whatever the times;
 * - `pending`: not disabled and `now < start_time` (SPEC's "pending (inactive)");
 * - `active`: not disabled and `start_time <= now < end_time` — shown on the square;
 * - `expired`: not disabled and `end_time <= now`.
 */
export const ResourcePositionStatusSchema = Type.Union(
  [Type.Literal('pending'), Type.Literal('active'), Type.Literal('expired'), Type.Literal('invalidated')],
  { description: 'derived from the clock and is_disabled: pending, active, expired, invalidated' },
);

/**
 * A resource position (featured slot, SPEC §3, §4) as the back office lists it: one plugin featured
 * from `start_time` (inclusive) to `end_time` (exclusive), with the plugin's name (localised by
 * `lang`) and icon.
 */
export const ResourcePosition = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    plugin_key: Type.String(),
    name: Type.String({ description: "the plugin's name, localised by the query's lang" }),
    icon: NullableString,
    start_time: Type.Integer({ description: 'ms since the Unix epoch; the slot shows from this instant' }),
    end_time: Type.Integer({ description: 'ms since the Unix epoch; the slot is gone from this instant' }),
    is_new: Type.Boolean({ description: "the 'new' tag shown on the featured card" }),
    is_disabled: Type.Boolean({ description: 'disabled by an administrator (status invalidated)' }),
    status: ResourcePositionStatusSchema,
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    update_time: Type.Integer({ description: 'ms since the Unix epoch; last create, disable or restore' }),
  },
  { $id: 'ResourcePosition' },
);
export type ResourcePosition = Static<typeof ResourcePosition>;

/**
 * Body of `POST /api/cmt/plugin/resource_state` (admin): feature an approved plugin from
 * `start_time` to `end_time` (ms). SPEC §5: the time range is required, the end must not be before
 * the start, and not before now (400 INVALID_PARAMETER with `field` `end_time`).
 */
export const ResourcePositionBody = Type.Object(
  {
    plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
    start_time: Type.Integer({ minimum: 0, maximum: MAX_TIME_MS, description: 'ms since the Unix epoch' }),
    end_time: Type.Integer({ minimum: 0, maximum: MAX_TIME_MS, description: 'ms since the Unix epoch' }),
    is_new: Type.Optional(Type.Boolean({ default: false, description: "show the 'new' tag" })),
  },
  { additionalProperties: false },
);
export type ResourcePositionBody = Static<typeof ResourcePositionBody>;

/**
 * Query of `PUT /api/cmt/plugin/resource_state/disable` (admin, SPEC §7 "query id, is_disabled"):
 * `is_disabled` true (or 1) disables the slot, false (or 0) restores it. Idempotent.
 */
export const ResourcePositionDisableQuery = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
    is_disabled: Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)], {
      description: 'true or 1: disable; false or 0: restore',
    }),
  },
  { additionalProperties: false },
);
export type ResourcePositionDisableQuery = Static<typeof ResourcePositionDisableQuery>;

/** Query of `GET /api/cmt/plugin/resource_state/list` (admin): newest slot first, optionally one status. */
export const ResourcePositionListQuery = Type.Object(
  {
    status: Type.Optional(ResourcePositionStatusSchema),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
    page_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX, default: PAGE_SIZE.DEFAULT }),
    ),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);
export type ResourcePositionListQuery = Static<typeof ResourcePositionListQuery>;

/** Data of `GET /api/cmt/plugin/resource_state/list`: `next_cursor` null on the last page. */
export const ResourcePositionPage = Type.Object({
  resource_state_list: Type.Array(ResourcePosition),
  total: Type.Integer({ minimum: 0, description: 'slots matching the status filter' }),
  next_cursor: NullableString,
});
export type ResourcePositionPage = Static<typeof ResourcePositionPage>;

/** Query of `GET /api/cmt/plugin/resource_state/active` (public: the square's featured area). */
export const FeaturedQuery = Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false });
export type FeaturedQuery = Static<typeof FeaturedQuery>;

/** One active slot on the square: the featured plugin's card and the slot's times and 'new' tag. */
export const FeaturedSlot = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  start_time: Type.Integer({ description: 'ms since the Unix epoch' }),
  end_time: Type.Integer({ description: 'ms since the Unix epoch; the slot disappears at this instant' }),
  is_new: Type.Boolean(),
  plugin: PluginSummary,
});
export type FeaturedSlot = Static<typeof FeaturedSlot>;

/**
 * Data of `GET /api/cmt/plugin/resource_state/active`: the active slots of approved plugins, the most
 * recently started first (then the newest slot); a plugin appears once (its most recently started
 * slot). `next_change_time` is the next instant (ms) a slot starts or ends — ask again then to see
 * the change — or null when nothing is scheduled.
 */
export const FeaturedResult = Type.Object({
  featured_list: Type.Array(FeaturedSlot),
  server_time: Type.Integer({ description: "the server clock's now (ms) the answer was computed at" }),
  next_change_time: Type.Union([Type.Integer(), Type.Null()], {
    description: 'ms since the Unix epoch of the next start or end of a slot; null: none scheduled',
  }),
});
export type FeaturedResult = Static<typeof FeaturedResult>;

/**
 * Body of `POST /api/cmt/plugin/recommendation/publish` (admin): the recommended plugins, in order.
 * Every key must name an approved plugin, without repeats (400 INVALID_PARAMETER, field
 * `plugin_keys`). Replaces the previous choice; an empty list returns to the automatic sample.
 */
export const RecommendationPublishBody = Type.Object(
  {
    plugin_keys: Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type RecommendationPublishBody = Static<typeof RecommendationPublishBody>;

/** Query of `GET /api/cmt/plugin/recommendation/curated` (admin). */
export const CuratedRecommendationQuery = Type.Object(
  { lang: Type.Optional(Lang) },
  { additionalProperties: false },
);
export type CuratedRecommendationQuery = Static<typeof CuratedRecommendationQuery>;

/**
 * Data of `POST plugin/recommendation/publish` and `GET plugin/recommendation/curated`: the curated
 * choice in its order (approved plugins only; empty: the square shows the automatic sample).
 */
export const CuratedRecommendation = Type.Object({
  plugin_list: Type.Array(PluginSummary),
  is_curated: Type.Boolean({ description: 'false: no choice, the recommendation is the automatic sample' }),
});
export type CuratedRecommendation = Static<typeof CuratedRecommendation>;

/**
 * Body of `PUT /api/cmt/plugin/silent_install` (admin): mark (true) or unmark (false) a plugin as
 * installed by default for new accounts. Marking needs an approved plugin (404 PLUGIN_NOT_FOUND
 * otherwise); unmarking works on any plugin. Idempotent.
 */
export const SilentInstallBody = Type.Object(
  {
    plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
    is_default_install: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SilentInstallBody = Static<typeof SilentInstallBody>;

/** Data of `PUT /api/cmt/plugin/silent_install`: the plugin's flag after the call. */
export const SilentInstallResult = Type.Object({
  plugin_key: Type.String(),
  is_default_install: Type.Boolean(),
});
export type SilentInstallResult = Static<typeof SilentInstallResult>;

/** Query of `GET /api/cmt/plugin/silent_install/list` (admin). */
export const SilentInstallListQuery = Type.Object(
  { lang: Type.Optional(Lang) },
  { additionalProperties: false },
);
export type SilentInstallListQuery = Static<typeof SilentInstallListQuery>;

/**
 * Data of `GET /api/cmt/plugin/silent_install/list` (admin): the approved plugins installed by
 * default for new accounts, by name. (A flagged plugin that is no longer approved is not installed
 * and not listed; `PUT plugin/silent_install` still unmarks it by key.)
 */
export const SilentInstallList = Type.Object({ plugin_list: Type.Array(PluginSummary) });
export type SilentInstallList = Static<typeof SilentInstallList>;

/**
 * Data of `GET /api/cmt/plugin-banner/all` (public): every banner in carousel order (`position`
 * ascending), at most {@link BANNER_LIMITS}.COUNT; an empty array when there is none.
 */
export const BannerListResult = Type.Array(Banner);
export type BannerListResult = Static<typeof BannerListResult>;

/**
 * The text fields of `PUT /api/cmt/manager/plugin-banner` (admin, multipart/form-data); the image
 * travels beside them as the file field `image` (PNG, JPEG, GIF or WebP, type read from the bytes,
 * at most {@link BANNER_LIMITS}.IMAGE_BYTES, any shape).
 *
 * - without `id`: creates a banner; `image` and `redirect_url` are required; it goes last unless
 *   `position` says otherwise;
 * - with `id`: replaces that banner's image and/or link and/or moves it; a field left out keeps its
 *   value (the old image file is removed once the banner points to the new one).
 *
 * `redirect_url` must be an absolute http or https URL, else 400 INVALID_PARAMETER (field
 * `redirect_url`) with the message exactly 'Wrong url, please try again' (SPEC §5,
 * `BANNER_URL_MESSAGE`). `position` (0-based) moves the banner to that place, the others shifting;
 * a number past the end puts it last. Numbers travel as decimal text (multipart).
 */
export const SaveBannerFields = Type.Object(
  {
    id: Type.Optional(
      Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'the banner to replace (decimal)' }),
    ),
    redirect_url: Type.Optional(
      Type.String({ maxLength: BANNER_LIMITS.URL, example: 'https://example.com/' }),
    ),
    position: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,10}$', description: '0-based place in the carousel (decimal)' }),
    ),
  },
  { additionalProperties: false },
);
export type SaveBannerFields = Static<typeof SaveBannerFields>;

/**
 * The multipart body of `PUT /api/cmt/manager/plugin-banner`: the text fields
 * {@link SaveBannerFields} and the file `image` (required to create a banner, optional to edit one).
 */
export const BANNER_FORM = {
  fields: SaveBannerFields,
  files: {
    image: {
      maxBytes: BANNER_LIMITS.IMAGE_BYTES,
      contentTypes: IMAGE_CONTENT_TYPES,
      description: 'the banner image (PNG, JPEG, GIF or WebP, any shape); required to create a banner',
    },
  },
} as const satisfies MultipartForm;

/** Data of `PUT /api/cmt/manager/plugin-banner`: the banner as saved (its `position` after the move). */
export const SaveBannerResult = Banner;
export type SaveBannerResult = Banner;

/** Body of `DELETE /api/cmt/manager/plugin-banner` (admin, JSON): the banner to delete. */
export const DeleteBannerBody = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: INT32_MAX }) },
  { additionalProperties: false },
);
export type DeleteBannerBody = Static<typeof DeleteBannerBody>;

/** Data of `DELETE /api/cmt/manager/plugin-banner`: the id of the banner deleted. */
export const DeleteBannerResult = Type.Object({ id: Type.Integer() });
export type DeleteBannerResult = Static<typeof DeleteBannerResult>;

// Contact QR codes and activity info.
/**
 * A contact QR code (SPEC §3 Contact QR: name, img_url), from the server's `CONTACT_QR_CODES`
 * configuration.
 */
export const ContactQr = Type.Object({
  name: Type.String({ description: 'what the code reaches, shown under it (e.g. "WeChat support")' }),
  img_url: Type.String({
    description: 'the QR image: an absolute http(s) URL or a path on this site (starting with `/`)',
  }),
});
export type ContactQr = Static<typeof ContactQr>;

/** Data of `GET /api/cmt/manager/qr-code/list` (admin): the configured codes in their order; may be empty. */
export const QrCodeListResult = Type.Array(ContactQr);
export type QrCodeListResult = Static<typeof QrCodeListResult>;

/** Query of `GET /api/cmt/activity/activity/info`: an `id` of the server's `ACTIVITIES` configuration. */
export const ActivityInfoQuery = Type.Object(
  { activity_id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type ActivityInfoQuery = Static<typeof ActivityInfoQuery>;

/**
 * Activity info (SPEC §3: view_num, participate_num, cover, tutorial_url) of
 * `GET /api/cmt/activity/activity/info`. Each call counts one view.
 */
export const ActivityInfo = Type.Object({
  view_num: Type.Integer({ minimum: 0, description: 'views of the activity, this call included' }),
  participate_num: Type.Integer({
    minimum: 0,
    description: "approved plugins carrying the activity's tag (0 when the activity has no tag)",
  }),
  cover: Type.String({ description: 'cover image: an absolute http(s) URL or a path on this site' }),
  tutorial_url: Type.String({ description: 'the tutorial: an absolute http(s) URL or a path on this site' }),
});
export type ActivityInfo = Static<typeof ActivityInfo>;
