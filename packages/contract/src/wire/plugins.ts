/**
 * The plugin square's wire: tags, plugin cards and details, list, search suggestions, recommendations,
 * views, installs, likes, and the editor's plugins.
 */
import { type Static, Type } from 'typebox';
import { KEYWORD_MAX_LENGTH, MIN_RATING, PAGE_SIZE, PLUGIN_PLATFORMS, PluginSort } from '../constants';
import { INT32_MAX } from './common';
import { Lang, NullableString } from './fields';

/** A tag (SPEC §3: `id`, `name`, `code`) with the number of approved plugins carrying it. */
export const Tag = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    code: Type.String(),
    plugin_count: Type.Integer({ minimum: 0 }),
  },
  { $id: 'Tag' },
);
export type Tag = Static<typeof Tag>;

/** A plugin as it appears on a card of the square and in lists. */
export const PluginSummary = Type.Object(
  {
    plugin_key: Type.String(),
    name: Type.String(),
    intro: Type.String(),
    icon: NullableString,
    tags: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() })),
    developer: NullableString,
    platforms: Type.Array(Type.String()),
    current_version: Type.Union([Type.String(), Type.Null()], {
      description: 'null until a version is published (imported catalogue entries have none)',
    }),
    download_count: Type.Integer({ minimum: 0 }),
    view_count: Type.Integer({ minimum: 0 }),
    praise_count: Type.Integer({ minimum: 0 }),
    rating_count: Type.Integer({ minimum: 0, description: 'shown star ratings (hidden ones left out)' }),
    rating_average: Type.Union([Type.Number({ minimum: 1, maximum: 5 }), Type.Null()], {
      description: 'mean stars rounded to one decimal; null without ratings',
    }),
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    update_time: Type.Union([Type.Integer(), Type.Null()], {
      description: 'ms since the Unix epoch; null when the source gave no date',
    }),
    publisher_handle: Type.Union([Type.String(), Type.Null()], {
      description: "the owner's publisher handle (page `/plugins/publisher/<handle>`); null when it has none",
    }),
    publisher_verified: Type.Boolean({ description: 'the owner is a verified publisher' }),
  },
  { $id: 'PluginSummary' },
);
export type PluginSummary = Static<typeof PluginSummary>;

/**
 * An approved version's signature (docs/signatures.md): a compact JWS, `alg` EdDSA, made by the
 * instance's version-signing key `kid` over the version's description (plugin_key, version, approval
 * time, the SHA-256 of each stored file). Check it with `verifyVersionSignature` and
 * `verifyVersionFiles` of `@plugin-center/contract/signatures` and the JWKS at
 * `/.well-known/plugin-center/jwks.json`.
 */
export const VersionSignature = Type.Object(
  {
    kid: Type.String({ description: 'id of the signing key (RFC 7638 thumbprint), as in the JWS header' }),
    jws: Type.String({
      description: 'compact JWS (RFC 7515) whose payload is the signed description (canonical JSON)',
    }),
  },
  { $id: 'VersionSignature' },
);
export type VersionSignature = Static<typeof VersionSignature>;

/** A version's signature, or null for a version that has none (see {@link VersionSignature}). */
const NullableSignature = Type.Union([VersionSignature, Type.Null()], {
  description: 'the signature of the approved version; null when it has none',
});

/** Where a mirrored plugin comes from (docs/mirroring.md). */
export const PluginMirror = Type.Object(
  {
    from: Type.String({ description: 'the upstream’s origin, `https://host[:port]`' }),
    publisher: Type.Union(
      [
        Type.Object({
          handle: Type.Union([Type.String(), Type.Null()], { description: 'publisher handle there' }),
          name: Type.Union([Type.String(), Type.Null()], { description: 'display name there' }),
        }),
        Type.Null(),
      ],
      { description: 'its publisher on the upstream; null when it has none' },
    ),
  },
  { $id: 'PluginMirror' },
);
export type PluginMirror = Static<typeof PluginMirror>;

/** One history version of a plugin. */
export const PluginVersion = Type.Object(
  {
    version: Type.String(),
    version_content: Type.String(),
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    signature: NullableSignature,
  },
  { $id: 'PluginVersion' },
);
export type PluginVersion = Static<typeof PluginVersion>;

/**
 * A deprecated plugin's notice (set by its publisher or an administrator): shown on the detail page
 * and to the design tool beside the plugin.
 */
