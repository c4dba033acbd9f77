/**
 * Migration 0040: a publisher's statistics per plugin, UTC day and version.
 *
 * - `plugin_install.version`: the plugin's `current_version` when the row was inserted — the
 *   version the user installed — set by a trigger on every insert path (install, default installs,
 *   new-user silent installs); null on the rows made before this migration, whose version was never
 *   recorded, and on plugins that have no version (imported catalogue entries).
 * - `plugin_daily_stat`: one row per plugin, UTC day number (`floor(ms / 86 400 000)`) and version
 *   (`''` where it is not known) with what happened that day: `installs` and `uninstalls`
 *   (`plugin_install` rows inserted and deleted), `views` (`plugin_view` rows inserted: a visitor
 *   counted once per plugin and day, as `plugin.view_count`), `likes` and `unlikes`
 *   (`plugin_praise` rows inserted and deleted), `ratings` and `rating_sum` (`plugin_rating` rows
 *   inserted and their stars at that moment). Triggers add to it in the statement that inserts or
 *   deletes the row, as migrations 0004 and 0035 keep the plugin's counters, so no code path and no
 *   concurrent request leaves it out of step with the rows: for every plugin,
 *   `sum(installs) − sum(uninstalls)` equals its `plugin_install` rows and `sum(likes) − sum(unlikes)`
 *   its `plugin_praise` rows. Rows deleted because their plugin is deleted are not counted (the
 *   plugin's statistics go with it). The primary key `(plugin_id, day, version)` is the index of a
 *   plugin's range of days.
 *
 * Days: an insert counts on the day of its row's `create_time` (`plugin_view`: its `day`); a delete
 * on the database's current UTC day. Versions: an install or uninstall counts under the row's
 * `version`; a view, like, unlike or rating under the plugin's `current_version` at that moment.
 *
 * What the existing rows allow is filled in, under version `''`: installs and likes on the days of
 * their rows' `create_time`, ratings on theirs (the current stars), views on the days of the
 * `plugin_view` rows still kept (only the current day's: older ones are purged). What was never
 * recorded cannot be reconstructed: installs and likes that were undone before this migration (their
 * rows are gone, so neither they nor their uninstalls and unlikes are counted), views of earlier days,
 * ratings deleted before, and the version of anything before this migration.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The counters of `plugin_daily_stat`. */
const COUNTERS = ['installs', 'uninstalls', 'views', 'likes', 'unlikes', 'ratings', 'rating_sum'] as const;
type Counter = (typeof COUNTERS)[number];

/** The UTC day number of a ms column, the same integer division on both dialects. */
const dayOf = (ms: string) => `CAST(${ms} / 86400000 AS INTEGER)`;

/** The current UTC day number of the database's clock. */
const today = (dialect: Dialect) =>
  dialect === 'postgres'
    ? 'CAST(floor(extract(epoch from now()) / 86400) AS INTEGER)'
    : `CAST(CAST(strftime('%s', 'now') AS INTEGER) / 86400 AS INTEGER)`;

/** The plugin's current version ('' without one) for the row `ref` (`NEW`/`OLD`, `new`/`old`). */
const currentVersion = (ref: string) =>
  `coalesce((SELECT current_version FROM plugin WHERE id = ${ref}.plugin_id), '')`;

/**
 * The statement that adds `values` to the counters of the plugin of row `ref` on `day` under
 * `version` (an upsert), skipped when the plugin is gone (a row deleted with its plugin).
 */
function bump(ref: string, day: string, version: string, values: Partial<Record<Counter, string>>): string {
  const columns = Object.keys(values) as Counter[];
  return `INSERT INTO plugin_daily_stat (plugin_id, day, version, ${columns.join(', ')})
    SELECT ${ref}.plugin_id, ${day}, ${version}, ${columns.map((c) => values[c]).join(', ')}
    WHERE EXISTS (SELECT 1 FROM plugin WHERE id = ${ref}.plugin_id)
    ON CONFLICT (plugin_id, day, version) DO UPDATE SET
      ${columns.map((c) => `${c} = plugin_daily_stat.${c} + excluded.${c}`).join(', ')};`;
}

/** The trigger statements of each counted table, by operation (row reference `NEW`/`OLD` style). */
function statements(dialect: Dialect, up: string, down: string) {
  const now = today(dialect);
  return {
    plugin_install: {
      insert: bump(up, dayOf(`${up}.create_time`), `coalesce(${up}.version, ${currentVersion(up)})`, {
        installs: '1',
      }),
      delete: bump(down, now, `coalesce(${down}.version, '')`, { uninstalls: '1' }),
    },
    plugin_praise: {
      insert: bump(up, dayOf(`${up}.create_time`), currentVersion(up), { likes: '1' }),
      delete: bump(down, now, currentVersion(down), { unlikes: '1' }),
    },
    plugin_view: {
      insert: bump(up, `${up}.day`, currentVersion(up), { views: '1' }),
    },
    plugin_rating: {
      insert: bump(up, dayOf(`${up}.create_time`), currentVersion(up), {
        ratings: '1',
        rating_sum: `${up}.rating`,
      }),
    },
  } as Record<string, { insert: string; delete?: string }>;
}

