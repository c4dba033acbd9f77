/**
 * Migration 0046: mirroring (docs/mirroring.md).
 *
 * Upstream side:
 * - `mirror_change`: the change sequence the feed (`GET /api/cmt/mirror/changes`) walks. Triggers
 *   append a row (the next `seq`, the plugin's key, the time in ms) whenever what a mirror copies
 *   changes: a plugin's review status, listing, current version or texts (`UPDATE` of those
 *   columns when a value differs), a plugin deleted, a version added or signed. On PostgreSQL the
 *   trigger first takes a transaction-scoped advisory lock, so sequence numbers are handed out in
 *   commit order and a reader that sees `seq` n has seen every committed row below it (nothing is
 *   skipped by a cursor); SQLite has one writer at a time anyway. Seeded with every plugin that has
 *   a version.
 *
 * Mirror side:
 * - `plugin.mirrored_from`: the upstream's origin for a plugin pulled from it (null for a local
 *   one); the plugin keeps the upstream's key. `plugin.mirror_publisher`: the upstream's publisher
 *   identity as JSON `{ "handle", "name" }` (null when none).
 * - `mirror_state`: per upstream origin, the feed cursor of the last committed batch, the JWKS
 *   last fetched from it (JSON), and until when (ms) one process holds the pull (a lease, so that
 *   the processes of `WEB_CONCURRENCY` do not pull at once).
 * - `mirror_pull`: one row per pull or bundle import, with its counts and failures.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The columns whose change a mirror copies. */
const WATCHED = ['review_status', 'unlisted_at', 'current_version', 'name', 'intro', 'description'];
/** The advisory lock that orders the change sequence on PostgreSQL. */
export const MIRROR_CHANGE_LOCK = 46_0046;

/** Creates the tables, columns and triggers, and seeds the sequence. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('mirror_change')
    .addColumn('seq', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('plugin_key', 'text', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mirror_change_time_idx').on('mirror_change').column('time').execute();
  await db.schema.alterTable('plugin').addColumn('mirrored_from', 'text').execute();
  await db.schema.alterTable('plugin').addColumn('mirror_publisher', 'text').execute();
  await db.schema
    .createTable('mirror_state')
    .addColumn('upstream', 'text', (c) => c.primaryKey())
    .addColumn('cursor', 'text', (c) => c.notNull())
    .addColumn('jwks', 'text')
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .execute();
  await db.schema
    .createTable('mirror_pull')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('upstream', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint')
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawn', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .execute();

  const changed = (old: string, now: string) =>
    WATCHED.map((c) => `${old}.${c} IS ${pg ? 'DISTINCT FROM' : 'NOT'} ${now}.${c}`).join(' OR ');
  if (pg) {
    const now = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
    await sql
      .raw(`CREATE FUNCTION mirror_change_note() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE key text;
      BEGIN
        IF TG_TABLE_NAME = 'plugin_version' THEN
          SELECT plugin_key INTO key FROM plugin WHERE id = NEW.plugin_id;
        ELSIF TG_OP = 'DELETE' THEN key := OLD.plugin_key;
        ELSE key := NEW.plugin_key;
        END IF;
        IF key IS NOT NULL THEN
          PERFORM pg_advisory_xact_lock(${MIRROR_CHANGE_LOCK});
          INSERT INTO mirror_change (plugin_key, time) VALUES (key, ${now});
        END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER mirror_change_plugin_au AFTER UPDATE OF ${WATCHED.join(', ')} ON plugin
      FOR EACH ROW WHEN (${changed('OLD', 'NEW')}) EXECUTE FUNCTION mirror_change_note()`)
      .execute(db);
    await sql`CREATE TRIGGER mirror_change_plugin_ad AFTER DELETE ON plugin
      FOR EACH ROW EXECUTE FUNCTION mirror_change_note()`.execute(db);
    await sql`CREATE TRIGGER mirror_change_version_ai AFTER INSERT ON plugin_version
      FOR EACH ROW EXECUTE FUNCTION mirror_change_note()`.execute(db);
    await sql`CREATE TRIGGER mirror_change_version_au AFTER UPDATE OF signature ON plugin_version
      FOR EACH ROW WHEN (OLD.signature IS DISTINCT FROM NEW.signature) EXECUTE FUNCTION mirror_change_note()`.execute(
      db,
    );
  } else {
    const now = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)";
    await sql
      .raw(`CREATE TRIGGER mirror_change_plugin_au AFTER UPDATE OF ${WATCHED.join(', ')} ON plugin
      WHEN ${changed('old', 'new')} BEGIN
      INSERT INTO mirror_change (plugin_key, time) VALUES (new.plugin_key, ${now});
    END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER mirror_change_plugin_ad AFTER DELETE ON plugin BEGIN
      INSERT INTO mirror_change (plugin_key, time) VALUES (old.plugin_key, ${now});
    END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER mirror_change_version_ai AFTER INSERT ON plugin_version BEGIN
      INSERT INTO mirror_change (plugin_key, time)
        SELECT plugin_key, ${now} FROM plugin WHERE id = new.plugin_id;
    END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER mirror_change_version_au AFTER UPDATE OF signature ON plugin_version
      WHEN old.signature IS NOT new.signature BEGIN
      INSERT INTO mirror_change (plugin_key, time)
        SELECT plugin_key, ${now} FROM plugin WHERE id = new.plugin_id;
    END`)
      .execute(db);
  }
  await sql`INSERT INTO mirror_change (plugin_key, time)
    SELECT plugin_key, COALESCE(update_time, create_time) FROM plugin WHERE current_version IS NOT NULL ORDER BY id`.execute(
    db,
  );
}

/** Drops what {@link up} made. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    for (const [name, table] of [
      ['mirror_change_plugin_au', 'plugin'],
      ['mirror_change_plugin_ad', 'plugin'],
      ['mirror_change_version_ai', 'plugin_version'],
      ['mirror_change_version_au', 'plugin_version'],
    ])
      await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
    await sql`DROP FUNCTION mirror_change_note()`.execute(db);
  } else {
    for (const name of [
      'mirror_change_plugin_au',
      'mirror_change_plugin_ad',
      'mirror_change_version_ai',
      'mirror_change_version_au',
    ])
      await sql.raw(`DROP TRIGGER ${name}`).execute(db);
  }
  await db.schema.dropTable('mirror_pull').execute();
  await db.schema.dropTable('mirror_state').execute();
  await db.schema.alterTable('plugin').dropColumn('mirror_publisher').execute();
  await db.schema.alterTable('plugin').dropColumn('mirrored_from').execute();
  await db.schema.dropTable('mirror_change').execute();
}
