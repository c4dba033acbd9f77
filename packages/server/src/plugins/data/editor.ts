/**
 * The queries of the design tool's plugin list (the editor's side; the rules are in
 * `../editor.ts`): the user's installed plugins and the default-install plugins they never
 * uninstalled, each with its approved listing's version row and its deprecation (unlisted plugins
 * included: unlisting only hides a plugin from the square). Two indexed reads, whatever the
 * catalogue's size: the user's `plugin_install` rows (primary key `(user_id, plugin_id)`) and the
 * flagged plugins (`plugin_default_install_idx`, migration 0017).
 */
import { type Locale, ReviewStatus } from '@plugin-center/contract/schemas';
import type { Database } from '../../db/database';
import { userHasRow } from './userRows';

/** One plugin of the editor list as read. */
export interface EditorRow {
  id: number;
  plugin_key: string;
  name: string;
  /** The name in the requested locale, when a translation exists. */
  t_name: string | null;
  icon: string | null;
  current_version: string | null;
  /** Id of the `plugin_version` row of `current_version`, null when there is none. */
  version_id: number | null;
  /** That version's compact JWS and its key id, null when unsigned or without a version row. */
  signature: string | null;
  signature_kid: string | null;
  /** Storage key of the approved code file (`<sha256>.json`), or null. */
  code_file: string | null;
  /** ms when the user installed it; null for a default-install plugin without an install row. */
  installed_time: number | null;
  /** The deprecation (migration 0036): message and ms, null when not deprecated. */
  deprecation_message: string | null;
  deprecation_time: number | null;
  /** Key and name of the approved replacement of a deprecated plugin, else null. */
  r_key: string | null;
  r_name: string | null;
}

/**
 * The approved plugins the user has installed (`installed`) and the approved default-install plugins
 * with neither an install nor an uninstall row of the user (`defaults`), in no particular order.
 */
export async function editorRows(
  db: Database,
  userId: number,
  lang?: Locale,
): Promise<{ installed: EditorRow[]; defaults: EditorRow[] }> {
  const base = () => {
    const q = db.kysely
      .selectFrom('plugin as p')
      .leftJoin('plugin_version as v', (join) =>
        join.onRef('v.plugin_id', '=', 'p.id').onRef('v.version', '=', 'p.current_version'),
      )
      .leftJoin('plugin as r', (join) =>
        join.onRef('r.id', '=', 'p.replacement_plugin_id').on('r.review_status', '=', ReviewStatus.APPROVED),
      )
      .select([
        'p.id',
        'p.plugin_key',
        'p.name',
        'p.icon',
        'p.current_version',
        'p.code_file',
        'v.id as version_id',
        'v.signature',
        'v.signature_kid',
        'p.deprecation_message',
        'p.deprecation_time',
        'r.plugin_key as r_key',
        'r.name as r_name',
      ])
      .where('p.review_status', '=', ReviewStatus.APPROVED);
    return lang
      ? q
          .leftJoin('plugin_translation as t', (join) =>
            join.onRef('t.plugin_id', '=', 'p.id').on('t.locale', '=', lang),
          )
          .select('t.name as t_name')
      : q.select((eb) => eb.val<string | null>(null).as('t_name'));
  };
  const [installed, defaults] = await Promise.all([
    base()
      .innerJoin('plugin_install as i', 'i.plugin_id', 'p.id')
      .select('i.create_time as installed_time')
      .where('i.user_id', '=', userId)
      .execute(),
    base()
      .select((eb) => eb.val<number | null>(null).as('installed_time'))
      .where('p.is_default_install', '=', 1)
      .where((eb) =>
        eb.not(
          eb.or([userHasRow(eb, 'plugin_install', userId), userHasRow(eb, 'plugin_uninstall', userId)]),
        ),
      )
      .execute(),
  ]);
  const norm = (r: (typeof installed)[number] | (typeof defaults)[number]): EditorRow => ({
    id: Number(r.id),
    plugin_key: r.plugin_key,
    name: r.name,
    t_name: (r.t_name as string | null | undefined) ?? null,
    icon: r.icon,
    current_version: r.current_version,
    version_id: r.version_id === null ? null : Number(r.version_id),
    signature: r.signature ?? null,
    signature_kid: r.signature_kid ?? null,
    code_file: r.code_file,
    installed_time: r.installed_time === null ? null : Number(r.installed_time),
    deprecation_message: r.deprecation_message,
    deprecation_time: r.deprecation_time === null ? null : Number(r.deprecation_time),
    r_key: r.r_key,
    r_name: r.r_name,
  });
  return { installed: installed.map(norm), defaults: defaults.map(norm) };
}

/**
 * The approved code file key of the plugin with `pluginKey` when it is in the user's editor list
 * (approved, and installed by the user or default-install without an uninstall row of the user):
 * `{ code_file }` (null when it has none), or undefined when it is not in the list.
 */
export async function editorCodeKey(
  db: Database,
  userId: number,
  pluginKey: string,
): Promise<{ code_file: string | null } | undefined> {
  return db.kysely
    .selectFrom('plugin as p')
    .select('p.code_file')
    .where('p.plugin_key', '=', pluginKey)
    .where('p.review_status', '=', ReviewStatus.APPROVED)
    .where((eb) =>
      eb.or([
        userHasRow(eb, 'plugin_install', userId),
        eb.and([eb('p.is_default_install', '=', 1), eb.not(userHasRow(eb, 'plugin_uninstall', userId))]),
      ]),
    )
    .executeTakeFirst();
}