export const PluginDeprecation = Type.Object(
  {
    message: Type.String({ description: 'why it is deprecated (plain text, line breaks kept)' }),
    time: Type.Integer({ description: 'ms since the Unix epoch when it was deprecated' }),
    replacement: Type.Union([Type.Object({ plugin_key: Type.String(), name: Type.String() }), Type.Null()], {
      description: 'the plugin to use instead; null when none is named or it is no longer approved',
    }),
  },
  { $id: 'PluginDeprecation' },
);
export type PluginDeprecation = Static<typeof PluginDeprecation>;

/** Everything the detail dialog shows (SPEC §3 plugin fields), with the history versions, newest first. */
export const PluginDetail = Type.Object(
  {
    ...PluginSummary.properties,
    description: Type.String({ description: 'Markdown for published plugins (render it sanitised)' }),
    video: NullableString,
    images: Type.Array(Type.String(), {
      description: 'gallery image URLs (published plugins; at most 3 with the video)',
    }),
    cover: Type.Object({
      center: NullableString,
      panel: NullableString,
      reuse_center_cover: Type.Boolean(),
    }),
    code_file: NullableString,
    contact: NullableString,
    version_content: Type.String(),
    copyright_holder: Type.Object({
      type: Type.Union([Type.Literal('author'), Type.Literal('custom')]),
      name: NullableString,
    }),
    technical_support_link: NullableString,
    homepage: NullableString,
    license: NullableString,
    repository: Type.Union([Type.String(), Type.Null()], {
      description: 'URL of the source repository the publisher gave; null when none',
    }),
    unlisted: Type.Boolean({
      description: 'hidden by its publisher from the square, search and suggestions (still opens by key)',
    }),
    deprecation: Type.Union([PluginDeprecation, Type.Null()], { description: 'null when not deprecated' }),
    mirror: Type.Optional(
      Type.Union([PluginMirror, Type.Null()], {
        description:
          'for a plugin mirrored from an upstream Plugin Center (docs/mirroring.md): where from and its publisher there; null for a local plugin (every answer of the server carries it)',
      }),
    ),
    source: Type.Union([Type.String(), Type.Null()], {
      description: 'attribution of an imported entry: the public list it came from (owner/repo@commit:path)',
    }),
    review_status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    is_default_install: Type.Boolean(),
    is_praise: Type.Boolean(),
    is_installed: Type.Boolean(),
    is_owner: Type.Boolean({
      description: 'the signed-in caller owns the plugin (sees it unlisted, manages it); false signed out',
    }),
    versions: Type.Array(PluginVersion),
  },
  { $id: 'PluginDetail' },
);
export type PluginDetail = Static<typeof PluginDetail>;
/**
 * Query of `GET /api/cmt/plugin/list`: tag, keyword, sort and the filters (`platform`, `rating`,
 * `verified`), which all combine. A filter narrows the list and its `total`. A further filter is one
 * more optional field here and one more condition in the server's `db/pluginFilters.ts`.
 */
export const PluginListQuery = Type.Object(
  {
    tag_id: Type.Optional(
      Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: '0 = All' }),
    ),
    sort: Type.Optional(
      Type.Union(
        [
          Type.Literal(PluginSort.LATEST),
          Type.Literal(PluginSort.MOST_POPULAR),
          Type.Literal(PluginSort.RELEVANCE),
          Type.Literal(PluginSort.HIGHEST_RATED),
          Type.Literal(PluginSort.NAME),
          Type.Literal(PluginSort.NEWEST),
          Type.Literal(PluginSort.TRENDING),
        ],
        {
          description:
            '0 latest (last update), 1 most popular, 2 relevance, 3 highest rated, 4 name, 5 newest (first approved), 6 trending (installs in the last 7 days); default 2 with a keyword, else 0',
        },
      ),
    ),
    platform: Type.Optional(
      Type.Union(
        [
          Type.Literal(PLUGIN_PLATFORMS[0]),
          Type.Literal(PLUGIN_PLATFORMS[1]),
          Type.Literal(PLUGIN_PLATFORMS[2]),
          Type.Literal(PLUGIN_PLATFORMS[3]),
          Type.Literal(PLUGIN_PLATFORMS[4]),
        ],
        { description: 'only plugins for this design tool (figma includes FigJam)' },
      ),
    ),
    rating: Type.Optional(
      Type.Integer({
        minimum: MIN_RATING.MIN,
        maximum: MIN_RATING.MAX,
        description: 'only plugins whose average rating (rounded to one decimal) is at least this many stars',
      }),
    ),
    verified: Type.Optional(
      Type.Literal(1, {
        description:
          'only plugins of verified publishers (by an administrator or a proven domain); absent for all',
      }),
    ),
    keyword: Type.Optional(Type.String({ maxLength: KEYWORD_MAX_LENGTH })),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
    page_size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX, default: PAGE_SIZE.DEFAULT }),
    ),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);
