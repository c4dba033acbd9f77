/**
 * Vitest global setup of the server projects: builds, once per run and dialect, a template
 * database that holds the migrated schema and the shipped catalogue with its search index, the
 * state `buildApp` reaches on an empty database before it creates the first administrator. Most
 * test apps start from a copy of it (see `createTestApp` in testApp.ts) instead of importing
 * the catalogue again, which costs about 2.5 s per app on SQLite and more on PostgreSQL (the
 * import builds the search index).
 *
 * - SQLite: `<tmp>/plugin-center.db`; a test app copies the file into its own data folder.
 * - PostgreSQL: database `pc_tpl_<random>` through `TEST_DATABASE_URL`; a test app's database is
 *   `CREATE DATABASE … TEMPLATE pc_tpl_…` (PostgreSQL copies it; no session may be connected to
 *   the template while it does, so this setup closes its connection before the tests start).
 *
 * The template's location reaches the tests through `project.provide('serverTemplate', …)`
 * (vitest's provide/inject) and is removed in the teardown.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { importCatalogue } from '../catalogue/import';
import { defaultCatalogueDir } from '../config/paths';
import { createDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { ensureSearchIndex } from '../search/indexer';
import { createTestPostgresDatabase } from './testDatabase';

/**
 * Builds the template of `project` (dialect from the project's `TEST_DIALECT` env) and provides
 * its location; returns the teardown that removes it.
 *
 * @throws whatever migrating or importing throws: the run stops before any test starts.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = project.config.env?.TEST_DIALECT === 'postgres';
  if (postgres) {
    const admin = project.config.env?.TEST_DATABASE_URL;
    const created = await createTestPostgresDatabase({ prefix: 'pc_tpl', ...(admin ? { admin } : {}) });
    try {
      await fill(created.url, '');
    } catch (error) {
      await created.drop();
      throw error;
    }
    project.provide('serverTemplate', {
      dialect: 'postgres',
      database: new URL(created.url).pathname.slice(1),
    });
    return () => created.drop();
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'plugin-center-template-'));
  await fill('', dataDir);
  project.provide('serverTemplate', { dialect: 'sqlite', file: join(dataDir, 'plugin-center.db') });
  return () => rm(dataDir, { recursive: true, force: true });
}

/** Migrates the database and imports the shipped catalogue (with its search index) into it. */
async function fill(databaseUrl: string, dataDir: string): Promise<void> {
  const db = createDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db);
    await ensureSearchIndex(db);
    await importCatalogue(db, defaultCatalogueDir());
  } finally {
    await db.close();
  }
}
