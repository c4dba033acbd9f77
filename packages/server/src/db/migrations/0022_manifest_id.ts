/**
 * Migration 0022: a plugin's identity on its design tool, the `id` of its `manifest.json`.
 *
 * - `plugin.manifest_id`: the manifest id the plugin holds (text; a MasterGo numeric id as its
 *   decimal digits); null for a plugin whose manifest has none (Penpot) or is not known. A unique
 *   index: one plugin per id, so of two publishes of one new id at the same time exactly one
 *   commits. The account owning the plugin owns the id; an imported catalogue plugin (no owner)
 *   holds its catalogue `figma_plugin_id` for the catalogue.
 * - `plugin_submission.manifest_id`: the id of the manifest a submission carried, for review.
 *
 * Existing rows start without an id; at the next start `backfillManifestIds`
 * (publishing/backfill.ts) fills them in from the catalogue files and the stored manifests.
 */
import { type Kysely, sql } from 'kysely';

/** Adds the columns and the unique index (same shape on both dialects). */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plugin').addColumn('manifest_id', 'text').execute();
  await sql`CREATE UNIQUE INDEX plugin_manifest_id_key ON plugin (manifest_id)`.execute(db);
  await db.schema.alterTable('plugin_submission').addColumn('manifest_id', 'text').execute();
}

/** Drops what {@link up} added. */
// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX plugin_manifest_id_key`.execute(db);
  await db.schema.alterTable('plugin').dropColumn('manifest_id').execute();
  await db.schema.alterTable('plugin_submission').dropColumn('manifest_id').execute();
}
