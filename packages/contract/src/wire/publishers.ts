/**
 * The publishers' wire: the public page of the account that owns plugins (`/plugins/publisher/<handle>`),
 * the signed-in account's own profile (handle chosen once, website, a domain proven by a DNS TXT
 * record) and the administrators' "verified" mark.
 */
import { type Static, Type } from 'typebox';
import { PUBLISHER_LIMITS } from '../publisherRules';
import { LINK_MAX_LENGTH } from '../text';
import { INT32_MAX } from './common';
import { Lang, NullableString } from './fields';
import { PluginSummary } from './plugins';

/** How a publisher is verified: by an administrator, or by proving a domain (DNS TXT record). */
const VerifiedBy = Type.Union([Type.Literal('admin'), Type.Literal('domain'), Type.Null()], {
  description: '`admin` marked by an administrator, `domain` proven by a DNS TXT record; null: not verified',
});

/** A handle as a request gives it (the rule itself is the contract's `handleProblem`). */
const HandleInput = Type.String({ minLength: 1, maxLength: 64 });

/** A publisher's public profile. */
export const PublisherProfile = Type.Object(
  {
    handle: Type.String({ description: 'lower-case; the page is `/plugins/publisher/<handle>`' }),
    name: Type.String({ description: "the account's display name (nick name)" }),
    avatar_url: NullableString,
    website: Type.Union([Type.String(), Type.Null()], { description: 'http(s) URL; null when none' }),
    verified: Type.Boolean(),
    verified_by: VerifiedBy,
    verified_domain: Type.Union([Type.String(), Type.Null()], {
      description: 'the domain proven by DNS (`verified_by` domain); null otherwise',
    }),
  },
  { $id: 'PublisherProfile' },
);
export type PublisherProfile = Static<typeof PublisherProfile>;

/** A publisher's figures over its approved, listed plugins. */
export const PublisherTotals = Type.Object({
  plugin_count: Type.Integer({ minimum: 0, description: 'approved, listed plugins' }),
  download_count: Type.Integer({ minimum: 0, description: 'installs of those plugins together' }),
  praise_count: Type.Integer({ minimum: 0, description: 'likes of those plugins together' }),
  rating_count: Type.Integer({ minimum: 0, description: 'shown star ratings of those plugins together' }),
  rating_average: Type.Union([Type.Number({ minimum: 1, maximum: 5 }), Type.Null()], {
    description: 'mean stars over all those ratings, rounded to one decimal; null without ratings',
  }),
});
export type PublisherTotals = Static<typeof PublisherTotals>;

/** Query of `GET /api/cmt/plugin/publisher`. */
export const PublisherQuery = Type.Object(
  { handle: HandleInput, lang: Type.Optional(Lang) },
  { additionalProperties: false },
);
export type PublisherQuery = Static<typeof PublisherQuery>;

/**
 * Data of `GET /api/cmt/plugin/publisher`: the profile, the totals and the approved, listed plugins,
 * newest first, capped at `PUBLISHER_LIMITS.PAGE_PLUGINS` (100) (`truncated` when there are more).
 */
export const PublisherPage = Type.Object({
  profile: PublisherProfile,
  totals: PublisherTotals,
  plugin_list: Type.Array(PluginSummary),
  truncated: Type.Boolean({ description: 'more plugins than the list carries (see totals.plugin_count)' }),
});
export type PublisherPage = Static<typeof PublisherPage>;

/** A domain proof waiting for its TXT record. */
export const DomainChallenge = Type.Object({
  domain: Type.String(),
  record_name: Type.String({
    description: `the TXT record's name: \`${PUBLISHER_LIMITS.RECORD_PREFIX}<domain>\``,
  }),
  record_value: Type.String({
    description: `the TXT record's value: \`${PUBLISHER_LIMITS.VALUE_PREFIX}<token>\``,
  }),
});
export type DomainChallenge = Static<typeof DomainChallenge>;

/** Data of `GET` / `PUT /api/cmt/plugin/publisher/me`: the caller's publisher profile as they edit it. */
export const MyPublisher = Type.Object({
  handle: Type.Union([Type.String(), Type.Null()], { description: 'null until chosen (once)' }),
  name: Type.String(),
  avatar_url: NullableString,
  website: NullableString,
  verified: Type.Boolean(),
  verified_by: VerifiedBy,
  verified_domain: NullableString,
  pending_domain: Type.Union([DomainChallenge, Type.Null()], {
    description: 'the domain proof started and not yet checked successfully; null when none',
  }),
});
export type MyPublisher = Static<typeof MyPublisher>;

/** Body of `PUT /api/cmt/plugin/publisher/me`: a field left out stays as it is. */
export const SavePublisherBody = Type.Object(
  {
    handle: Type.Optional(HandleInput),
    website: Type.Optional(
      Type.Union([Type.String({ maxLength: LINK_MAX_LENGTH }), Type.Null()], {
        description: "http(s) URL (the contract's link rule); null or '' removes it",
      }),
    ),
  },
  { additionalProperties: false },
);
export type SavePublisherBody = Static<typeof SavePublisherBody>;

/** Body of `POST /api/cmt/plugin/publisher/domain`: the domain to prove. */
export const StartDomainBody = Type.Object(
  { domain: Type.String({ minLength: 1, maxLength: PUBLISHER_LIMITS.DOMAIN_MAX }) },
  { additionalProperties: false },
);
export type StartDomainBody = Static<typeof StartDomainBody>;

/** Body of `PUT /api/cmt/manager/publisher/verified`: mark (true) or unmark (false) an account verified. */
export const SetPublisherVerifiedBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
    verified: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SetPublisherVerifiedBody = Static<typeof SetPublisherVerifiedBody>;

/** Data of `PUT /api/cmt/manager/publisher/verified`: the account's publisher state afterwards. */
export const PublisherVerification = Type.Object({
  user_id: Type.Integer(),
  handle: NullableString,
  verified: Type.Boolean(),
  verified_by: VerifiedBy,
});
export type PublisherVerification = Static<typeof PublisherVerification>;
