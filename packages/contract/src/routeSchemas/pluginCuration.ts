/**
 * The schemas of the `plugin` group's curation and settings calls: recommendations, silent install,
 * resource positions, banners, QR codes, icon-font and Pexels settings, activities, the space
 * setting and users' roles (spread into `PLUGIN_ROUTE_SCHEMAS`, `plugin.ts`).
 */
import {
  ActivityInfo,
  ActivityInfoQuery,
  BANNER_FORM,
  BannerListResult,
  CuratedRecommendation,
  CuratedRecommendationQuery,
  DeleteBannerBody,
  DeleteBannerResult,
  FeaturedQuery,
  FeaturedResult,
  QrCodeListResult,
  RecommendationPublishBody,
  ResourcePosition,
  ResourcePositionBody,
  ResourcePositionDisableQuery,
  ResourcePositionListQuery,
  ResourcePositionPage,
  SaveBannerResult,
  SilentInstallBody,
  SilentInstallList,
  SilentInstallListQuery,
  SilentInstallResult,
} from '../wire/curation';
import {
  AdminUser,
  IconfontBody,
  IconfontConfig,
  LoginMethodList,
  LoginMethodSetting,
  PexelsBody,
  PexelsConfig,
  SaveLoginMethodBody,
  SetUserRoleBody,
  SetUserStatusBody,
  SpaceSetting,
  SpaceSettingBody,
  UserListQuery,
  UserListResult,
} from '../wire/settings';
import { PLUGINS, SECRET_RULES, SETTINGS } from './definition';

