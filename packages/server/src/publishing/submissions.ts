/**
 * Submissions as the wire shows them (`Submission`, `SubmissionPage`): the author's own list, the
 * review list and the answer to a publish, edit or review decision; and the plugin-row columns a
 * submission sets when it goes live.
 */
import { PAGE_SIZE } from '@plugin-center/contract';
import type {
  CheckResult,
  FieldChange,
  FieldChangeKind,
  ListingState,
  Submission,
  SubmissionPage,
} from '@plugin-center/contract/schemas';
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import { decodeCursor, encodeCursor } from '../shared/cursor';
import { fileUrl } from '../shared/storage/fileKeys';
import {
  isApproved,
  listSubmissions,
  type PluginRow,
  pluginsByIds,
  pluginTagCodes,
  type SubmissionFilter,
  type SubmissionListRow,
  type SubmissionRow,
  submissionById,
  tagCodesByPlugin,
} from './data';
import { listingStates } from './listingState';

type Db = Kysely<DatabaseSchema>;

/** The stored files of a submission, as keys (new uploads) or values carried over. */
export interface SubmissionFiles {
  icon: string | null;
  cover_center: string | null;
  cover_panel: string | null;
  video: string | null;
  images: string[];
  code_file: string | null;
}

/** The listing texts and flags of a submission (as stored in its row). */
export interface ListingTexts {
  name: string;
  intro: string;
  description: string;
  contact: string | null;
  copyright_type: 'author' | 'custom';
  copyright_name: string | null;
  developer: string | null;
  technical_support_link: string | null;
  license: string | null;
  homepage: string | null;
  repository: string | null;
  reuse_center_cover: number;
  is_default_install: number;
}

const cursorQuery = (name: string) => `publishing:${name}`;

/**
 * A page of submissions by `filter`, newest first, with the total; `query` names the list for its
 * cursors (a cursor continues only the list it was issued for).
 */
export async function submissionPage(
  db: Db,
  filter: SubmissionFilter,
  query: string,
  cursor: string | undefined,
  pageSize: number = PAGE_SIZE.DEFAULT,
): Promise<SubmissionPage> {
  const fingerprint = cursorQuery(query);
  const beforeId = cursor ? decodeCursor(cursor, fingerprint, 1)[0] : undefined;
  const { rows, total } = await listSubmissions(db, filter, beforeId, pageSize);
  const plugins = await pluginsByIds(
    db,
    rows.map((r) => r.plugin_id),
  );
  const tags = await tagCodesByPlugin(
    db,
    rows.filter((r) => isApproved(plugins.get(r.plugin_id)!)).map((r) => r.plugin_id),
  );
  const listing = await listingStates(db, [...plugins.values()]);
  const list = rows.map((row) =>
    toWire(row, plugins.get(row.plugin_id)!, tags.get(row.plugin_id) ?? [], listing.get(row.plugin_id)!),
  );
  const last = rows.at(-1);
  return {
    submission_list: list,
    total,
    next_cursor: rows.length === pageSize && last ? encodeCursor(fingerprint, [last.id]) : null,
  };
}

/** One submission on the wire. @throws ApiError 404 PLUGIN_NOT_FOUND when it no longer exists */
export async function submissionOf(db: Db, id: number): Promise<Submission> {
  const row = await submissionById(db, id);
  if (!row) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, 'the submission no longer exists');
  const plugin = (await pluginsByIds(db, [row.plugin_id])).get(row.plugin_id)!;
  const listing = (await listingStates(db, [plugin])).get(plugin.id)!;
  return toWire(row, plugin, isApproved(plugin) ? await pluginTagCodes(db, plugin.id) : [], listing);
}

/**
 * The plugin-row columns a submission sets (live listing texts and file URLs). The search
 * documents are left to approval (`refreshSearchIndex`, with the tags): only approved plugins
 * are searched.
 */
export function livePluginColumns(texts: ListingTexts, files: SubmissionFiles) {
  return {
    name: texts.name,
    intro: texts.intro,
    description: texts.description,
    contact: texts.contact,
    copyright_type: texts.copyright_type,
    copyright_name: texts.copyright_name,
    developer: texts.developer,
    technical_support_link: texts.technical_support_link,
    license: texts.license,
    homepage: texts.homepage,
    repository: texts.repository,
    reuse_center_cover: texts.reuse_center_cover,
    is_default_install: texts.is_default_install,
    icon: fileUrl(files.icon),
    cover_center: fileUrl(files.cover_center),
    cover_panel: fileUrl(texts.reuse_center_cover ? files.cover_center : files.cover_panel),
    video: fileUrl(files.video),
    images: JSON.stringify(files.images.map((key) => fileUrl(key)!)),
    code_file: files.code_file,
  };
}

/**
 * A submission on the wire; `liveTags`: the live listing's tag codes (for the changes); `listing`:
 * the plugin's listing state now.
 */
