/**
 * Migration 0035: a plugin's star ratings and reviews (the `ratings` domain; not the review of
 * submissions), their helpful votes and reports.
 *
 * - `plugin_rating`: one row per user and plugin (unique), the stars (1–5), an optional title and
 *   text, the publisher's one reply (`reply_body`, null without one), and the moderation state
 *   (`hidden_at` ms and `hidden_reason`, null while shown).
 * - `plugin_rating_vote`: one row per user who marked a review helpful.
 * - `plugin_rating_report`: one row per user who reported a review, open while `resolved_at` is
 *   null; `resolution` says how a moderator closed it (`hidden`, `dismissed`).
 * - `plugin.rating_count`, `rating_sum` and `rating_1` … `rating_5`: the count, the sum of stars and
 *   the distribution of the plugin's shown ratings; `plugin_rating.helpful_count`: its votes. Both
 *   are kept equal to their rows by triggers that run in the statement that inserts, updates or
 *   deletes a row (as migration 0004 does for installs and likes), so no code path and no
 *   concurrent request can leave a counter out of step. A hidden rating counts nowhere.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The `SET` list that adds (`sign` '+') or removes ('-') the rating of row `ref` (`NEW`/`OLD`,
 * or `new`/`old` on SQLite) to the plugin's counters.
 */
function counterChange(ref: string, sign: '+' | '-'): string {
  return [
    `rating_count = rating_count ${sign} 1`,
    `rating_sum = rating_sum ${sign} ${ref}.rating`,
    ...STARS.map((n) => `rating_${n} = rating_${n} ${sign} CASE WHEN ${ref}.rating = ${n} THEN 1 ELSE 0 END`),
  ].join(', ');
}

/** Creates the tables, the plugin's counters and the counting triggers of both dialects. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const column of ['rating_count', 'rating_sum', ...STARS.map((n) => `rating_${n}`)]) {
    await db.schema
      .alterTable('plugin')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('plugin_rating')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugin.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addColumn('helpful_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_body', 'text')
    .addColumn('reply_create_time', 'bigint')
    .addColumn('reply_update_time', 'bigint')
    .addColumn('hidden_at', 'bigint')
    .addColumn('hidden_reason', 'text')
    .addUniqueConstraint('plugin_rating_plugin_user', ['plugin_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('plugin_rating_newest_idx')
    .on('plugin_rating')
    .columns(['plugin_id', 'create_time', 'id'])
    .execute();
  await db.schema.createIndex('plugin_rating_user_idx').on('plugin_rating').column('user_id').execute();
  await db.schema
    .createTable('plugin_rating_vote')
    .addColumn('rating_id', 'integer', (c) => c.notNull().references('plugin_rating.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('plugin_rating_vote_pk', ['rating_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('plugin_rating_report')
    .addColumn('rating_id', 'integer', (c) => c.notNull().references('plugin_rating.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .addColumn('resolution', 'text')
    .addPrimaryKeyConstraint('plugin_rating_report_pk', ['rating_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('plugin_rating_report_open_idx')
    .on('plugin_rating_report')
    .columns(['resolved_at', 'create_time'])
    .execute();

  if (dialect === 'postgres') {
    await sql
      .raw(`CREATE FUNCTION plugin_rating_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.hidden_at IS NULL THEN
          UPDATE plugin SET ${counterChange('OLD', '-')} WHERE id = OLD.plugin_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
          UPDATE plugin SET ${counterChange('NEW', '+')} WHERE id = NEW.plugin_id;
        END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER plugin_rating_count AFTER INSERT OR DELETE OR UPDATE OF rating, hidden_at
        ON plugin_rating FOR EACH ROW EXECUTE FUNCTION plugin_rating_count()`)
      .execute(db);
    await sql
      .raw(`CREATE FUNCTION plugin_rating_vote_count() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE plugin_rating SET helpful_count = helpful_count + 1 WHERE id = NEW.rating_id;
        ELSE
          UPDATE plugin_rating SET helpful_count = helpful_count - 1 WHERE id = OLD.rating_id;
        END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER plugin_rating_vote_count AFTER INSERT OR DELETE ON plugin_rating_vote
        FOR EACH ROW EXECUTE FUNCTION plugin_rating_vote_count()`)
      .execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER plugin_rating_count_ai AFTER INSERT ON plugin_rating WHEN new.hidden_at IS NULL BEGIN
        UPDATE plugin SET ${counterChange('new', '+')} WHERE id = new.plugin_id;
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER plugin_rating_count_ad AFTER DELETE ON plugin_rating WHEN old.hidden_at IS NULL BEGIN
        UPDATE plugin SET ${counterChange('old', '-')} WHERE id = old.plugin_id;
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER plugin_rating_count_au AFTER UPDATE OF rating, hidden_at ON plugin_rating BEGIN
        UPDATE plugin SET ${counterChange('old', '-')} WHERE id = old.plugin_id AND old.hidden_at IS NULL;
        UPDATE plugin SET ${counterChange('new', '+')} WHERE id = new.plugin_id AND new.hidden_at IS NULL;
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER plugin_rating_vote_count_ai AFTER INSERT ON plugin_rating_vote BEGIN
        UPDATE plugin_rating SET helpful_count = helpful_count + 1 WHERE id = new.rating_id;
      END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER plugin_rating_vote_count_ad AFTER DELETE ON plugin_rating_vote BEGIN
        UPDATE plugin_rating SET helpful_count = helpful_count - 1 WHERE id = old.rating_id;
      END`)
      .execute(db);
  }
}

/** Drops the tables, their triggers and the plugin's rating counters. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.dropTable('plugin_rating_report').execute();
  await db.schema.dropTable('plugin_rating_vote').execute();
  await db.schema.dropTable('plugin_rating').execute();
  if (dialect === 'postgres') {
    await sql.raw('DROP FUNCTION plugin_rating_vote_count()').execute(db);
    await sql.raw('DROP FUNCTION plugin_rating_count()').execute(db);
  }
  for (const column of ['rating_count', 'rating_sum', ...STARS.map((n) => `rating_${n}`)]) {
    await db.schema.alterTable('plugin').dropColumn(column).execute();
  }
}
