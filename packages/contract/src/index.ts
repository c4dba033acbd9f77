/**
 * `@plugin-center/contract`: the one definition of the Plugin Center wire that the server and every
 * SDK import (DESIGN "The shape"). This entry is free of TypeBox and of any runtime dependency:
 * the constants of the wire, the route table (`ROUTES`: method, path, access, request and response
 * kind of every route), and the static types of every entity, request and response. The TypeBox schemas themselves (what the server validates and serialises with, and what
 * the OpenAPI document is generated from) are in `@plugin-center/contract/schemas`; the text and link
 * rules that forms and the server share (hidden characters, http(s) links, contacts) in
 * `@plugin-center/contract/text`.
 *
 * @packageDocumentation
 */

export type { ApiResponse } from './constants';
export {
  ALL_TAGS_ID,
  AnalyticsProject,
  ApiErrorCode,
  BANNER_LIMITS,
  BANNER_URL_MESSAGE,
  BIND_PAGE_PATH,
  COLLECTOR_PATH,
  DEEPLINK_PATH,
  isAdminRole,
  KEYWORD_MAX_LENGTH,
  LOGIN_METHOD_CLAIM,
  LOGIN_PAGE_PATH,
  LoginStorage,
  PAGE_SIZE,
  PASSWORD_LOGIN_METHOD,
  PluginEvent,
  PluginSort,
  PUBLISH_LIMITS,
  pluginListSort,
  ResourcePositionStatus,
  ReviewStatus,
  Role,
  SUCCESS_CODES,
  THIRD_PARTY_LOGIN_METHOD,
  USER_API,
  USER_API_BASE,
  VISUAL_CONFIG_PATH,
} from './constants';
export type { Locale } from './locales';
export {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LOCALE_ALIASES,
  LOCALES,
  localeFromCookieValue,
  localeFromLanguageTag,
  matchLocale,
} from './locales';
export type { RouteGroup, RouteName } from './routes';
export { ROUTES } from './routes';
export { COLLECTOR_ROUTES } from './routes/collector';
export type { HttpMethod, RequestKind, ResponseKind, RouteDefinition } from './routes/definition';
export { Access } from './routes/definition';
export { OPERATION_ROUTES, PAGE_ROUTES } from './routes/page';
export { PLUGIN_ROUTES } from './routes/plugin';
export { USER_ROUTES } from './routes/user';
export type {
  CustomHeaderLink,
  CustomHeaderMenus,
  HeaderLinksConfig,
  HeaderPart,
  PrivateDeploymentType,
  SiteConfig,
  SiteVariant,
} from './site';
export {
  DEFAULT_SITE_CONFIG,
  DEFAULT_SITE_PRODUCT,
  LOGIN_HIDDEN_DEPLOYMENT_TYPES,
  PRIVATE_DEPLOYMENT_TYPES,
  SITE_CONFIG_META,
  SITE_PRODUCT_PATTERN,
  SITE_VARIANTS,
  VARIANT_LOCALES,
} from './site';
export type {
  CollectResult,
  TrackedEvent,
} from './wire/collector';
export type {
  ErrorEnvelope,
  Health,
} from './wire/common';
export type {
  ActivityInfo,
  ActivityInfoQuery,
  Banner,
  BannerListResult,
  ContactQr,
  CuratedRecommendation,
  CuratedRecommendationQuery,
  DeleteBannerBody,
  DeleteBannerResult,
  FeaturedQuery,
  FeaturedResult,
  FeaturedSlot,
  QrCodeListResult,
  RecommendationPublishBody,
  ResourcePosition,
  ResourcePositionBody,
  ResourcePositionDisableQuery,
  ResourcePositionListQuery,
  ResourcePositionPage,
  SaveBannerFields,
  SaveBannerResult,
  SilentInstallBody,
  SilentInstallList,
  SilentInstallListQuery,
  SilentInstallResult,
} from './wire/curation';
export type {
  AdminInfo,
  CodeExchangeQuery,
  LoginCodeQuery,
  LoginCodeResult,
  LoginResult,
  LogoutMode,
  OAuth2LoginBody,
  PrivateStandardConfig,
  ResetTokenBody,
  SignInBody,
  SignInResult,
  SignUpBody,
  ThirdPartyAuthBody,
  ThirdPartyBindBody,
  TokenPair,
  UserInfo,
  ValidResult,
} from './wire/identity';
export type { DeprecateBody, ListingState } from './wire/listing';
export type {
  EditorCodeQuery,
  EditorPlugin,
  EditorPluginsQuery,
  EditorPluginsResult,
  InstalledListQuery,
  InstalledListResult,
  InstallResult,
  PluginDeprecation,
  PluginDetail,
  PluginDetailQuery,
  PluginKeyBody,
  PluginListQuery,
  PluginListResult,
  PluginSummary,
  PluginVersion,
  PluginViewResult,
  PraiseBody,
  PraiseResult,
  RecommendationQuery,
  RecommendationResult,
  Suggestion,
  SuggestQuery,
  SuggestResult,
  Tag,
  TagListResult,
} from './wire/plugins';
export type {
  DomainChallenge,
  MyPublisher,
  PublisherPage,
  PublisherProfile,
  PublisherQuery,
  PublisherTotals,
  PublisherVerification,
  SavePublisherBody,
  SetPublisherVerifiedBody,
  StartDomainBody,
} from './wire/publishers';
export type {
  AssignOwnerBody,
  AssignOwnerResult,
  BatchRef,
  BatchRemoveResult,
  BatchStatus,
  BatchUploadResult,
  CheckResult,
  CreatedPersonalToken,
  CreatePersonalTokenBody,
  FieldChange,
  FieldChangeKind,
  MatchField,
  PersonalToken,
  PersonalTokenList,
  PublishFields,
  PublishResult,
  RevokePersonalTokenBody,
  Submission,
  SubmissionHistory,
  SubmissionHistoryEntry,
  SubmissionHistoryQuery,
  SubmissionMatch,
  SubmissionPage,
  UserPluginsQuery,
} from './wire/publishing';
export type {
  DeleteRatingBody,
  ModerateRatingBody,
  PluginReview,
  RatingHelpfulBody,
  RatingHelpfulResult,
  RatingListQuery,
  RatingPage,
  RatingRef,
  RatingReply,
  RatingReplyBody,
  RatingReport,
  RatingReportBody,
  RatingReportListQuery,
  RatingReportPage,
  RatingReportResult,
  RatingSort,
  RatingSummary,
  ReportedRating,
  SaveRatingBody,
  SaveRatingResult,
} from './wire/ratings';
export type {
  AnalyticsOverview,
  AnalyticsRangeQuery,
  DailyTraffic,
  PluginTraffic,
  PublisherAnalytics,
} from './wire/reports';
export type {
  AuditListQuery,
  AuditLogEntry,
  AuditLogPage,
  AuditLogQuery,
  AuditStatusBody,
} from './wire/review';
export type {
  AdminUser,
  DirectoryMethodName,
  IconfontBody,
  IconfontConfig,
  LoginMethodList,
  LoginMethodSetting,
  LoginMethodVariable,
  PexelsBody,
  PexelsConfig,
  SaveLoginMethodBody,
  SecretStatus,
  SetUserRoleBody,
  SetUserStatusBody,
  SpaceBrand,
  SpaceSetting,
  SpaceSettingBody,
  SpaceSettingResource,
  SpaceSettingResourceKey,
  SpaceSettingResourceQuery,
  SpaceTemplate,
  TopicColorKey,
  UserListQuery,
  UserListResult,
} from './wire/settings';
