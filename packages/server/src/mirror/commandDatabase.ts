/**
 * What the mirror's commands (`mirror pull`, `import-bundle`) share: the configured database,
 * migrated and with its search index, the configured file storage, and a `MirrorService` over
 * them, closed again after the command's work.
 */
import type { ServerConfig } from '../config/serverConfig';
import { createDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { ensureSearchIndex } from '../search/indexer';
import { createFileStorage } from '../shared/storage/createFileStorage';
import type { MirrorFailure } from './applyChanges';
import { MirrorService } from './service';

/**
 * Runs `work` with a `MirrorService` over the configured database (migrated, search index ensured)
 * and storage; closes both afterwards, whatever `work` does.
 * @returns what `work` returns; rejects with its error, or with the database's or storage's.
 */
export async function withMirror<T>(
  config: ServerConfig,
  work: (mirror: MirrorService) => Promise<T>,
): Promise<T> {
  const db = createDatabase(config);
  const storage = await createFileStorage(config);
  try {
    await migrate(db);
    await ensureSearchIndex(db);
    return await work(new MirrorService(db, storage, { config: config.mirror }));
  } finally {
    storage.close?.();
    await db.close();
  }
}

/** One `FAILED: <plugin_key> <version>: <reason>` line per failed version, as the commands print them. */
export function failureLines(failures: readonly MirrorFailure[]): string {
  return failures.map((f) => `FAILED: ${f.plugin_key} ${f.version ?? ''}: ${f.reason}\n`).join('');
}