/** Schemas of the curation and settings calls of the route table's `plugin` group (SPEC §7). */
export const PLUGIN_CURATION_ROUTE_SCHEMAS = {
  // Curation: recommendations, silent install, resource positions.
  publishRecommendation: {
    tags: PLUGINS,
    summary: 'Choose and order the recommended plugins (admin; audit-logged)',
    description:
      'Replaces the previous choice with `plugin_keys` in order; `GET plugin/recommendation/list` shows it at once. An empty list returns to the automatic sample. 400 `INVALID_PARAMETER` (field `plugin_keys`) for a repeated key or a key that is not an approved plugin; nothing is changed then.',
    body: RecommendationPublishBody,
    response: CuratedRecommendation,
  },
  setSilentInstall: {
    tags: PLUGINS,
    summary: "Set or clear a plugin's default (silent) install flag (admin; audit-logged)",
    description:
      'New accounts (sign-up, third-party, admin-created) get the default plugins installed when they are created; `POST plugin/user/new/silent` installs the ones an existing account lacks. Setting the flag needs an approved plugin: 404 `PLUGIN_NOT_FOUND` otherwise. Idempotent.',
    body: SilentInstallBody,
    response: SilentInstallResult,
  },
  createResourceState: {
    tags: PLUGINS,
    summary: 'Create a resource position: feature an approved plugin for a time range (admin; audit-logged)',
    description:
      'Times in ms since the epoch; the slot shows from `start_time` (inclusive) to `end_time` (exclusive). SPEC §5: 400 `INVALID_PARAMETER` with field `end_time` and the message "The end time must not be before the start time" or "The end time must not be before now"; missing times fail validation. 404 `PLUGIN_NOT_FOUND` unless the plugin is approved.',
    body: ResourcePositionBody,
    response: ResourcePosition,
  },
  disableResourceState: {
    tags: PLUGINS,
    summary: 'Disable (is_disabled true/1) or restore (false/0) a resource position (admin; audit-logged)',
    description:
      'A disabled slot is `invalidated` and leaves the square at once; restored, its status follows the clock again. Idempotent. 404 `RESOURCE_POSITION_NOT_FOUND` for an unknown id.',
    querystring: ResourcePositionDisableQuery,
    response: ResourcePosition,
  },
  resourceStateList: {
    tags: PLUGINS,
    summary: 'The resource positions with their derived status, newest first (admin)',
    description:
      'Status from the server clock: `invalidated` when disabled, else `pending` before `start_time`, `active` until `end_time`, `expired` from then. `status` filters; `next_cursor` continues the same filter (400 `INVALID_CURSOR` for another).',
    querystring: ResourcePositionListQuery,
    response: ResourcePositionPage,
  },
  featuredList: {
    tags: PLUGINS,
    summary: "The square's featured area: active resource positions of approved plugins",
    description:
      'A slot appears at its `start_time` and disappears at its `end_time` without anyone acting; `next_change_time` says when the answer changes next. A cached answer never outlives that instant.',
    querystring: FeaturedQuery,
    response: FeaturedResult,
  },
  curatedRecommendation: {
    tags: PLUGINS,
    summary: 'The curated recommendation choice in order, for the back office to show and reorder (admin)',
    querystring: CuratedRecommendationQuery,
    response: CuratedRecommendation,
  },
  silentInstallList: {
    tags: PLUGINS,
    summary: 'The plugins installed by default for new accounts (admin)',
    querystring: SilentInstallListQuery,
    response: SilentInstallList,
  },
  // Banners and contact QR codes.
  bannerList: {
    tags: PLUGINS,
    summary: "The banners of the square's carousel, in order (id, image URL, redirect_url, position)",
    response: BannerListResult,
  },
  saveBanner: {
    tags: PLUGINS,
    summary: 'Create a banner, or replace its image, link or place (admin, multipart; audit-logged)',
    description:
      "Text fields as `SaveBannerFields` (`id`, `redirect_url`, `position`), file `image` (PNG, JPEG, GIF or WebP read from the bytes, ≤ 5 MB, any shape). Without `id` a banner is created (`image` and `redirect_url` required; at most 50 banners); with `id` that banner's image and/or link are replaced (the old image removed once the banner points to the new one) and `position` moves it. A `redirect_url` that is not an absolute http(s) URL: 400 INVALID_PARAMETER 'Wrong url, please try again' (field `redirect_url`). Other errors: 400 INVALID_PARAMETER or UPLOAD_REJECTED with `field`, 404 BANNER_NOT_FOUND, 413 beyond the limits. Nothing is kept when it fails.",
    consumes: ['multipart/form-data'],
    multipart: BANNER_FORM,
    response: SaveBannerResult,
  },
  deleteBanner: {
    tags: PLUGINS,
    summary: 'Delete a banner and its image file (admin; audit-logged)',
    description: 'The banners after it move up one place. 404 BANNER_NOT_FOUND for an unknown id.',
    body: DeleteBannerBody,
    response: DeleteBannerResult,
  },
  qrCodeList: {
    tags: PLUGINS,
    summary: 'The contact QR codes (name, img_url) of the server configuration CONTACT_QR_CODES (admin)',
    response: QrCodeListResult,
  },
  // Settings: the icon-font and stock-photo accounts.
  getIconfont: {
    tags: SETTINGS,
    summary: 'The icon-font account (admin): client id, client secret masked',
    description: SECRET_RULES,
    response: IconfontConfig,
  },
  saveIconfont: {
    tags: SETTINGS,
    summary: 'Save the icon-font account (admin; audit-logged, never with the secret)',
    description: `${SECRET_RULES} Both fields empty remove the account; a client id without a secret (sent or stored), or a secret without a client id: 400 INVALID_PARAMETER with \`field\`. Answers the saved account, masked.`,
    body: IconfontBody,
    response: IconfontConfig,
  },
  loginMethodList: {
    tags: SETTINGS,
    summary:
      'The directory sign-in methods (LDAP, OIDC, SAML, custom SSO) and their variables (admin; secrets masked)',
    description: `${SECRET_RULES} Each method: where its settings come from (back office, environment, none), whether they make a working method, and what \`config/private/standard\` answers for it.`,
    response: LoginMethodList,
  },
  saveLoginMethod: {
    tags: SETTINGS,
    summary: 'Save one sign-in method (super administrator; audit-logged, never with a secret)',
    description: `${SECRET_RULES} The values are checked as the server's start checks its environment: a value that does not pass answers 400 INVALID_PARAMETER with \`field\` naming the variable, and nothing is saved. A general administrator gets 403 FORBIDDEN. Takes effect at once in this process and within 2 s in the others. \`use_environment: true\` deletes the saved settings.`,
    body: SaveLoginMethodBody,
    response: LoginMethodSetting,
  },
  getPexels: {
    tags: SETTINGS,
    summary: 'The stock-photo account (admin): the API key masked',
    description: SECRET_RULES,
    response: PexelsConfig,
  },
  savePexels: {
    tags: SETTINGS,
    summary: 'Save the stock-photo API key (admin; audit-logged, never with the key)',
    description: `${SECRET_RULES} An empty key removes it. Answers the saved account, masked.`,
    body: PexelsBody,
    response: PexelsConfig,
  },
  // Activity info.
  activityInfo: {
    tags: PLUGINS,
    summary: 'Activity info (view_num, participate_num, cover, tutorial_url); counts one view',
    description:
      "Activities are configured on the server (`ACTIVITIES`). `view_num` counts the calls for the activity (this one included); `participate_num` is the number of approved plugins carrying the activity's `tag` (0 without one). 404 ACTIVITY_NOT_FOUND for an unknown activity_id.",
    querystring: ActivityInfoQuery,
    response: ActivityInfo,
  },
  // Settings
  saveSpaceSetting: {
    tags: SETTINGS,
    summary: 'Change the space setting (admin; audit-logged): brand, topic colour, login storage',
    description:
      'Body `{ ext }` with the parts to change (at least one); the rest keeps its value. Colour keys are those of TOPIC_COLOR_KEYS, login_storage 0 local, 1 session, 2 cookie; anything else: 400 INVALID_PARAMETER. Answers the whole setting, as `GET /api/pix/mst/spaces/setting` then does.',
    body: SpaceSettingBody,
    response: SpaceSetting,
  },
  userList: {
    tags: SETTINGS,
    summary: 'The people of the back office (admin): accounts, newest first, searchable, with their role',
    description:
      '`keyword` matches part of the email, nick name or user name (case-insensitive); `role` keeps one role. `next_cursor` continues the same query (400 INVALID_CURSOR for a cursor of another query).',
    querystring: UserListQuery,
    response: UserListResult,
  },
  setUserRole: {
    tags: SETTINGS,
    summary:
      'Make a user a general administrator (2) or a general user again (0) (super admin; audit-logged)',
    description:
      "Only a super administrator (role 1): a general administrator gets 403 FORBIDDEN 'Current account has no permission'. Nobody changes their own role (400 INVALID_PARAMETER) or a super administrator's (403 FORBIDDEN). Unknown user_id: 400 INVALID_PARAMETER (field user_id). The new role applies to the user's next call. Answers the user.",
    body: SetUserRoleBody,
    response: AdminUser,
  },
  setUserStatus: {
    tags: SETTINGS,
    summary: 'Disable a user (0) or enable them again (1) (admin; audit-logged)',
    description:
      "Any administrator disables or enables a general user; only a super administrator a general administrator (else 403 FORBIDDEN 'Current account has no permission'). Nobody changes a super administrator (403 FORBIDDEN) or their own account (400 INVALID_PARAMETER, field user_id). Unknown user_id: 400 INVALID_PARAMETER (field user_id). Disabling ends every session of the user at once (refresh tokens revoked, access tokens refused on their next call) and stops their personal access tokens; the password, third-party and directory sign-ins are refused until an administrator enables the account again — a directory sign-in never undoes an administrator's disable. The same status again writes nothing. Answers the user.",
    body: SetUserStatusBody,
    response: AdminUser,
  },
} as const;
