/**
 * A plugin's detail and its views (`GET plugin`, `POST plugin/view`; SPEC §3 Plugin, §7): the rules
 * — approved plugins only, 404 otherwise, texts in the asked locale, the short-lived cache — over
 * the queries of `data/detail.ts`.
 */
import {
  ApiErrorCode,
  type Locale,
  type PluginDeprecation,
  type PluginDetail,
} from '@plugin-center/contract/schemas';
import { cachedRead, LIST_RESULT_TTL_MS } from '../cache';
import type { Database } from '../db/database';
import { readFromReplica } from '../db/readReplica';
import { ApiError } from '../errors';
import type { ShareCard } from '../pageMeta';
import { approvedPluginDetailRow, approvedShareRow, countView, parseVersionsJson } from './data/detail';
import { parseTagsJson, type SummaryRow, toSummary } from './data/summaries';

/**
 * The deprecation notice of a detail or editor row (`deprecation_message` null: none), with its
 * approved replacement (`r_key`, `r_name`, read beside it) when it names one.
 */
export function deprecationOf(row: {
  deprecation_message: string | null;
  deprecation_time: number | string | null;
  r_key: string | null;
  r_name: string | null;
}): PluginDeprecation | null {
  if (row.deprecation_message === null) return null;
  return {
    message: row.deprecation_message,
    time: Number(row.deprecation_time ?? 0),
    replacement: row.r_key === null ? null : { plugin_key: row.r_key, name: row.r_name ?? row.r_key },
  };
}

function notFound(pluginKey: string): ApiError {
  return new ApiError(
    ApiErrorCode.PLUGIN_NOT_FOUND,
    `no plugin with plugin_key ${JSON.stringify(pluginKey)}`,
  );
}

/**
 * The detail of an approved plugin (`GET plugin`, SPEC §3): every field, tags, history versions
 * newest first; texts in `lang` when a translation exists. `is_praise` / `is_installed` / `is_owner` are false
 * here (the route fills in the caller's, see `userActions.ts`). One statement (the row with its tags
 * and versions as JSON, `data/detail.ts` approvedPluginDetailRow), the answer reused for {@link LIST_RESULT_TTL_MS} unless this process writes the
 * catalogue or marks the plugin changed (a view, install or like; `db/changes.ts`). Read from the
 * read replica when it has replayed every change of the catalogue and of this plugin the process
 * has seen (`db/readReplica.ts`), else from the primary.
 *
 * @throws ApiError PLUGIN_NOT_FOUND (404) when no approved plugin has that key.
 */
export async function getPluginDetail(db: Database, pluginKey: string, lang?: Locale): Promise<PluginDetail> {
  return cachedRead(
    db,
    `detail\u0000${pluginKey}\u0000${lang ?? ''}`,
    () =>
      readFromReplica(db, { kind: 'plugin', key: pluginKey }, (reader) =>
        readPluginDetail(reader, pluginKey, lang),
      ),
    {
      ttl: LIST_RESULT_TTL_MS,
      pluginKey,
    },
  );
}

async function readPluginDetail(db: Database, pluginKey: string, lang?: Locale): Promise<PluginDetail> {
  const row = await approvedPluginDetailRow(db, pluginKey, lang);
  if (!row) throw notFound(pluginKey);
  const versions = parseVersionsJson(row.versions_json);
  return {
    ...toSummary(row as SummaryRow, parseTagsJson(row.tags_json)),
    description: row.t_description ?? row.description,
    video: row.video,
    images: JSON.parse(String(row.images)) as string[],
    cover: {
      center: row.cover_center,
      panel: row.cover_panel,
      reuse_center_cover: row.reuse_center_cover === 1,
    },
    code_file: row.code_file,
    contact: row.contact,
    version_content: row.version_content,
    copyright_holder: { type: row.copyright_type, name: row.copyright_name },
    technical_support_link: row.technical_support_link,
    homepage: row.homepage,
    license: row.license,
    repository: row.repository,
    unlisted: row.unlisted_at !== null,
    deprecation: deprecationOf(row),
    mirror: row.mirrored_from
      ? {
          from: row.mirrored_from,
          publisher: row.mirror_publisher
            ? (JSON.parse(row.mirror_publisher) as NonNullable<PluginDetail['mirror']>['publisher'])
            : null,
        }
      : null,
    source: row.source,
    review_status: row.review_status as PluginDetail['review_status'],
    is_default_install: row.is_default_install === 1,
    is_praise: false,
    is_installed: false,
    is_owner: false,
    versions,
  };
}

/**
 * A view of an approved plugin (`POST plugin/view`) by `visitor`, counted once per visitor, plugin
 * and UTC day (see `countView`); the plugin's cached details are stale afterwards in this process.
 *
 * @param now - the server's clock, ms (the day of the view)
 * @returns the view count after this view (unchanged when this visitor was already counted today).
 * @throws ApiError PLUGIN_NOT_FOUND (404) when no approved plugin has that key.
 */
export async function recordView(
  db: Database,
  pluginKey: string,
  visitor: string,
  now: number,
): Promise<number> {
  const count = await countView(db, pluginKey, visitor, now);
  if (count === undefined) throw notFound(pluginKey);
  return count;
}

/**
 * The texts and picture of an approved plugin's shared link (the server-rendered `<title>`,
 * description and Open Graph tags of `/plugins/detail/<key>`), in `lang` where a translation
 * exists (`ShareCardLookup` of `pageMeta.ts`). One indexed query, uncached (the page is
 * revalidated on every load).
 *
 * @returns undefined when no approved plugin has that key
 */
export async function getShareCard(
  db: Database,
  pluginKey: string,
  lang: Locale,
): Promise<ShareCard | undefined> {
  const row = await readFromReplica(db, { kind: 'plugin', key: pluginKey }, (reader) =>
    approvedShareRow(reader, pluginKey, lang),
  );
  if (!row) return undefined;
  return {
    name: row.t_name ?? row.name,
    intro: row.t_intro ?? row.intro,
    image: row.cover_center || row.icon || null,
    imageIsCover: Boolean(row.cover_center),
  };
}
