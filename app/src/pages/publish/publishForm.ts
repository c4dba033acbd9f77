/**
 * The publish form's values and the multipart body built from them (SPEC §3 plugin
 * fields): text fields named exactly as the contract's `PublishFields`, files as `icon`,
 * `cover_center`, `cover_panel`, `video`, `images` (repeated) and `code_file`, `tags` and
 * `platforms` repeated.
 *
 * @packageDocumentation
 */
import { PLUGIN_PLATFORMS, type PluginPlatform, type Submission } from '@plugin-center/contract';

/** The text and choice fields of the form (SPEC §3), as edited. */
export interface PublishValues {
  name: string;
  intro: string;
  /** Markdown. */
  description: string;
  /** At most `PUBLISH_LIMITS.TAGS`, each at most `PUBLISH_LIMITS.TAG` characters. */
  tags: string[];
  /**
   * The design tools chosen (codes of `PLUGIN_PLATFORMS`, each once); none chosen: the server reads
   * them from the manifest (on an edit without a new code file, the previous version's stay).
   */
  platforms: PluginPlatform[];
  contact: string;
  /** Semver, e.g. `1.0.0`. */
  version: string;
  /** The version description. */
  version_content: string;
  copyright_type: 'author' | 'custom';
  /** The custom copyright holder's name (sent only with `copyright_type` `custom`). */
  copyright_name: string;
  /** http(s) URL or empty. */
  technical_support_link: string;
  /** The licence's name (e.g. `MIT`) or empty. */
  license: string;
  /** http(s) URL or empty. */
  homepage: string;
  /** The source repository, http(s) URL or empty. */
  repository: string;
  /** Use the plugin center cover as the panel cover too. */
  reuse_center_cover: boolean;
  /** Admin only: the developer name shown instead of the author's nick name. */
  developer: string;
  /** Admin only: silent (default) install. */
  is_default_install: boolean;
}

/** The files chosen in the form; `null` / empty keeps the previous file on edit. */
export interface PublishFiles {
  icon: File | null;
  cover_center: File | null;
  cover_panel: File | null;
  video: File | null;
  /** Chosen images; when any are chosen they replace the previous images. */
  images: File[];
  code_file: File | null;
}

/** The names of the form's fields: every key the server's error `field` may name. */
export type PublishFieldName = keyof PublishValues | keyof PublishFiles;

/** An empty form (new plugin). */
export const EMPTY_VALUES: PublishValues = {
  name: '',
  intro: '',
  description: '',
  tags: [],
  platforms: [],
  contact: '',
  version: '1.0.0',
  version_content: '',
  copyright_type: 'author',
  copyright_name: '',
  technical_support_link: '',
  license: '',
  homepage: '',
  repository: '',
  reuse_center_cover: false,
  developer: '',
  is_default_install: false,
};

/** No files chosen. */
export const NO_FILES: PublishFiles = {
  icon: null,
  cover_center: null,
  cover_panel: null,
  video: null,
  images: [],
  code_file: null,
};

/** The form's values prefilled from a submission (edit). */
export function valuesFromSubmission(s: Submission): PublishValues {
  return {
    name: s.name,
    intro: s.intro,
    description: s.description,
    tags: [...s.tags],
    platforms: s.platforms.filter((code): code is PluginPlatform =>
      (PLUGIN_PLATFORMS as readonly string[]).includes(code),
    ),
    contact: s.contact ?? '',
    version: s.version,
    version_content: '',
    copyright_type: s.copyright_type,
    copyright_name: s.copyright_name ?? '',
    technical_support_link: s.technical_support_link ?? '',
    license: s.license ?? '',
    homepage: s.homepage ?? '',
    repository: s.repository ?? '',
    reuse_center_cover: s.reuse_center_cover,
    developer: s.developer ?? '',
    is_default_install: s.is_default_install,
  };
}

/**
 * The multipart body of `POST` / `PUT /api/cmt/plugin`.
 *
 * @param values - the form's values (texts are trimmed, empty optional ones left out)
 * @param files - the chosen files (absent ones are not sent: on edit the server keeps the previous file)
 * @param options - `pluginKey` on edit; `isAdmin` adds `developer` and `is_default_install`
 *   (a general user's would be ignored by the server anyway, SPEC §5)
 */
export function buildPublishForm(
  values: PublishValues,
  files: PublishFiles,
  options: { isAdmin: boolean; pluginKey?: string },
): FormData {
  const form = new FormData();
  const text = (name: string, value: string, optional = false) => {
    const v = value.trim();
    if (!optional || v !== '') form.append(name, v);
  };
  if (options.pluginKey) form.append('plugin_key', options.pluginKey);
  text('name', values.name);
  text('intro', values.intro);
  form.append('description', values.description);
  for (const tag of values.tags) form.append('tags', tag);
  for (const code of values.platforms) form.append('platforms', code);
  text('contact', values.contact, true);
  text('version', values.version);
  text('version_content', values.version_content);
  form.append('copyright_type', values.copyright_type);
  if (values.copyright_type === 'custom') text('copyright_name', values.copyright_name, true);
  text('technical_support_link', values.technical_support_link, true);
  text('license', values.license, true);
  text('homepage', values.homepage, true);
  text('repository', values.repository, true);
  form.append('reuse_center_cover', values.reuse_center_cover ? 'true' : 'false');
  if (options.isAdmin) {
    text('developer', values.developer, true);
    form.append('is_default_install', values.is_default_install ? 'true' : 'false');
  }
  if (files.icon) form.append('icon', files.icon);
  if (files.cover_center) form.append('cover_center', files.cover_center);
  if (files.cover_panel && !values.reuse_center_cover) form.append('cover_panel', files.cover_panel);
  if (files.video) form.append('video', files.video);
  for (const image of files.images) form.append('images', image);
  if (files.code_file) form.append('code_file', files.code_file);
  return form;
}
