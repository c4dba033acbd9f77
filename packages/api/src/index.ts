/**
 * `@plugin-center/api`: the framework-free Plugin Center API client (SPEC §4, §7, §8) on ofetch —
 * the envelope, `{id}` placeholders, the admin (manager) rewrite, typed plugin calls, typed errors,
 * the data-loader state machine and the infinite plugin list. Safe to import in Node and during SSR.
 *
 * @packageDocumentation
 */

// The wire's constants and types are defined once, in @plugin-center/contract; the ones the client's
// callers use are re-exported here so that an app needs one import. The identity constants
// (USER_API, LoginStorage, ApiErrorCode, …) are imported from @plugin-center/contract itself.
export type {
  ActivityInfo,
  AdminInfo,
  ApiResponse,
  AuditListQuery,
  AuditLogEntry,
  AuditLogPage,
  AuditLogQuery,
  AuditStatusBody,
  Banner,
  BatchUploadResult,
  CheckResult,
  CodeExchangeQuery,
  ContactQr,
  CreatedPersonalToken,
  CreatePersonalTokenBody,
  CuratedRecommendation,
  ErrorEnvelope,
  FeaturedResult,
  FeaturedSlot,
  FieldChange,
  Health,
  IconfontConfig,
  InstalledListQuery,
  InstalledListResult,
  InstallResult,
  Locale,
  LoginCodeQuery,
  LoginCodeResult,
  LoginResult,
  LogoutMode,
  OAuth2LoginBody,
  PersonalToken,
  PersonalTokenList,
  PexelsConfig,
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
  PrivateStandardConfig,
  PublisherAnalytics,
  PublishFields,
  PublishResult,
  RecommendationQuery,
  RecommendationResult,
  ResetTokenBody,
  ResourcePosition,
  ResourcePositionPage,
  RevokePersonalTokenBody,
  SignInBody,
  SignInResult,
  SignUpBody,
  SilentInstallList,
  SilentInstallResult,
  SpaceSetting,
  Submission,
  SubmissionPage,
  Suggestion,
  SuggestResult,
  Tag,
  TagListResult,
  ThirdPartyAuthBody,
  ThirdPartyBindBody,
  TokenPair,
  UserInfo,
  UserPluginsQuery,
  ValidResult,
} from '@plugin-center/contract';
export {
  ALL_TAGS_ID,
  isAdminRole,
  KEYWORD_MAX_LENGTH,
  LOCALES,
  PAGE_SIZE,
  PluginSort,
  PUBLISH_LIMITS,
  ResourcePositionStatus,
  ReviewStatus,
  Role,
  SUCCESS_CODES,
} from '@plugin-center/contract';
export type {
  ApiClient,
  ApiClientOptions,
  HttpMethod,
  PluginCalls,
  RecommendationPublishBody,
  RequestOptions,
  ResourceStateBody,
  ResourceStateListQuery,
  SilentInstallBody,
} from './client';
export {
  API_ERROR_CODES,
  ApiError,
  ApiErrorKind,
  CANCEL_MESSAGE,
  createApiClient,
  isCancelled,
  isSuccess,
} from './client';
export type { Loader, LoaderState, LoaderStatus } from './loader';
export { createLoader } from './loader';
export type { PluginListParams, PluginListQueryStore, PluginListState } from './pluginList';
export { createPluginListQuery } from './pluginList';
export type { PluginSuggestOptions, PluginSuggestState, PluginSuggestStore } from './pluginSuggest';
export { createPluginSuggest, SUGGEST_DEBOUNCE_MS } from './pluginSuggest';
