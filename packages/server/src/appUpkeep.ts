/**
 * The server's upkeep, for `buildApp` (app.ts): what its start does to the data once before it
 * serves — the catalogue imported into an empty database, the backfills of what older databases
 * did not keep, the version-signing keys and the signatures of the versions approved before
 * versions were signed — and the timers that run while it serves: the hourly purge of expired
 * login codes, refresh tokens and orphan uploads, and the pulls from the upstream (`UPSTREAM_URL`).
 */

import type { FastifyInstance } from 'fastify';
import { hasAnyPlugin } from './catalogue/data';
import { importCatalogue } from './catalogue/import';
import type { MirrorConfig } from './config/mirror';
import type { Database } from './db/database';
import type { IdentityService } from './identity/service';
import type { MirrorService } from './mirror/service';
import { backfillManifestIds, backfillPlatforms } from './publishing/backfill';
import type { PublishingService } from './publishing/service';
import type { SecretBox } from './settings/secrets';
import type { FileStorage } from './shared/storage/fileStorage';
import { signUnsignedVersions } from './signatures/backfill';
import { loadVersionKeys, VersionKeysError } from './signatures/versionKeys';
import type { VersionSigner } from './signatures/versionSigner';

/** How often expired login codes and refresh tokens are deleted, ms. */
export const PURGE_INTERVAL_MS = 3600 * 1000;

/** What {@link upkeepAtStart} works on. */
export interface StartUpkeep {
  /** The migrated database. */
  db: Database;
  /** The uploaded files (the backfills read the stored code files). */
  storage: FileStorage;
  /** Signs the versions approved before versions were signed. */
  signer: VersionSigner;
  /** The secrets key's box, which seals the version-signing keys. */
  box: SecretBox;
  /** Import `catalogueDir` when the database has no plugin (`importCatalogueOnEmpty`). */
  importCatalogueOnEmpty: boolean;
  /** The shipped catalogue's folder: the first start's import and the manifest-id backfill. */
  catalogueDir: string;
  /** Current time, ms since the epoch: the date of version-signing keys created now. */
  clock: () => number;
}

/**
 * The start's one-time work on the data, logged through `app.log`: imports the catalogue when
 * `importCatalogueOnEmpty` is set and the database has no plugin (`catalogue/import.ts`; each
 * rejected record a warning); records the manifest ids of a database from before they were kept
 * (`backfillManifestIds`) and the design tools of the submissions from before they were
 * (`backfillPlatforms`); creates the version-signing keys on first start and signs every version
 * approved before versions were signed (`signatures/`). Keys another secrets key sealed are never
 * replaced here (every signed version depends on them): the start goes on, as with the settings'
 * secrets, says so at the error level, and approving fails until the key is restored or the keys
 * are started over.
 * @throws CatalogueFileError when the catalogue cannot be read; any error but VersionKeysError of
 *   the signing keys
 */
export async function upkeepAtStart(app: FastifyInstance, upkeep: StartUpkeep): Promise<void> {
  const { db, storage } = upkeep;
  if (upkeep.importCatalogueOnEmpty) {
    if (!(await hasAnyPlugin(db))) {
      const started = performance.now();
      const report = await importCatalogue(db, upkeep.catalogueDir);
      app.log.info(
        {
          added: report.added,
          skipped: report.skipped,
          translations: report.translations,
          errors: report.errors.length,
          ms: Math.round(performance.now() - started),
        },
        'imported the catalogue into the empty database',
      );
      for (const error of report.errors) app.log.warn(error, 'catalogue record rejected');
    }
  }
  const backfill = await backfillManifestIds(db, storage, upkeep.catalogueDir);
  if (backfill) app.log.info(backfill, 'recorded the manifest ids of the existing plugins');
  const platforms = await backfillPlatforms(db, storage);
  if (platforms) app.log.info(platforms, 'recorded the design tools of the existing submissions');
  try {
    await loadVersionKeys(db.kysely, upkeep.box, upkeep.clock());
    const signed = await signUnsignedVersions(db, upkeep.signer);
    if (signed?.signed)
      app.log.info({ signed: signed.signed }, 'signed the versions approved before signatures');
    for (const left of signed?.unsigned ?? []) app.log.warn(left, 'a version could not be signed');
  } catch (error) {
    if (!(error instanceof VersionKeysError)) throw error;
    app.log.error(
      `the version-signing keys cannot be opened with this secrets key (${error.message}): approving a submission fails until the secrets key is restored, or plugin-center version-keys rotate --start-over is run (the versions signed before then no longer verify)`,
    );
  }
}

/** The purge timer {@link startPurge} started. */
export interface Purge {
  /** Purges now, in the background (failures are logged as warnings, never thrown). */
  run: () => void;
  /** Stops the timer. */
  stop: () => void;
}

/**
 * Every {@link PURGE_INTERVAL_MS} (the timer does not keep the process alive): deletes the expired
 * login codes and refresh tokens (`IdentityService.purgeExpired`) and the orphan uploads
 * (`PublishingService.collectOrphans`); a failure is a warning in `app.log`.
 */
export function startPurge(
  app: FastifyInstance,
  identity: IdentityService,
  publishing: PublishingService,
): Purge {
  const run = () => {
    identity
      .purgeExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'purging expired tokens failed'));
    publishing
      .collectOrphans()
      .catch((error: unknown) => app.log.warn({ err: error }, 'collecting orphan uploads failed'));
  };
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}

/**
 * With an upstream (`UPSTREAM_URL`) and a positive `MIRROR_PULL_MINUTES`: pulls from it
 * (`MirrorService.pull`) one minute after the start, then every `intervalMinutes`, each pull's
 * counts logged at the info level and a failed pull as a warning; the timers do not keep the
 * process alive and stop when `app` closes. Without an upstream, nothing.
 */
export function scheduleUpstreamPulls(
  app: FastifyInstance,
  mirror: MirrorService,
  config: MirrorConfig | undefined,
): void {
  const intervalMinutes = config?.upstream ? config.intervalMinutes : 0;
  if (intervalMinutes <= 0) return;
  const pull = () => {
    mirror
      .pull()
      .then((result) =>
        app.log.info(
          {
            added: result.added,
            updated: result.updated,
            withdrawn: result.withdrawn,
            failed: result.failed,
            error: result.error,
          },
          'pulled from the upstream',
        ),
      )
      .catch((error: unknown) => app.log.warn({ err: error }, 'pulling from the upstream failed'));
  };
  const first = setTimeout(pull, 60_000);
  const every = setInterval(pull, intervalMinutes * 60_000);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
  });
}
