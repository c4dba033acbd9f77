/**
 * Signatures for the versions approved before versions were signed (migration 0042 adds the
 * columns empty): the server's start signs each `plugin_version` row without a signature, over the
 * files of the submission approved as that version (its approval time is the version's
 * `create_time`, when review wrote it), or, for the plugin's current version without such a
 * submission, over the live listing's files. The catalogue's imported plugins have no version rows,
 * so there is nothing of theirs to sign.
 *
 * A version whose stored files are missing or altered is left unsigned and reported (its files no
 * longer are what was approved; signing them now would vouch for the damage).
 */
import { ReviewStatus } from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { VersionFileError, type VersionFileRefs, type VersionSigner } from './versionSigner';

/** What {@link signUnsignedVersions} did. */
export interface SignatureBackfill {
  /** Versions signed now. */
  signed: number;
  /** Versions left unsigned, each with why. */
  unsigned: { plugin_key: string; version: string; reason: string }[];
}

/** Signs every version that has no signature yet (see the module comment); undefined when there was none. */
export async function signUnsignedVersions(
  db: Database,
  signer: VersionSigner,
): Promise<SignatureBackfill | undefined> {
  const rows = await db.kysely
    .selectFrom('plugin_version as v')
    .innerJoin('plugin as p', 'p.id', 'v.plugin_id')
    .select([
      'v.id',
      'v.plugin_id',
      'v.version',
      'v.create_time',
      'p.plugin_key',
      'p.current_version',
      'p.code_file',
      'p.icon',
      'p.cover_center',
      'p.cover_panel',
      'p.video',
      'p.images',
    ])
    .where('v.signature', 'is', null)
    .orderBy('v.id')
    .execute();
  if (rows.length === 0) return undefined;
  const report: SignatureBackfill = { signed: 0, unsigned: [] };
  for (const row of rows) {
    const submission = await db.kysely
      .selectFrom('plugin_submission')
      .select(['code_file', 'icon', 'cover_center', 'cover_panel', 'reuse_center_cover', 'video', 'images'])
      .where('plugin_id', '=', row.plugin_id)
      .where('version', '=', row.version)
      .where('status', '=', ReviewStatus.APPROVED)
      .orderBy('review_time', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    let files: VersionFileRefs | undefined;
    if (submission) {
      files = {
        ...submission,
        cover_panel: submission.reuse_center_cover ? submission.cover_center : submission.cover_panel,
        images: JSON.parse(submission.images) as string[],
      };
    } else if (row.version === row.current_version) {
      files = { ...row, images: JSON.parse(String(row.images)) as string[] };
    }
    const named = { plugin_key: row.plugin_key, version: row.version };
    if (!files) {
      report.unsigned.push({ ...named, reason: 'no approved submission records its files' });
      continue;
    }
    try {
      const description = await signer.describe(row.plugin_key, row.version, Number(row.create_time), files);
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .updateTable('plugin_version')
          .set(await signer.sign(trx, description))
          .where('id', '=', row.id)
          .where('signature', 'is', null)
          .execute();
      });
      report.signed++;
    } catch (error) {
      if (!(error instanceof VersionFileError)) throw error;
      report.unsigned.push({ ...named, reason: error.message });
    }
  }
  return report;
}
