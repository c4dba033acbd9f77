import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Database, Dialect } from './database';
import * as m0001 from './migrations/0001_plugins';
import * as m0002 from './migrations/0002_catalogue_stat';
import * as m0003 from './migrations/0003_identity';
import * as m0004 from './migrations/0004_plugin_user_counts';
import * as m0005 from './migrations/0005_analytics';
import * as m0006 from './migrations/0006_search_gin_fastupdate';
import * as m0007 from './migrations/0007_plugin_view';
import * as m0008 from './migrations/0008_import_dates';
import * as m0009 from './migrations/0009_publishing';
import * as m0010 from './migrations/0010_personal_tokens';
import * as m0011 from './migrations/0011_plugin_images';
import * as m0012 from './migrations/0012_search_index';
import * as m0013 from './migrations/0013_suggest';
import * as m0014 from './migrations/0014_curation';
import * as m0015 from './migrations/0015_banners';
import * as m0016 from './migrations/0016_settings';
import * as m0017 from './migrations/0017_editor';
import * as m0019 from './migrations/0019_file_sizes';
import * as m0021 from './migrations/0021_audit_chain';
import * as m0022 from './migrations/0022_manifest_id';
import * as m0024 from './migrations/0024_batch_id';
import * as m0025 from './migrations/0025_search_top_lists';
import * as m0026 from './migrations/0026_analytics_rollups';
import * as m0029 from './migrations/0029_analytics_visitors';
import * as m0030 from './migrations/0030_visitor_gaps';
import * as m0031 from './migrations/0031_visitor_plans';
import * as m0032 from './migrations/0032_sso';
import * as m0033 from './migrations/0033_account_disable';
import * as m0034 from './migrations/0034_directory_credentials';
import * as m0035 from './migrations/0035_ratings';
import * as m0036 from './migrations/0036_listing';
import * as m0037 from './migrations/0037_session_methods';
import * as m0038 from './migrations/0038_publishers';
import * as m0039 from './migrations/0039_list_orders';
import * as m0040 from './migrations/0040_plugin_daily_stat';
import * as m0041 from './migrations/0041_approve_time';
import * as m0042 from './migrations/0042_version_signatures';
import * as m0044 from './migrations/0044_notifications';
import * as m0046 from './migrations/0046_mirror';
import * as m0047 from './migrations/0047_webhooks';
import * as m0048 from './migrations/0048_account_locale';
import * as m0049 from './migrations/0049_webhook_secret_rotation';
import * as m0050 from './migrations/0050_code_file_index';

/** A migration module of `src/db/migrations/`: `up`/`down` receive the dialect to branch on. */
interface DialectMigration {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
  // biome-ignore lint/suspicious/noExplicitAny: see above
  down?(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/**
 * Every migration, by name (applied in name order). Imported statically so the tsup bundle carries
 * them (no filesystem scan at run time). Add new files here.
 */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001_plugins': m0001,
  '0002_catalogue_stat': m0002,
  '0003_identity': m0003,
  '0004_plugin_user_counts': m0004,
  '0005_analytics': m0005,
  '0006_search_gin_fastupdate': m0006,
  '0007_plugin_view': m0007,
  '0008_import_dates': m0008,
  '0009_publishing': m0009,
  '0010_personal_tokens': m0010,
  '0011_plugin_images': m0011,
  '0012_search_index': m0012,
  '0013_suggest': m0013,
  '0014_curation': m0014,
  '0015_banners': m0015,
  '0016_settings': m0016,
  '0017_editor': m0017,
  '0019_file_sizes': m0019,
  '0021_audit_chain': m0021,
  '0022_manifest_id': m0022,
  '0024_batch_id': m0024,
  '0025_search_top_lists': m0025,
  '0026_analytics_rollups': m0026,
  '0029_analytics_visitors': m0029,
  '0030_visitor_gaps': m0030,
  '0031_visitor_plans': m0031,
  '0032_sso': m0032,
  '0033_account_disable': m0033,
  '0034_directory_credentials': m0034,
  '0035_ratings': m0035,
  '0036_listing': m0036,
  '0037_session_methods': m0037,
  '0038_publishers': m0038,
  '0039_list_orders': m0039,
  '0040_plugin_daily_stat': m0040,
  '0041_approve_time': m0041,
  '0042_version_signatures': m0042,
  '0044_notifications': m0044,
  '0046_mirror': m0046,
  '0047_webhooks': m0047,
  '0048_account_locale': m0048,
  '0049_webhook_secret_rotation': m0049,
  '0050_code_file_index': m0050,
};

/** Thrown by {@link migrate} when a migration fails; `cause` is the database error. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/**
 * Brings the schema up to date on either dialect (Kysely `Migrator`, bookkeeping in
 * `kysely_migration`; each migration in its own transaction on PostgreSQL). Safe to call on every
 * start and from several processes (Kysely takes a lock).
 *
 * @returns the names of the migrations applied by this call (empty when already up to date).
 * @throws MigrationError when a migration fails.
 */
export async function migrate(db: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: {
      async getMigrations() {
        const out: Record<string, Migration> = {};
        for (const [name, module] of Object.entries(MIGRATIONS)) {
          out[name] = {
            up: (k) => module.up(k, db.dialect),
            ...(module.down ? { down: (k) => module.down!(k, db.dialect) } : {}),
          };
        }
        return out;
      },
    },
  });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) {
    throw new MigrationError(`migration failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
