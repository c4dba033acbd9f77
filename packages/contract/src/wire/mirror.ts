/**
 * Mirroring (docs/mirroring.md): the feed a mirror reads from its upstream, `GET
 * /api/cmt/mirror/changes`. Every change of an approved plugin (a version approved or signed, its
 * texts edited, the plugin unlisted, rejected or deleted) takes the next number of the upstream's
 * change sequence; the feed answers the changes after a cursor in that order, each as the plugin's
 * state now: its current signed version (with its earlier signed versions), or its withdrawal.
 */
import { type Static, Type } from 'typebox';
import { VersionSignature } from './plugins';

/** The largest page of the feed. */
export const MIRROR_CHANGES_MAX = 500;

/** Query of `GET /api/cmt/mirror/changes`. */
export const MirrorChangesQuery = Type.Object({
  since: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,15}$',
      description: 'the `cursor` of the previous page; absent or `0` from the start',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MIRROR_CHANGES_MAX,
      description: `changes per page, 1–${MIRROR_CHANGES_MAX} (default 100)`,
    }),
  ),
});
export type MirrorChangesQuery = Static<typeof MirrorChangesQuery>;

/** Params of `GET /api/cmt/mirror/file/{key}`: a content address. */
export const MirrorFileParams = Type.Object({
  key: Type.String({ pattern: '^[0-9a-f]{64}\\.[a-z0-9]{2,5}$', description: '`<sha256 hex>.<ext>`' }),
});
export type MirrorFileParams = Static<typeof MirrorFileParams>;

/** The publisher of a mirrored plugin, as the upstream names it. */
export const MirrorPublisher = Type.Object(
  {
    handle: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
      description: 'the publisher handle on the upstream; null when the owner chose none',
    }),
    name: Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
      description: 'the publisher’s display name on the upstream; null when none',
    }),
  },
  { $id: 'MirrorPublisher' },
);
export type MirrorPublisher = Static<typeof MirrorPublisher>;

/** A plugin key as keys are made (lower-case letters, digits and hyphens). */
const PluginKey = Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9][a-z0-9-]*$' });

const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });
const NullableText = (maxLength: number, description: string) =>
  Type.Union([Type.String({ maxLength }), Type.Null()], { description });

/**
 * The most earlier versions one change carries of a plugin: its newest signed versions before the
 * current one (a plugin with more has its oldest left out of the feed and of bundles).
 */
export const MIRROR_EARLIER_VERSIONS_MAX = 20;

/** An earlier approved and signed version of a plugin, carried beside its current one. */
export const MirrorEarlierVersion = Type.Object(
  {
    version: Text(64, 'the version'),
    version_content: Text(20_000, 'what the version changed'),
    approved_at: Type.Integer({ minimum: 0, description: 'when the version was approved, ms' }),
    // `VersionSignature`'s members without its `$id`: a schema names an `$id` once (the change's own
    // signature), so the server's serializer can be built.
    signature: Type.Object(VersionSignature.properties, {
      description: 'the version’s signature, as `VersionSignature`',
    }),
  },
  { $id: 'MirrorEarlierVersion' },
);
export type MirrorEarlierVersion = Static<typeof MirrorEarlierVersion>;

/** A plugin whose current version is approved, listed and signed: what a mirror stores. */
export const MirrorVersionChange = Type.Object(
  {
    kind: Type.Literal('version'),
    seq: Type.Integer({ minimum: 1, description: 'its place in the upstream’s change sequence' }),
    plugin_key: PluginKey,
    name: Text(200, 'the plugin’s name'),
    intro: Text(2000, 'its short introduction'),
    description: Text(100_000, 'its description (Markdown)'),
    version: Text(64, 'the current version'),
    version_content: Text(20_000, 'what the version changed'),
    approved_at: Type.Integer({ minimum: 0, description: 'when the version was approved, ms' }),
    tags: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50, description: 'tag codes' }),
    platforms: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 20, description: 'design tools' }),
    developer: NullableText(200, 'the developer'),
    contact: NullableText(500, 'how to reach the developer'),
    technical_support_link: NullableText(2000, 'the support link'),
    homepage: NullableText(2000, 'the homepage'),
    license: NullableText(200, 'the licence'),
    repository: NullableText(2000, 'the source repository'),
    copyright_type: Type.Union([Type.Literal('author'), Type.Literal('custom')]),
    copyright_name: NullableText(200, 'the copyright holder when custom'),
    reuse_center_cover: Type.Boolean({ description: 'the panel uses the centre cover' }),
    publisher: Type.Union([MirrorPublisher, Type.Null()], {
      description: 'the owner’s publisher identity; null for a plugin without one',
    }),
    signature: VersionSignature,
    earlier_versions: Type.Optional(
      Type.Array(MirrorEarlierVersion, {
        maxItems: MIRROR_EARLIER_VERSIONS_MAX,
        description: `the plugin’s earlier approved and signed versions, newest first (at most ${MIRROR_EARLIER_VERSIONS_MAX}); absent from an upstream that sends only the current one`,
      }),
    ),
  },
  { $id: 'MirrorVersionChange' },
);
export type MirrorVersionChange = Static<typeof MirrorVersionChange>;

