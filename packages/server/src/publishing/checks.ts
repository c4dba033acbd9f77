/**
 * What a publish or an edit checks before anything is written: the form's texts (link, semantic
 * version, copyright holder, the admin-only fields) and the automated checks on its files (types
 * from the bytes, sizes, image dimensions and ratios, the manifest schema) with the flags for the
 * reviewer (a name close to another plugin's, credentials in the code file).
 */
import { isAdminRole, type PluginPlatform, PUBLISH_LIMITS } from '@plugin-center/contract';
import { ApiErrorCode, type CheckResult, type PublishFields } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import semver from 'semver';
import type { DatabaseSchema } from '../db/schema';
import { ApiError } from '../errors';
import { accountName } from '../shared/accounts';
import type { AuthUser } from '../shared/auth';
import { fileKey } from '../shared/storage/fileKeys';
import { normalizeTagCode } from '../shared/tags';
import { checkContact, checkLink, cleanText, hiddenTextCheck, refuseHidden } from '../shared/textHygiene';
import { checkImage, checkName, checkSecrets, checkVideo, sniffVideo } from '../shared/uploadChecks';
import { otherPluginNames } from './data';
import type { PublishForm } from './form';
import { manifestIdOf } from './identity';
import { manifestPlatforms, validateManifest } from './manifest';
import type { ListingTexts, SubmissionFiles } from './submissions';

type Db = Kysely<DatabaseSchema>;

/** The texts of a submission row as a form gives them. */
export interface SubmissionTexts extends ListingTexts {
  tags: string;
  version: string;
  version_content: string;
}

const bool = (flag: string | undefined): boolean => flag === '1' || flag === 'true';

/** 400 UPLOAD_REJECTED for `field`. */
export const fail = (field: string, detail: string) =>
  new ApiError(ApiErrorCode.UPLOAD_REJECTED, `${field}: ${detail}`, 400, field);

/**
 * Runs the automated checks on a form's files and name:
 * types from the bytes, sizes, image pixel bounds, structure and ratios (each image decoded and
 * re-encoded, `shared/uploadChecks.ts` `checkImage`), the manifest schema; then flags for the
 * reviewer (a name close to another plugin's, credentials in the code file, and — only when there
 * were any — hidden characters removed from the texts).
 *
 * @returns the check results, the bytes to store (the re-encoded images) by key, and the uploaded
 *   manifest's id (`manifestId`: null for a manifest without one, undefined when no code file was
 *   uploaded) and the design tools it is for (`manifestPlatforms`: `manifest.ts` manifestPlatforms,
 *   undefined when no code file was uploaded)
 * @throws ApiError 400 UPLOAD_REJECTED (with `field`) on the first failing check
 */
export async function runChecks(
  db: Db,
  form: PublishForm,
  pluginId: number | undefined,
  requireCode: boolean,
): Promise<{
  checks: CheckResult[];
  uploads: Map<string, Buffer>;
  keys: Partial<SubmissionFiles>;
  manifestId: string | null | undefined;
  manifestPlatforms: PluginPlatform[] | undefined;
}> {
  const checks: CheckResult[] = [];
  let manifestId: string | null | undefined;
  let platforms: PluginPlatform[] | undefined;
  const uploads = new Map<string, Buffer>();
  const keys: Partial<SubmissionFiles> = {};
  // The stored image is the checked one, re-encoded (see `checkImage`): its key is of those bytes.
  const image = async (field: 'icon' | 'cover_center' | 'cover_panel' | 'images', bytes: Buffer) => {
    const kind = field === 'icon' ? 'icon' : field === 'images' ? 'image' : 'cover';
    const checked = await checkImage(bytes, kind, field);
    if (!checked.ok) throw fail(field, checked.reason);
    checks.push(checked.check);
    const key = fileKey(checked.image.bytes, checked.image.type);
    uploads.set(key, checked.image.bytes);
    return key;
  };
  const { files } = form;
  const media = (files.images?.length ?? 0) + (files.video ? 1 : 0);
  if (media > PUBLISH_LIMITS.MEDIA)
    throw fail('images', `at most ${PUBLISH_LIMITS.MEDIA} images and videos in total`);
  if (files.icon) keys.icon = await image('icon', files.icon[0]!);
  if (files.cover_center) keys.cover_center = await image('cover_center', files.cover_center[0]!);
  if (files.cover_panel) keys.cover_panel = await image('cover_panel', files.cover_panel[0]!);
  if (files.images) {
    keys.images = [];
    for (const bytes of files.images) keys.images.push(await image('images', bytes));
  }
  if (files.video) {
    const bytes = files.video[0]!;
    const result = checkVideo(bytes);
    if (result.status === 'fail') throw fail('video', result.detail.replace(/^video: /, ''));
    checks.push(result);
    const key = fileKey(bytes, sniffVideo(bytes)!);
    uploads.set(key, bytes);
    keys.video = key;
  }
  if (files.code_file) {
    const bytes = files.code_file[0]!;
    const manifest = validateManifest(bytes);
    if (!manifest.ok) {
      const first = manifest.problems[0]!;
      throw fail('code_file', `${first.path || 'manifest'} ${first.message}`.trim());
    }
    checks.push({ check: 'manifest', status: 'pass', detail: `a valid ${manifest.kind} manifest` });
    manifestId = manifestIdOf(manifest);
    platforms = manifestPlatforms(manifest);
    checks.push(checkSecrets(new TextDecoder().decode(bytes)));
    const key = fileKey(bytes, 'json');
    uploads.set(key, bytes);
    keys.code_file = key;
  } else if (requireCode) {
    throw fail('code_file', 'the code file (manifest.json) is required');
  }
  checks.push(checkName(form.fields.name, await otherPluginNames(db, pluginId)));
  const { intro, description, version_content } = form.fields;
  const hidden = hiddenTextCheck({ intro, description, version_content });
  if (hidden.status !== 'pass') checks.push(hidden);
  return { checks, uploads, keys, manifestId, manifestPlatforms: platforms };
}

