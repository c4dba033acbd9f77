/**
 * The rules of a new version (an edit, or a publish of a manifest id the account already owns):
 * who may submit one, that its version increases, and what it carries over from the latest
 * submission.
 */
import { isAdminRole, PUBLISH_LIMITS } from '@plugin-center/contract';
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import semver from 'semver';
import { ApiError } from '../errors';
import type { AuthUser } from '../shared/auth';
import { keyOf } from '../shared/storage/fileKeys';
import { fail, type SubmissionTexts } from './checks';
import type { PluginRow, SubmissionRow } from './data';
import type { SubmissionFiles } from './submissions';

/**
 * `plugin` when `user` may edit it (its owner, or an administrator).
 * @throws ApiError 404 PLUGIN_NOT_FOUND (no plugin), 403 FORBIDDEN (someone else's plugin)
 */
export function allowedPlugin(plugin: PluginRow | undefined, key: string, user: AuthUser): PluginRow {
  if (!plugin) throw new ApiError(ApiErrorCode.PLUGIN_NOT_FOUND, `no plugin with plugin_key ${key}`);
  if (plugin.owner_id !== user.user_id && !isAdminRole(user.role))
    throw new ApiError(ApiErrorCode.FORBIDDEN, 'Current account has no permission');
  return plugin;
}

/**
 * Checks that an edit's `version` is greater (semver) than both the plugin's latest submitted one
 * (`previous`) and its live one.
 * @throws ApiError 409 VERSION_NOT_INCREASED (field `version`)
 */
export function checkVersionIncreased(
  version: string,
  plugin: PluginRow,
  previous: SubmissionRow | undefined,
): void {
  const last = [previous?.version, plugin.current_version].filter(
    (v): v is string => !!v && !!semver.valid(v),
  );
  const highest = last.sort(semver.rcompare)[0];
  if (highest && !semver.gt(version, highest))
    throw new ApiError(
      ApiErrorCode.VERSION_NOT_INCREASED,
      `version: must be greater than ${highest}`,
      409,
      'version',
    );
}

/**
 * The texts and files of an edit of `plugin` whose latest submission is `previous`: files left out
 * are carried over from `previous` (else the live listing); an author's edit keeps the plugin's
 * default-install flag (the administrators' to set, so approving it does not undo
 * `PUT plugin/silent_install`) and its developer unless it names one. `reuseGiven` false (the form
 * left `reuse_center_cover` out, as the CLI does when its listing does not say): the previous choice
 * of reusing the centre cover as the panel cover is kept, like a file left out.
 * @throws ApiError 400 UPLOAD_REJECTED (field `code_file`: no code file at all; field `images`:
 *   more than `PUBLISH_LIMITS.MEDIA` images and videos)
 */
export function editedSubmission(
  texts: SubmissionTexts,
  keys: Partial<SubmissionFiles>,
  plugin: PluginRow,
  previous: SubmissionRow | undefined,
  admin: boolean,
  reuseGiven = true,
): { texts: SubmissionTexts; files: SubmissionFiles } {
  if (!reuseGiven)
    texts = { ...texts, reuse_center_cover: previous?.reuse_center_cover ?? plugin.reuse_center_cover };
  const files: SubmissionFiles = {
    icon: keys.icon ?? previous?.icon ?? keyOf(plugin.icon),
    cover_center: keys.cover_center ?? previous?.cover_center ?? keyOf(plugin.cover_center),
    cover_panel: keys.cover_panel ?? previous?.cover_panel ?? keyOf(plugin.cover_panel),
    video: keys.video ?? previous?.video ?? keyOf(plugin.video),
    images: keys.images ?? (previous ? (JSON.parse(previous.images) as string[]) : []),
    code_file: keys.code_file ?? previous?.code_file ?? plugin.code_file,
  };
  if (!files.code_file) throw fail('code_file', 'the code file (manifest.json) is required');
  if (files.images.length + (files.video ? 1 : 0) > PUBLISH_LIMITS.MEDIA)
    throw fail('images', `at most ${PUBLISH_LIMITS.MEDIA} images and videos in total`);
  if (admin) return { texts, files };
  return {
    texts: {
      ...texts,
      is_default_install: plugin.is_default_install,
      ...(plugin.developer ? { developer: texts.developer ?? plugin.developer } : {}),
    },
    files,
  };
}
