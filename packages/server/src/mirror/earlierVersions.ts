/**
 * The earlier versions a change carries beside a plugin's current one (docs/mirroring.md): each
 * version the mirror does not hold with that signature is checked as the current one is — its
 * signature against the upstream's JWKS (`verifyVersionSignature`), then every file it names hashed
 * (`verifyVersionFiles`) — before anything of it is stored, and then written in its own transaction
 * to the plugin's version history. A version that fails is a failure with its reason and stores
 * nothing of itself; the current version and the other earlier ones do not depend on it. A version
 * held with the same signature costs nothing (no file is read), and a file the mirror's storage
 * already holds with the signed digest (one a later version shares) is not downloaded again.
 */
import type { MirrorEarlierVersion, MirrorVersionChange } from '@plugin-center/contract/schemas';
import { sha256Hex, verifyVersionSignature } from '@plugin-center/contract/signatures';
import { markPluginChanged } from '../db/changes';
import type { Database } from '../db/database';
import { pluginByKey } from '../publishing/data';
import type { FileStorage } from '../shared/storage/fileStorage';
import { UpstreamUnavailableError } from './upstreamHttp';
import { type ChangeSource, putVerifiedFiles, upsertVersion, verifiedFiles } from './versionStore';

/**
 * Stores the earlier versions of `change` the mirror does not hold, when the mirror holds the
 * plugin as mirrored from `source.origin` (else none: a plugin whose current version failed, or a
 * key taken here, gets no history).
 * @param fail - called with each version refused and why.
 * @returns how many versions were stored (added, or their signature brought up to date).
 */
export async function applyEarlierVersions(
  db: Database,
  storage: FileStorage,
  source: ChangeSource,
  change: MirrorVersionChange,
  fail: (version: string, reason: string) => void,
): Promise<number> {
  const earlier = change.earlier_versions ?? [];
  if (earlier.length === 0) return 0;
  const plugin = await pluginByKey(db.kysely, change.plugin_key);
  if (!plugin || plugin.mirrored_from !== source.origin) return 0;
  const held = new Map(
    (
      await db.kysely
        .selectFrom('plugin_version')
        .select(['version', 'signature'])
        .where('plugin_id', '=', plugin.id)
        .execute()
    ).map((row) => [row.version, row.signature]),
  );
  // The current version is the change's own; a number listed twice is taken once (its first).
  const seen = new Set([change.version]);
  let stored = 0;
  for (const version of earlier) {
    if (seen.has(version.version)) continue;
    seen.add(version.version);
    if (held.get(version.version) === version.signature.jws) continue;
    try {
      await storeEarlierVersion(db, storage, source, change.plugin_key, version);
      stored++;
    } catch (caught) {
      if (caught instanceof UpstreamUnavailableError) throw caught;
      fail(version.version, caught instanceof Error ? caught.message : String(caught));
    }
  }
  if (stored > 0) markPluginChanged(db, change.plugin_key);
  return stored;
}

/**
 * Verifies one earlier version and stores it: its files, then its row.
 * @throws Error with the reason it was refused (nothing of it stored).
 */
async function storeEarlierVersion(
  db: Database,
  storage: FileStorage,
  source: ChangeSource,
  pluginKey: string,
  version: MirrorEarlierVersion,
): Promise<void> {
  if (JSON.stringify(version).includes('\\u0000'))
    throw new Error(`the earlier version of ${pluginKey} holds a NUL character`);
  const checked = await verifyVersionSignature(version.signature, source.jwks, {
    plugin_key: pluginKey,
    version: version.version,
  });
  if (!checked.ok) throw new Error(checked.message);
  const held = new Set<string>();
  const bytes = await verifiedFiles(checked.signed, async (file) => {
    const local = await storage.get(file.key);
    if (local && (await sha256Hex(local)) === file.sha256) {
      held.add(file.key);
      return local;
    }
    return source.readFile(file);
  });
  for (const key of held) bytes.delete(key);
  await putVerifiedFiles(storage, bytes);
  await db.kysely.transaction().execute(async (trx) => {
    const plugin = await pluginByKey(trx, pluginKey);
    if (!plugin || plugin.mirrored_from !== source.origin)
      throw new Error(`the key ${pluginKey} is taken here`);
    await upsertVersion(trx, plugin.id, version, checked.signed.approved_at);
  });
}