/**
 * The submission fields of a form (admin-only fields applied for administrators only, SPEC §5),
 * by the shared text rules (`shared/textHygiene.ts`): the name, developer, copyright holder and
 * tags refused with invisible or bidirectional control characters; intro, description and version
 * notes stored without them; the support link, homepage and repository by the one link rule, stored
 * normalised; the licence refused with hidden characters; the contact by the contact rule.
 * @throws ApiError 400 INVALID_PARAMETER (with `field`) for a hidden character in a name-like
 *   field, a bad link ('Wrong url, please try again') or contact, an intro, description or version
 *   notes empty once cleaned, a bad version or copyright holder
 */
export async function submissionTexts(
  db: Db,
  user: AuthUser,
  fields: PublishFields,
): Promise<SubmissionTexts> {
  const admin = isAdminRole(user.role);
  const developer = admin && fields.developer ? fields.developer : await accountName(db, user.user_id);
  refuseHidden('name', fields.name);
  if (admin) refuseHidden('developer', fields.developer);
  refuseHidden('copyright_name', fields.copyright_name);
  for (const tag of fields.tags ?? []) refuseHidden('tags', tag);
  const url =
    fields.technical_support_link === undefined
      ? undefined
      : checkLink('technical_support_link', fields.technical_support_link);
  const contact = fields.contact === undefined ? undefined : checkContact('contact', fields.contact);
  const link = (field: 'homepage' | 'repository') => {
    const value = fields[field];
    return value === undefined ? null : checkLink(field, value);
  };
  refuseHidden('license', fields.license);
  const intro = cleanText(fields.intro, true);
  const description = cleanText(fields.description);
  const versionContent = cleanText(fields.version_content, true);
  for (const [field, value] of [
    ['intro', intro],
    ['description', description],
    ['version_content', versionContent],
  ] as const)
    if (value.trim() === '')
      throw new ApiError(ApiErrorCode.INVALID_PARAMETER, `${field}: is required`, 400, field);
  if (!semver.valid(fields.version))
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      'version: must be a semantic version such as 1.0.0',
      400,
      'version',
    );
  const copyrightType = fields.copyright_type ?? 'author';
  if (copyrightType === 'custom' && !fields.copyright_name)
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      'copyright_name: is required for a custom copyright holder',
      400,
      'copyright_name',
    );
  return {
    name: fields.name,
    intro,
    description,
    tags: JSON.stringify([...new Set((fields.tags ?? []).map(normalizeTagCode).filter(Boolean))]),
    contact: contact ?? null,
    version: semver.valid(fields.version)!,
    version_content: versionContent,
    copyright_type: copyrightType,
    copyright_name: copyrightType === 'custom' ? (fields.copyright_name ?? null) : null,
    developer: developer || null,
    technical_support_link: url ?? null,
    license: fields.license?.trim() || null,
    homepage: link('homepage'),
    repository: link('repository'),
    reuse_center_cover: bool(fields.reuse_center_cover) ? 1 : 0,
    is_default_install: admin && bool(fields.is_default_install) ? 1 : 0,
  };
}
