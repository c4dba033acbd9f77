/**
 * Migration 0016 (settings): `app_setting`, the administrator's settings of this server
 * by name, one JSON document each: `space` (SPEC §3 space setting: brand, topic colour, login
 * storage), `iconfont` (icon-font account; its client secret sealed by `settings/secrets.ts`) and
 * `pexels` (stock-photo API key, sealed). A name without a row means "all defaults". Secrets are
 * never stored in clear: the sealing key lives outside the database (docs/deployment.md).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** Creates the table. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('app_setting')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
    .execute();
}

/** Drops the table. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_setting').execute();
}
