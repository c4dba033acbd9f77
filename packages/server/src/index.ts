/**
 * `@plugin-center/server`: the Plugin Center backend (Fastify + Kysely over SQLite or PostgreSQL).
 *
 * @packageDocumentation
 */
export { BODY_LIMIT, type BuildAppOptions, buildApp, SERVER_VERSION } from './app';
export { IMMUTABLE_CACHE, REVALIDATE_CACHE, registerAppStatic } from './app-static';
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
  ConfigError,
  defaultAppDir,
  defaultCatalogueDir,
  type LoggerOptions,
  loadConfig,
  type ServerConfig,
} from './config';
export { catalogueGeneration, markCatalogueChanged } from './db/changes';
export { createDatabase, type Database, Dialect, openPostgres, openSqlite } from './db/database';
export { MigrationError, migrate } from './db/migrate';
export type { DatabaseSchema, PluginRow, TagRow } from './db/schema';
export { ApiError, type ApiErrorEntry, ERROR_STATUS, errorEnvelope, toErrorResponse } from './errors';
export {
  addPluginVersion,
  addTranslations,
  createPlugins,
  type NewPlugin,
  type NewPluginVersion,
  type PluginTranslation,
  refreshSearchDocuments,
  setRecommendations,
} from './plugins/data';
export { type PluginsRoutesOptions, pluginsRoutes } from './plugins/routes';
export {
  COUNT_CACHE_TTL_MS,
  getPluginDetail,
  LIST_RESULT_TTL_MS,
  type ListParams,
  listPlugins,
  listTags,
  RECOMMENDATION_POOL,
  recommendPlugins,
  recordView,
} from './plugins/service';
export { normalizeTagCode, tagDisplayName } from './plugins/tags';
export { seededRandom } from './random';
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
