/**
 * Kysely table types of the Plugin Center database (snake_case, identical on SQLite and
 * PostgreSQL). Times are Unix epoch milliseconds (BIGINT on PostgreSQL, read back as JS numbers);
 * booleans are stored as 0/1 integers on both dialects so rows look the same everywhere.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** `plugin`: one row per plugin (SPEC §3), counters denormalised and search documents stored. */
export interface PluginTable {
  id: Generated<number>;
  /** Stable public identifier (see `derivePluginKey`). */
  plugin_key: string;
  name: string;
  intro: string;
  description: string;
  icon: string | null;
  video: string | null;
  cover_center: string | null;
  cover_panel: string | null;
  /** 0/1: the panel uses the plugin-center cover. */
  reuse_center_cover: number;
  code_file: string | null;
  contact: string | null;
  /** null until a version is published (imported entries have none). */
  current_version: string | null;
  version_content: string;
  /** 'author' (copyright holder is the developer) or 'custom' (copyright_name). */
  copyright_type: 'author' | 'custom';
  copyright_name: string | null;
  developer: string | null;
  technical_support_link: string | null;
  homepage: string | null;
  license: string | null;
  /** JSON array of platform codes, e.g. `["figma"]`. */
  platforms: string;
  /** Attribution of an imported entry (owner/repo@commit:path). */
  source: string | null;
  /** 1 unreviewed, 2 approved, 3 unapproved (wire `ReviewStatus`). */
  review_status: number;
  reject_reason: string | null;
  /** 0/1: silently installed for every user. */
  is_default_install: number;
  download_count: number;
  view_count: number;
  praise_count: number;
  /** ms */
  create_time: number;
  /** ms; null when the source gave no date. */
  update_time: number | null;
  /** Sort helper: `COALESCE(update_time, 0)`, kept in step by the data layer. */
  sort_time: number;
  /** Token document of the name (and translated names): the "name matches" ranking group. */
  search_name: string;
  /** Token document of every searchable text: name, intro, description, tags, developer, translations. */
  search_all: string;
}

/** `plugin_version`: history versions of a plugin. */
export interface PluginVersionTable {
  id: Generated<number>;
  plugin_id: number;
  version: string;
  version_content: string;
  /** ms */
  create_time: number;
}

/** `tag`: tags from the catalogue data (code = lowercase tag, name = readable English). */
export interface TagTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** Denormalised number of approved plugins carrying the tag (updated with the rows that change it). */
  plugin_count: number;
}

/**
 * `plugin_tag`: which tags a plugin carries, with copies of the plugin's list sort keys for
 * keyset-indexed tag pages. The copies are written by database triggers (on insert here and on
 * every change of those plugin columns): never set them by hand.
 */
export interface PluginTagTable {
  plugin_id: number;
  tag_id: number;
  review_status: Generated<number>;
  sort_time: Generated<number>;
  download_count: Generated<number>;
}

/** `plugin_translation`: a plugin's texts in another locale (e.g. zh-CN from zh.json). */
export interface PluginTranslationTable {
  plugin_id: number;
  locale: string;
  name: string;
  intro: string;
  description: string;
}

/** `recommendation`: curated recommended plugins, shown by ascending position. */
export interface RecommendationTable {
  plugin_id: number;
  position: number;
}

/** The whole database as Kysely sees it. */
export interface DatabaseSchema {
  plugin: PluginTable;
  plugin_version: PluginVersionTable;
  tag: TagTable;
  plugin_tag: PluginTagTable;
  plugin_translation: PluginTranslationTable;
  recommendation: RecommendationTable;
  catalogue_stat: CatalogueStatTable;
}

/** Counters kept exact by triggers (migration 0002): `approved_plugins`. */
export interface CatalogueStatTable {
  name: string;
  value: number;
}

/** A `plugin` row as read. */
export type PluginRow = Selectable<PluginTable>;
/** A `plugin` row to insert. */
export type NewPluginRow = Insertable<PluginTable>;
/** Columns of a `plugin` update. */
export type PluginUpdate = Updateable<PluginTable>;
/** A `tag` row as read. */
export type TagRow = Selectable<TagTable>;
/** A `plugin_version` row as read. */
export type PluginVersionRow = Selectable<PluginVersionTable>;
