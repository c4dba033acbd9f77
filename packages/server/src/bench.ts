/**
 * The entry `@plugin-center/server/bench`: what the benchmarks (`bench/`: the bulk preparation of
 * the data sets, its row-by-row check against the import, the list statements' plans, the scale
 * part's cursors) use of the server beyond its main entry, so they run the server's own code instead
 * of a copy. Not a public API: it follows the server's internals from release to release.
 */
export { setReadCache } from './cache';
export { parseCatalogueEntry } from './catalogue/entry';
export { importEntries, recordToPlugin } from './catalogue/import';
export { createDatabase, type Database } from './db/database';
export { migrate } from './db/migrate';
export { filtersFingerprint } from './db/pluginFilters';
export { type NewPlugin, pluginRow, pluginTagCodes } from './plugins/data/write';
export { getPluginDetail } from './plugins/detail';
export { listPlugins } from './plugins/list';
export { buildSearchTerms } from './search/analyze';
export { ensureSearchIndex, searchTexts } from './search/indexer';
export { deletionVariants, hasVariants } from './search/typo';
export { encodeCursor, queryFingerprint } from './shared/cursor';
export { tagDisplayName } from './shared/tags';
