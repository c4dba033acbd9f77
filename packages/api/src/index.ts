/**
 * `@plugin-center/api`: the framework-free Plugin Center API client (SPEC §4, §7, §8) on ofetch —
 * the envelope, `{id}` placeholders, the admin (manager) rewrite, typed plugin calls, typed errors,
 * the data-loader state machine and the infinite plugin list. Safe to import in Node and during SSR.
 *
 * @packageDocumentation
 */

export type {
  ApiClient,
  ApiClientOptions,
  ApiResponse,
  AuditListResult,
  HttpMethod,
  PluginCalls,
  RecommendationPublishBody,
  RequestOptions,
  ResourceStateBody,
  ResourceStateListQuery,
  SilentInstallBody,
  UserPluginsQuery,
} from './client';
export {
  API_ERROR_CODES,
  ApiError,
  CANCEL_MESSAGE,
  createApiClient,
  isCancelled,
  isSuccess,
} from './client';
export type { Locale } from './constants';
export {
  ALL_TAGS_ID,
  KEYWORD_MAX_LENGTH,
  LOCALES,
  PAGE_SIZE,
  PluginSort,
  ReviewStatus,
  SUCCESS_CODES,
} from './constants';
export type { Loader, LoaderState, LoaderStatus } from './loader';
export { createLoader } from './loader';
export type { PluginListParams, PluginListQueryStore, PluginListState } from './pluginList';
export { createPluginListQuery } from './pluginList';
export type {
  ActivityInfo,
  AdminInfo,
  AuditListQuery,
  AuditStatusBody,
  Banner,
  ContactQr,
  ErrorEnvelope,
  Health,
  IconfontConfig,
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
  RecommendationQuery,
  RecommendationResult,
  ResourcePosition,
  Tag,
  TagListResult,
} from './wire';