/** Adds the version column, the table, its triggers and what the existing rows tell. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('plugin_install').addColumn('version', 'text').execute();
  let table = db.schema
    .createTable('plugin_daily_stat')
    .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull().defaultTo(''));
  for (const counter of COUNTERS) {
    table = table.addColumn(counter, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await table.addPrimaryKeyConstraint('plugin_daily_stat_pk', ['plugin_id', 'day', 'version']).execute();

  // What the rows kept so far tell, version unknown.
  const fill = async (counters: Partial<Record<Counter, string>>, from: string, day: string) => {
    const columns = Object.keys(counters) as Counter[];
    await sql
      .raw(`INSERT INTO plugin_daily_stat (plugin_id, day, version, ${columns.join(', ')})
        SELECT plugin_id, ${day}, '', ${columns.map((c) => counters[c]).join(', ')}
        FROM ${from} WHERE plugin_id IN (SELECT id FROM plugin) GROUP BY plugin_id, ${day}
        ON CONFLICT (plugin_id, day, version) DO UPDATE SET
          ${columns.map((c) => `${c} = plugin_daily_stat.${c} + excluded.${c}`).join(', ')}`)
      .execute(db);
  };
  await fill({ installs: 'count(*)' }, 'plugin_install', dayOf('create_time'));
  await fill({ likes: 'count(*)' }, 'plugin_praise', dayOf('create_time'));
  await fill({ views: 'count(*)' }, 'plugin_view', 'day');
  await fill({ ratings: 'count(*)', rating_sum: 'sum(rating)' }, 'plugin_rating', dayOf('create_time'));

  if (dialect === 'postgres') {
    // The installed version, on every insert path.
    await sql`CREATE FUNCTION plugin_install_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.version IS NULL THEN
          NEW.version := (SELECT current_version FROM plugin WHERE id = NEW.plugin_id);
        END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER plugin_install_version BEFORE INSERT ON plugin_install
      FOR EACH ROW EXECUTE FUNCTION plugin_install_version()`.execute(db);
    for (const [table, s] of Object.entries(statements(dialect, 'NEW', 'OLD'))) {
      const ops = s.delete ? 'INSERT OR DELETE' : 'INSERT';
      await sql
        .raw(`CREATE FUNCTION ${table}_daily_stat() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            ${s.insert}
          ${s.delete ? `ELSE\n            ${s.delete}` : ''}
          END IF;
          RETURN NULL;
        END $$`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_daily_stat AFTER ${ops} ON ${table}
          FOR EACH ROW EXECUTE FUNCTION ${table}_daily_stat()`)
        .execute(db);
    }
  } else {
    for (const [table, s] of Object.entries(statements(dialect, 'new', 'old'))) {
      // The installed version, on every insert path (SQLite triggers cannot change NEW).
      const setVersion =
        table === 'plugin_install'
          ? `UPDATE plugin_install SET version = (SELECT current_version FROM plugin WHERE id = new.plugin_id)
              WHERE user_id = new.user_id AND plugin_id = new.plugin_id AND version IS NULL;`
          : '';
      await sql
        .raw(`CREATE TRIGGER ${table}_daily_stat_ai AFTER INSERT ON ${table} BEGIN
          ${s.insert}
          ${setVersion}
        END`)
        .execute(db);
      if (s.delete) {
        await sql
          .raw(`CREATE TRIGGER ${table}_daily_stat_ad AFTER DELETE ON ${table} BEGIN
            ${s.delete}
          END`)
          .execute(db);
      }
    }
  }
}

/** Drops the triggers, the table and the version column. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const tables = Object.entries(statements(dialect, 'NEW', 'OLD'));
  if (dialect === 'postgres') {
    for (const [table] of tables) {
      await sql.raw(`DROP TRIGGER ${table}_daily_stat ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${table}_daily_stat()`).execute(db);
    }
    await sql`DROP TRIGGER plugin_install_version ON plugin_install`.execute(db);
    await sql`DROP FUNCTION plugin_install_version()`.execute(db);
  } else {
    for (const [table, s] of tables) {
      await sql.raw(`DROP TRIGGER ${table}_daily_stat_ai`).execute(db);
      if (s.delete) await sql.raw(`DROP TRIGGER ${table}_daily_stat_ad`).execute(db);
    }
  }
  await db.schema.dropTable('plugin_daily_stat').execute();
  await db.schema.alterTable('plugin_install').dropColumn('version').execute();
}