/** A plugin that is no longer approved and listed upstream (unlisted, rejected, deleted, unsigned). */
export const MirrorWithdrawal = Type.Object(
  {
    kind: Type.Literal('withdrawn'),
    seq: Type.Integer({ minimum: 1, description: 'its place in the upstream’s change sequence' }),
    plugin_key: PluginKey,
  },
  { $id: 'MirrorWithdrawal' },
);
export type MirrorWithdrawal = Static<typeof MirrorWithdrawal>;

/** One change of the feed. */
export const MirrorChange = Type.Union([MirrorVersionChange, MirrorWithdrawal], { $id: 'MirrorChange' });
export type MirrorChange = Static<typeof MirrorChange>;

/** `GET /api/cmt/mirror/changes`: a page of the feed. */
export const MirrorChanges = Type.Object(
  {
    changes: Type.Array(MirrorChange, {
      maxItems: MIRROR_CHANGES_MAX,
      description:
        'the changes after `since` in sequence order, one per plugin (a plugin changed twice in the page appears once, at its last change)',
    }),
    cursor: Type.String({
      pattern: '^[0-9]{1,15}$',
      description: 'the `since` of the next page (the sequence number of the page’s last change)',
    }),
    more: Type.Boolean({ description: 'whether there may be changes after this page' }),
  },
  { $id: 'MirrorChanges' },
);
export type MirrorChanges = Static<typeof MirrorChanges>;

/** A version that could not be mirrored, and why. */
export const MirrorFailure = Type.Object(
  {
    plugin_key: Type.String(),
    version: Type.Union([Type.String(), Type.Null()]),
    reason: Type.String({ description: 'e.g. “the icon of … does not match its signature: …”' }),
  },
  { $id: 'MirrorFailure' },
);
export type MirrorFailure = Static<typeof MirrorFailure>;

/** One pull from the upstream, or one bundle import, with what it did. */
export const MirrorPullResult = Type.Object(
  {
    id: Type.Integer(),
    source: Type.Union([Type.Literal('pull'), Type.Literal('bundle')], {
      description: '`pull` over HTTP, `bundle` by `plugin-center import-bundle`',
    }),
    upstream: Type.String({ description: 'the upstream’s origin' }),
    start_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    end_time: Type.Union([Type.Integer(), Type.Null()], { description: 'ms; null while it runs' }),
    added: Type.Integer({ description: 'plugins created' }),
    updated: Type.Integer({
      description: 'plugins brought to a new version or texts, listed again, or given earlier versions',
    }),
    withdrawn: Type.Integer({ description: 'local copies unlisted' }),
    unchanged: Type.Integer({ description: 'versions already held' }),
    skipped: Type.Integer({ description: 'versions the allowlist left out' }),
    failed: Type.Integer({ description: 'versions refused (nothing of them stored)' }),
    failures: Type.Array(MirrorFailure, { description: 'the first 100 failures' }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'why the pull stopped before the end of the feed; null when it reached it',
    }),
  },
  { $id: 'MirrorPullResult' },
);
export type MirrorPullResult = Static<typeof MirrorPullResult>;

/** `GET /api/cmt/manager/mirror`: the mirroring of this deployment. */
export const MirrorStatus = Type.Object(
  {
    upstream: Type.Union([Type.String(), Type.Null()], {
      description: 'the upstream’s origin (`UPSTREAM_URL`); null when this deployment is not a mirror',
    }),
    allow: Type.Object(
      {
        keys: Type.Array(Type.String()),
        tags: Type.Array(Type.String()),
        publishers: Type.Array(Type.String()),
      },
      { description: 'the allowlist (`MIRROR_ALLOW_*`); all empty: every approved plugin' },
    ),
    interval_minutes: Type.Integer({ description: 'minutes between automatic pulls; 0: none' }),
    cursor: Type.Union([Type.String(), Type.Null()], {
      description: 'the feed cursor after the last committed page; null before the first pull',
    }),
    mirrored: Type.Integer({ description: 'mirrored plugins stored here, listed or not' }),
    running: Type.Boolean({
      description: 'a pull runs now, in this process or in another one of the deployment (its lease held)',
    }),
    last_pull: Type.Union([MirrorPullResult, Type.Null()], {
      description: 'the latest pull or bundle import; null before the first',
    }),
  },
  { $id: 'MirrorStatus' },
);
export type MirrorStatus = Static<typeof MirrorStatus>;
