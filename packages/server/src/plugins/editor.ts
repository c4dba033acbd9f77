/**
 * The design tool's plugin list ("the editor's side": `GET plugin/user/editor`): every
 * plugin the signed-in user has, as the editor loads it — installed ones and the default-install
 * (silent) plugins of SPEC §1 that the user never uninstalled, each with its last approved version
 * and the URL of its code file and that version's signature (docs/signatures.md). The plugin row always holds the last approved listing (a new
 * version waits in `plugin_submission` until approved, see `publishing/service.ts`), so a submission
 * under review or rejected changes nothing here.
 */
import { ROUTES } from '@plugin-center/contract/routes';
import { ApiErrorCode, type EditorPlugin, type Locale } from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { type FileStorage, STORAGE_KEY } from '../shared/storage/fileStorage';
import { type EditorRow, editorCodeKey, editorRows } from './data/editor';
import { deprecationOf } from './detail';

/** Whether a stored value is the storage key of a code file (`<sha256>.json`). */
const isCodeKey = (key: string | null): key is string =>
  !!key && STORAGE_KEY.test(key) && key.endsWith('.json');

/**
 * The root-relative URL of a plugin's approved code file: `GET plugin/user/editor/code` with its
 * plugin_key (the code file is never served on the public `/api/cmt/file/` path; this route needs
 * the bearer token and serves only plugins of the caller's list); null when it has none.
 */
export function codeFileUrl(pluginKey: string, key: string | null): string | null {
  return isCodeKey(key)
    ? `${ROUTES.plugin.editorCode.path}?plugin_key=${encodeURIComponent(pluginKey)}`
    : null;
}

function toEditorPlugin(row: EditorRow): EditorPlugin {
  return {
    plugin_key: row.plugin_key,
    name: row.t_name ?? row.name,
    icon: row.icon,
    version: row.current_version,
    version_id: row.version_id,
    code_file_url: codeFileUrl(row.plugin_key, row.code_file),
    source: row.installed_time === null ? 'default' : 'installed',
    installed_time: row.installed_time,
    deprecation: deprecationOf(row),
    signature: row.signature && row.signature_kid ? { kid: row.signature_kid, jws: row.signature } : null,
  };
}

/**
 * The user's editor plugins: approved installed plugins, most recently installed first (then
 * plugin_key), followed by the approved default-install plugins with no install or uninstall row of
 * the user, by plugin_key. Names in `lang` when translated. The order is total, so equal states
 * give equal answers (and equal ETags).
 */
export async function listEditorPlugins(
  db: Database,
  userId: number,
  lang?: Locale,
): Promise<EditorPlugin[]> {
  const { installed, defaults } = await editorRows(db, userId, lang);
  const byKey = (a: EditorRow, b: EditorRow) =>
    a.plugin_key < b.plugin_key ? -1 : a.plugin_key > b.plugin_key ? 1 : 0;
  installed.sort((a, b) => (b.installed_time ?? 0) - (a.installed_time ?? 0) || byKey(a, b));
  defaults.sort(byKey);
  return [...installed, ...defaults].map(toEditorPlugin);
}

/**
 * The approved code file (the plugin manifest, JSON bytes as published) of a plugin in the user's
 * editor list (`GET plugin/user/editor/code`).
 *
 * @throws ApiError 404 PLUGIN_NOT_FOUND: no approved plugin with that key in the user's list (not
 *   installed, or an uninstalled default), or it has no code file, or the file is missing from storage.
 */
export async function editorCodeFile(
  db: Database,
  storage: FileStorage,
  userId: number,
  pluginKey: string,
): Promise<Buffer> {
  const row = await editorCodeKey(db, userId, pluginKey);
  const bytes = row && isCodeKey(row.code_file) ? await storage.get(row.code_file) : undefined;
  if (!bytes) {
    throw new ApiError(
      ApiErrorCode.PLUGIN_NOT_FOUND,
      row
        ? `plugin ${JSON.stringify(pluginKey)} has no code file`
        : `no plugin with plugin_key ${JSON.stringify(pluginKey)} among your plugins`,
    );
  }
  return bytes;
}
