/**
 * Migration 0015 (banners and activities):
 * - `banner`: the square's carousel — the storage key of the image (a content address, see
 *   `publishing/storage.ts`; served at `/api/cmt/file/<key>` like plugin images), the link opened on
 *   click, and the 0-based place in the carousel. The image files are shared by content with plugin
 *   uploads, so the orphan collection counts this column as a reference (`publishing/data.ts`).
 * - `activity_view`: one counter row per configured activity (`ACTIVITIES`), incremented atomically
 *   by `GET activity/activity/info`; a row appears at the first view.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** Creates the two tables and the carousel order's index. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's column builder type
  const idColumn = pg ? (c: any) => c.primaryKey() : (c: any) => c.primaryKey().autoIncrement();
  await db.schema
    .createTable('banner')
    .addColumn('id', pg ? 'serial' : 'integer', idColumn)
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX banner_position_idx ON banner (position, id)`.execute(db);
  await sql`CREATE INDEX banner_image_idx ON banner (image)`.execute(db);

  await db.schema
    .createTable('activity_view')
    .addColumn('activity_id', 'text', (c) => c.primaryKey())
    .addColumn('view_num', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

/** Drops them. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity_view').ifExists().execute();
  await db.schema.dropTable('banner').ifExists().execute();
}
