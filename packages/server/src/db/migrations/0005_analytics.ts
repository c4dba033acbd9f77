/**
 * Migration 0005: the analytics collector's event store (SPEC §3 analytics events,
 * profiles and identity, §7 Analytics). `analytics_event` is append-only: one row per accepted
 * record of `POST /sa` (track events and profile records alike), never updated or deleted by the
 * server. The dashboards (`reports/**`) read it.
 *
 * Columns:
 * - `project`: the analytics project (`?project=` of the collector), e.g. `default`;
 * - `type`: the record type (`track`, `profile_set`, `track_signup`, …);
 * - `event`: the event name; null for profile records;
 * - `distinct_id`, `login_id`, `anonymous_id`: the identity of the record (SPEC §3);
 * - `time`: the event's own time, epoch ms; `received_at`: when the collector stored it, epoch ms;
 * - `plugin_key`: copied from `properties.plugin_key` when it is a string (dashboard index);
 * - `url`: copied from `properties.$url` when it is a string;
 * - `properties`: the record's properties as JSON text.
 *
 * Indexes serve the dashboards: by time, by event and time, by plugin and event and time, and by
 * distinct id (user paths and unique-user counts).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates `analytics_event` and its indexes (same shape on both dialects). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('analytics_event')
    // bigserial on PostgreSQL: an append-only event log outgrows int4's 2.1 billion ids.
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('event', 'text')
    .addColumn('distinct_id', 'text', (c) => c.notNull())
    .addColumn('login_id', 'text')
    .addColumn('anonymous_id', 'text')
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('plugin_key', 'text')
    .addColumn('url', 'text')
    .addColumn('properties', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX analytics_event_time_idx ON analytics_event (time)`.execute(db);
  await sql`CREATE INDEX analytics_event_event_time_idx ON analytics_event (event, time)`.execute(db);
  await sql`CREATE INDEX analytics_event_plugin_event_time_idx ON analytics_event (plugin_key, event, time)`.execute(
    db,
  );
  await sql`CREATE INDEX analytics_event_distinct_id_idx ON analytics_event (distinct_id)`.execute(db);
}

/** Drops `analytics_event` (and with it its indexes). */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_event').ifExists().execute();
}