export type PluginListQuery = Static<typeof PluginListQuery>;

/** Response data of `GET /api/cmt/plugin/list` (SPEC §3): `next_cursor` is null on the last page. */
export const PluginListResult = Type.Object({
  plugin_list: Type.Array(PluginSummary),
  total: Type.Integer({ minimum: 0 }),
  next_cursor: NullableString,
  /**
   * How `total` relates to the number of matches (the Elasticsearch `hits.total.relation` terms):
   * `eq` exact, `gte` a lower bound (a search whose count stopped at the bound; the square shows
   * "10,000+"). Absent = `eq`.
   */
  total_relation: Type.Optional(Type.Union([Type.Literal('eq'), Type.Literal('gte')])),
});
export type PluginListResult = Static<typeof PluginListResult>;

/** Query of `GET /api/cmt/plugin/suggest`: what has been typed so far. */
export const SuggestQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: KEYWORD_MAX_LENGTH }),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);
export type SuggestQuery = Static<typeof SuggestQuery>;

/** One as-you-type suggestion: a plugin (open its detail) or a tag (filter by it). */
export const Suggestion = Type.Object({
  kind: Type.Union([Type.Literal('plugin'), Type.Literal('tag')]),
  /** What to show: the plugin's (localised) name or the tag's (localised) name. */
  text: Type.String(),
  /** `plugin` only. */
  plugin_key: NullableString,
  /** `tag` only. */
  tag_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type Suggestion = Static<typeof Suggestion>;

/** Response data of `GET /api/cmt/plugin/suggest`: at most 8 suggestions, best first. */
export const SuggestResult = Type.Object({ suggestion_list: Type.Array(Suggestion) });
export type SuggestResult = Static<typeof SuggestResult>;

/** Response data of `GET /api/cmt/plugin/tag/list`. */
export const TagListResult = Type.Object({ tag_list: Type.Array(Tag) });
export type TagListResult = Static<typeof TagListResult>;

/** Query of `GET /api/cmt/plugin` (detail). */
export const PluginDetailQuery = Type.Object(
  { plugin_key: Type.String({ minLength: 1, maxLength: 128 }), lang: Type.Optional(Lang) },
  { additionalProperties: false },
);
export type PluginDetailQuery = Static<typeof PluginDetailQuery>;

/** Query of `GET /api/cmt/plugin/recommendation/list`; a different `seed` gives another sample (refresh). */
export const RecommendationQuery = Type.Object(
  {
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 24, default: 4 })),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);
export type RecommendationQuery = Static<typeof RecommendationQuery>;

/** Response data of `GET /api/cmt/plugin/recommendation/list`. */
export const RecommendationResult = Type.Object({ plugin_list: Type.Array(PluginSummary) });
export type RecommendationResult = Static<typeof RecommendationResult>;

/** Most plugins `GET /api/cmt/plugin/more` answers (its `count`'s maximum). */
export const MORE_PLUGINS_MAX = 12;

/**
 * Query of `GET /api/cmt/plugin/more`: the plugin whose publisher's other plugins are wanted, how
 * many (default 6) and the language of their names.
 */
export const MorePluginsQuery = Type.Object(
  {
    plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: MORE_PLUGINS_MAX, default: 6 })),
    lang: Type.Optional(Lang),
  },
  { additionalProperties: false },
);
export type MorePluginsQuery = Static<typeof MorePluginsQuery>;

/**
 * Data of `GET /api/cmt/plugin/more`: other listed approved plugins of the same publisher (the
 * owning account, or for a plugin without one the same `developer` among plugins without one), most
 * installed first; `[]` when it has no publisher or none other.
 */
export const MorePluginsResult = Type.Object({ plugin_list: Type.Array(PluginSummary) });
export type MorePluginsResult = Static<typeof MorePluginsResult>;