function toWire(
  row: SubmissionListRow,
  plugin: PluginRow,
  liveTags: readonly string[],
  listing: ListingState,
): Submission {
  const live = isApproved(plugin);
  const tags = JSON.parse(row.tags) as string[];
  return {
    id: row.id,
    plugin_key: row.plugin_key,
    name: row.name,
    intro: row.intro,
    description: row.description,
    tags,
    platforms: submissionPlatforms(row, plugin),
    icon: fileUrl(row.icon),
    cover_center: fileUrl(row.cover_center),
    cover_panel: fileUrl(row.reuse_center_cover ? row.cover_center : row.cover_panel),
    reuse_center_cover: row.reuse_center_cover === 1,
    video: fileUrl(row.video),
    images: (JSON.parse(row.images) as string[]).map((k) => fileUrl(k)!),
    has_code_file: row.code_file !== null,
    contact: row.contact,
    version: row.version,
    version_content: row.version_content,
    copyright_type: row.copyright_type,
    copyright_name: row.copyright_name,
    developer: row.developer,
    technical_support_link: row.technical_support_link,
    license: row.license,
    homepage: row.homepage,
    repository: row.repository,
    is_default_install: row.is_default_install === 1,
    review_status: row.status as Submission['review_status'],
    reject_reason: row.reject_reason,
    checks: JSON.parse(row.checks) as CheckResult[],
    live_version: live ? plugin.current_version : null,
    changes: live ? changesOf(row, plugin, liveTags) : [],
    submitter:
      row.submitter_id === null ? null : { user_id: row.submitter_id, nick_name: row.submitter_name ?? '' },
    create_time: Number(row.create_time),
    review_time: row.review_time === null ? null : Number(row.review_time),
    listing,
  };
}

/**
 * The design tools a submission declares: its own (migration 0041), or for a submission from
 * before they were recorded the plugin's (which its approval leaves as they are).
 */
export function submissionPlatforms(
  row: Pick<SubmissionRow, 'platforms'>,
  plugin: Pick<PluginRow, 'platforms'>,
): string[] {
  return JSON.parse(row.platforms ?? plugin.platforms) as string[];
}

/** Who holds the copyright as the listing says it: `author` (the developer) or the custom holder's name. */
const copyrightOf = (r: Pick<PluginRow, 'copyright_type' | 'copyright_name'>) =>
  r.copyright_type === 'custom' ? (r.copyright_name ?? '') : 'author';

/**
 * The fields in which a submission differs from the live listing, each with its kind: texts (cut to
 * 500 characters), the icon and covers (URLs; the panel cover as shown, the center cover when
 * `reuse_center_cover` is set), the gallery (URLs one per line, and as lists), the video (URL) and
 * the code file (content keys), the design tools (codes joined by `, `), the copyright holder (`author` or the custom name). Not the version
 * notes: each version has its own (the preview shows them).
 */
function changesOf(row: SubmissionRow, plugin: PluginRow, liveTags: readonly string[]): FieldChange[] {
  const cut = (v: string | null) => (v === null ? null : v.length > 500 ? `${v.slice(0, 500)}…` : v);
  const out: FieldChange[] = [];
  const compare = (field: string, kind: FieldChangeKind, before: string | null, after: string | null) => {
    if ((before ?? '') === (after ?? '')) return;
    if (kind === 'text') out.push({ field, kind, before: cut(before), after: cut(after) });
    else out.push({ field, kind, before: before || null, after: after || null });
  };
  const text = (field: string, before: string | null, after: string | null) =>
    compare(field, 'text', before, after);
  text('version', plugin.current_version, row.version);
  text('name', plugin.name, row.name);
  text('intro', plugin.intro, row.intro);
  text('description', plugin.description, row.description);
  text('tags', liveTags.join(', '), (JSON.parse(row.tags) as string[]).join(', '));
  text(
    'platforms',
    (JSON.parse(plugin.platforms) as string[]).join(', '),
    submissionPlatforms(row, plugin).join(', '),
  );
  compare('icon', 'image', plugin.icon, fileUrl(row.icon));
  compare('cover_center', 'image', plugin.cover_center, fileUrl(row.cover_center));
  compare(
    'cover_panel',
    'image',
    plugin.reuse_center_cover ? plugin.cover_center : plugin.cover_panel,
    fileUrl(row.reuse_center_cover ? row.cover_center : row.cover_panel),
  );
  const liveImages = JSON.parse(plugin.images) as string[];
  const images = (JSON.parse(row.images) as string[]).map((key) => fileUrl(key)!);
  if (liveImages.join('\n') !== images.join('\n')) {
    out.push({
      field: 'images',
      kind: 'images',
      before: liveImages.join('\n') || null,
      after: images.join('\n') || null,
      before_list: liveImages,
      after_list: images,
    });
  }
  compare('video', 'video', plugin.video, fileUrl(row.video));
  compare('code_file', 'file', plugin.code_file, row.code_file);
  text('contact', plugin.contact, row.contact);
  text('developer', plugin.developer, row.developer);
  text('copyright', copyrightOf(plugin), copyrightOf(row));
  text('technical_support_link', plugin.technical_support_link, row.technical_support_link);
  text('license', plugin.license, row.license);
  text('homepage', plugin.homepage, row.homepage);
  text('repository', plugin.repository, row.repository);
  return out;
}
