/**
 * A plugin's identity: the `id` of its manifest, and what makes two plugins look like one.
 *
 * Ownership rule: a manifest id belongs to the one plugin that holds it (`plugin.manifest_id`,
 * unique, migration 0022), and so to the account owning that plugin. The first publish of an id
 * claims it for its new plugin; an imported catalogue plugin (no owner) holds its catalogue
 * `figma_plugin_id` for the catalogue. A publish or edit whose manifest id another plugin holds is
 * refused with 409 MANIFEST_ID_TAKEN; a publish of an id the same account holds is a new version
 * of that plugin ({@link ownPluginOfManifest}), and an edit of another of its plugins that takes it
 * is refused (one id, one listing). Deleting the holding plugin frees the id; reassigning its
 * owner hands the id over with it.
 *
 * Review matches (shown to administrators): another plugin with the same manifest id, the same
 * normalised name ({@link normalizeName}), or the same normalised repository URL
 * ({@link normalizeRepositoryUrl}, the `technical_support_link` where the catalogue keeps `repo_url`).
 */
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import type { PublishForm } from './form';
import { type ManifestCheck, validateManifest } from './manifest';

type Db = Kysely<DatabaseSchema>;

/** The plugin holding a manifest id, as the refusal names it. */
export interface ManifestIdHolder {
  id: number;
  plugin_key: string;
  name: string;
  owner_id: number | null;
}

/**
 * The identity of a valid manifest: its `id` (a Sketch manifest's `identifier`) as text (a MasterGo
 * numeric id as its decimal digits, surrounding white space removed), or null for a manifest
 * without one (Penpot's).
 */
export function manifestIdOf(check: Extract<ManifestCheck, { ok: true }>): string | null {
  const id =
    check.kind === 'sketch'
      ? (check.manifest as { identifier?: unknown }).identifier
      : (check.manifest as { id?: unknown }).id;
  if (typeof id === 'number') return String(id);
  if (typeof id === 'string' && id.trim() !== '') return id.trim();
  return null;
}

/** The plugin that holds manifest id `manifestId`, or undefined. */
export function manifestIdHolder(db: Db, manifestId: string): Promise<ManifestIdHolder | undefined> {
  return db
    .selectFrom('plugin')
    .select(['id', 'plugin_key', 'name', 'owner_id'])
    .where('manifest_id', '=', manifestId)
    .executeTakeFirst();
}

/**
 * The key of the plugin of account `userId` that holds the manifest id of `form`'s code file, or
 * undefined (no code file, an invalid manifest or one without id, a free id, or an id another
 * account's or the catalogue's plugin holds). A publish of such a form is a new version of that
 * plugin (as `vsce publish` with an extension's id).
 */
export async function ownPluginOfManifest(
  db: Db,
  form: PublishForm,
  userId: number,
): Promise<string | undefined> {
  const bytes = form.files.code_file?.[0];
  if (!bytes) return undefined;
  const manifest = validateManifest(bytes);
  const manifestId = manifest.ok ? manifestIdOf(manifest) : null;
  if (manifestId === null) return undefined;
  const holder = await manifestIdHolder(db, manifestId);
  return holder && holder.owner_id === userId ? holder.plugin_key : undefined;
}

/**
 * The refusal of a manifest id that `holder` holds: 409 MANIFEST_ID_TAKEN on `code_file`, naming
 * the plugin (and, for the caller's own plugin, saying to publish a new version of it instead).
 */
export function manifestIdTaken(manifestId: string, holder: ManifestIdHolder, userId: number): ApiError {
  const own = holder.owner_id === userId;
  return new ApiError(
    ApiErrorCode.MANIFEST_ID_TAKEN,
    `code_file: the manifest id ${manifestId} already belongs to ${own ? 'your' : 'another'} plugin "${holder.name}" (${holder.plugin_key})${own ? '; publish a new version of that plugin instead' : ''}`,
    409,
    'code_file',
  );
}

/**
 * Refuses `manifestId` when a plugin other than `pluginId` holds it.
 * @throws ApiError 409 MANIFEST_ID_TAKEN (see {@link manifestIdTaken})
 */
export async function assertManifestIdFree(
  db: Db,
  manifestId: string | null,
  pluginId: number | undefined,
  userId: number,
): Promise<void> {
  if (manifestId === null) return;
  const holder = await manifestIdHolder(db, manifestId);
  if (holder && holder.id !== pluginId) throw manifestIdTaken(manifestId, holder, userId);
}

/**
 * Whether `error` is the database refusing a second plugin with one manifest id (the unique index
 * `plugin_manifest_id_key`): PostgreSQL's unique violation 23505 on that index, SQLite's
 * `SQLITE_CONSTRAINT_UNIQUE` on `plugin.manifest_id`.
 */
export function isManifestIdConflict(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === '23505') return e.constraint === 'plugin_manifest_id_key';
  return (
    typeof e.code === 'string' &&
    e.code.startsWith('SQLITE_CONSTRAINT') &&
    typeof e.message === 'string' &&
    e.message.includes('plugin.manifest_id')
  );
}

/**
 * A name as review compares it: Unicode NFKC, lower-case, runs of white space as one space, trimmed
 * (`'  ZEBRA '` and `'zebra'` are the same name).
 */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A repository URL as review compares it, for the public code hosts of {@link CODE_HOSTS} (a
 * support page elsewhere is no repository: many plugins of one company share it): scheme
 * (http/https) and `www.` dropped, query and fragment dropped, trailing slashes and `.git`
 * removed, lower-case (these hosts ignore the case of owner and repository names). So
 * `http://GitHub.com/Owner/Repo.git/` and `https://github.com/owner/repo` are the same repository;
 * a sub-folder URL (`…/tree/main/packages/x`, one plugin of a monorepo) stays distinct.
 * @returns the normalised form (`github.com/owner/repo`), or null for anything else
 */
export function normalizeRepositoryUrl(url: string | null): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  if (!CODE_HOSTS.has(host)) return null;
  const path = parsed.pathname
    .toLowerCase()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
  // An owner and a repository at least.
  if (path.split('/').filter(Boolean).length < 2) return null;
  return `${host}${path}`;
}

/** The code hosts whose URLs {@link normalizeRepositoryUrl} compares. */
export const CODE_HOSTS: ReadonlySet<string> = new Set([
  'github.com',
  'gitlab.com',
  'bitbucket.org',
  'gitee.com',
  'codeberg.org',
]);
