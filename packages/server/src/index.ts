/**
 * `@plugin-center/server`: the Plugin Center backend (Fastify + Kysely over SQLite or PostgreSQL).
 *
 * @packageDocumentation
 */

export { BODY_LIMIT, type BuildAppOptions, buildApp, PURGE_INTERVAL_MS, SERVER_VERSION } from './app';
export {
  IMMUTABLE_CACHE,
  REVALIDATE_CACHE,
  registerAppStatic,
  registerTrackerScript,
  TRACKER_SCRIPT_CACHE,
  TRACKER_SCRIPT_PATH,
} from './appStatic';
export { COUNT_CACHE_TTL_MS, LIST_RESULT_TTL_MS } from './cache';
export {
  asciiSlug,
  type CatalogueRecord,
  derivePluginKey,
  ENTRY_LIMITS,
  type ParsedEntry,
  parseCatalogueDate,
  parseCatalogueEntry,
} from './catalogue/entry';
export {
  BULK_THRESHOLD,
  CatalogueFileError,
  type ImportError,
  type ImportOptions,
  type ImportReport,
  type ImportSource,
  importCatalogue,
  importEntries,
  optimizeAfterBulkLoad,
  readCatalogueFile,
  recordToPlugin,
} from './catalogue/import';
export {
  EventWriter,
  INSERT_CHUNK_ROWS,
  insertEvents,
} from './collector/data';
export {
  type DecodedPayload,
  decodeField,
  decodePayload,
  type EncodedPayload,
  MAX_INFLATED_BYTES,
  PayloadError,
  parseFormText,
  sensorsHashCode,
} from './collector/encoding';
export {
  COLLECTOR_PIXEL_PATH,
  type CollectorRoutesOptions,
  collectorRoutes,
  DeeplinkResult,
  PIXEL_GIF,
  PREFLIGHT_MAX_AGE_S,
  visualConfigVersion,
} from './collector/routes';
export { collect, MAX_BATCH_RECORDS, MAX_LISTED_REASONS, resolveProject } from './collector/service';
export {
  ANALYTICS_LIMITS,
  NAME_PATTERN,
  RECORD_TYPES,
  type RecordCheck,
  validateRecord,
} from './collector/validate';
export {
  type CollectorConfig,
  ConfigError,
  defaultAppDir,
  defaultCatalogueDir,
  defaultRedirectAllowlist,
  defaultTrackerScript,
  IDENTITY_DEFAULTS,
  type IdentityConfig,
  type LoggerOptions,
  loadConfig,
  type OAuthProviderConfig,
  PROJECT_NAME,
  parseOriginList,
  parseRedirectAllowlist,
  type RateLimits,
  resolveCollectorConfig,
  resolveIdentityConfig,
  type ServerConfig,
} from './config';
export { catalogueGeneration, markCatalogueChanged } from './db/changes';
export { createDatabase, type Database, Dialect, openPostgres, openSqlite } from './db/database';
export { MigrationError, migrate } from './db/migrate';
export type {
  AnalyticsEventRow,
  AnalyticsEventTable,
  DatabaseSchema,
  NewAnalyticsEventRow,
  PluginRow,
  TagRow,
  UserAccountRow,
} from './db/schema';
export { ApiError, type ApiErrorEntry, ERROR_STATUS, errorEnvelope, toErrorResponse } from './errors';
export { ADMIN_USAGE, type CommandOutput, runAdminCommand } from './identity/adminCommand';
export {
  type AuthPluginOptions,
  type AuthUser,
  type AuthVerifier,
  authPlugin,
  bearerToken,
  NO_PERMISSION_MESSAGE,
  SIGN_IN_REQUIRED_MESSAGE,
} from './identity/auth';
export { generatePassword, hashPassword, SCRYPT_PARAMS, verifyPassword } from './identity/passwords';
export { type AllowedRedirect, appendCode, checkRedirectUri } from './identity/redirect';
export { type IdentityRoutesOptions, identityRoutes, userRoutes } from './identity/routes';
export {
  DEFAULT_ADMIN_EMAIL,
  IdentityService,
  type IdentityServiceOptions,
  INVALID_CODE_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_REFRESH_MESSAGE,
  type SetAdministratorResult,
  type ThirdPartyProfile,
} from './identity/service';
export { DEFAULT_SCOPE, ThirdPartyProviders } from './identity/thirdParty';
export {
  AccessTokens,
  loadSigningKey,
  SIGNING_KEY_NAME,
  type SignedAccessToken,
  TOKEN_ALGORITHM,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
} from './identity/tokens';
export { LOGIN_PAGE_CSP, loginPageRoutes } from './loginPage/routes';
export { LOGIN_TEXTS, type LoginTexts, pickLoginLocale } from './loginPage/texts';
export {
  addPluginVersion,
  addTranslations,
  createPlugins,
  type NewPlugin,
  type NewPluginVersion,
  type PluginTranslation,
  refreshSearchDocuments,
  setRecommendations,
} from './plugins/data/write';
export { getPluginDetail, recordView } from './plugins/detail';
export { type ListParams, listPlugins, listTags } from './plugins/list';
export { RECOMMENDATION_POOL, recommendPlugins } from './plugins/recommendations';
export { type PluginsRoutesOptions, pluginsRoutes } from './plugins/routes';
export { normalizeTagCode, tagDisplayName } from './plugins/tags';
export { seededRandom } from './random';
export {
  DEFAULT_RANGE_DAYS,
  MAX_RANGE_DAYS,
  type ReportRange,
  resolveRange,
} from './reports/range';
export { type AnalyticsReportRoutesOptions, analyticsReportRoutes } from './reports/routes';
export {
  analyticsOverview,
  EVENT_NAMES_LIMIT,
  PAGEVIEW_EVENT,
  PUBLISHER_PLUGINS_LIMIT,
  type PublisherPlugin,
  publisherPlugins,
  type ReportFilter,
  TOP_PLUGINS,
} from './reports/service';
export { buildSearchDocuments, type SearchableTexts, type SearchDocuments } from './search/documents';
export {
  normalizeText,
  parseSearchQuery,
  type QueryToken,
  toFts5Query,
  tokenDocument,
  tokenize,
  toTsQuery,
} from './search/tokenize';
export { convertTextFields, validatorCompiler } from './validation';