/** Body of `POST /api/cmt/plugin/view`. */
export const PluginKeyBody = Type.Object(
  { plugin_key: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type PluginKeyBody = Static<typeof PluginKeyBody>;

/** Response data of `POST /api/cmt/plugin/view`: the view count after this view. */
export const PluginViewResult = Type.Object({ view_count: Type.Integer({ minimum: 0 }) });
export type PluginViewResult = Static<typeof PluginViewResult>;

/** Body of `POST /api/cmt/plugin/user/praise` (SPEC §4): 1 like, -1 unlike. */
export const PraiseBody = Type.Object(
  {
    plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
    praise: Type.Union([Type.Literal(1), Type.Literal(-1)]),
  },
  { additionalProperties: false },
);
export type PraiseBody = Static<typeof PraiseBody>;

/** Data of `POST` / `DELETE /api/cmt/plugin/user` (install, uninstall): the caller's state and the new count. */
export const InstallResult = Type.Object({
  plugin_key: Type.String(),
  is_installed: Type.Boolean(),
  download_count: Type.Integer({
    minimum: 0,
    description: 'equals the number of users who have it installed',
  }),
});
export type InstallResult = Static<typeof InstallResult>;

/** Data of `POST /api/cmt/plugin/user/praise`: the caller's state and the new count. */
export const PraiseResult = Type.Object({
  plugin_key: Type.String(),
  is_praise: Type.Boolean(),
  praise_count: Type.Integer({ minimum: 0, description: 'equals the number of users who like it' }),
});
export type PraiseResult = Static<typeof PraiseResult>;

/** Query of `GET /api/cmt/plugin/user` (the caller's installed plugins, for the editor). */
export const InstalledListQuery = Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false });
export type InstalledListQuery = Static<typeof InstalledListQuery>;

/**
 * Data of `GET /api/cmt/plugin/user` and `POST /api/cmt/plugin/user/new/silent`: installed plugins,
 * most recently installed first (silent install: the default-install plugins it added).
 */
export const InstalledListResult = Type.Object({ plugin_list: Type.Array(PluginSummary) });
export type InstalledListResult = Static<typeof InstalledListResult>;

// The editor's side: `GET /api/cmt/plugin/user/editor`.

/** Query of `GET /api/cmt/plugin/user/editor`: `lang` picks the names' translation. */
export const EditorPluginsQuery = Type.Object({ lang: Type.Optional(Lang) }, { additionalProperties: false });
export type EditorPluginsQuery = Static<typeof EditorPluginsQuery>;

/**
 * One plugin the design tool loads ("the editor's side"): always the plugin's last approved
 * listing — a newer submission waiting for review, or rejected, changes nothing here.
 */
export const EditorPlugin = Type.Object(
  {
    plugin_key: Type.String(),
    name: Type.String({ description: 'in `lang` when a translation exists' }),
    icon: NullableString,
    version: Type.Union([Type.String(), Type.Null()], {
      description: 'the approved version; null for an imported catalogue entry that has none',
    }),
    version_id: Type.Union([Type.Integer(), Type.Null()], {
      description: 'id of that history version; null when there is no version row',
    }),
    code_file_url: Type.Union([Type.String(), Type.Null()], {
      description:
        'root-relative URL of the approved code file (the plugin manifest, JSON): `/api/cmt/plugin/user/editor/code?plugin_key=…` (bearer); null when the plugin has none',
    }),
    source: Type.Union([Type.Literal('installed'), Type.Literal('default')], {
      description:
        '`installed`: the user installed it; `default`: a default-install plugin the user never uninstalled',
    }),
    installed_time: Type.Union([Type.Integer(), Type.Null()], {
      description: 'ms since the Unix epoch when the user installed it; null for `default`',
    }),
    deprecation: Type.Union([PluginDeprecation, Type.Null()], { description: 'null when not deprecated' }),
    signature: NullableSignature,
  },
  { $id: 'EditorPlugin' },
);
export type EditorPlugin = Static<typeof EditorPlugin>;

/**
 * Data of `GET /api/cmt/plugin/user/editor`: the user's installed plugins (most recently installed
 * first), then the default-install plugins they have not installed and never uninstalled (by
 * plugin_key). Approved plugins only; no paging (a user's plugins are few).
 */
export const EditorPluginsResult = Type.Object({ plugin_list: Type.Array(EditorPlugin) });
export type EditorPluginsResult = Static<typeof EditorPluginsResult>;

/** Query of `GET /api/cmt/plugin/user/editor/code`: which plugin's approved code file. */
export const EditorCodeQuery = Type.Object(
  { plugin_key: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type EditorCodeQuery = Static<typeof EditorCodeQuery>;
