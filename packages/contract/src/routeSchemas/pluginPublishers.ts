/**
 * The schemas of the `plugin` group's publisher calls (spread into `PLUGIN_ROUTE_SCHEMAS`, `plugin.ts`):
 * the public publisher page, the caller's own profile and domain proof, the administrators' mark.
 */
import {
  DomainChallenge,
  MyPublisher,
  PublisherPage,
  PublisherQuery,
  PublisherVerification,
  SavePublisherBody,
  SetPublisherVerifiedBody,
  StartDomainBody,
} from '../wire/publishers';
import { PLUGINS } from './definition';

/** The handle rule, for the OpenAPI descriptions. */
const HANDLE_RULES =
  'A handle is 3–39 letters a–z, digits and single inner hyphens, starting and ending with a letter or digit, not a reserved word (`@plugin-center/contract/publishers` handleProblem, RESERVED_HANDLES); compared and stored lower-cased.';

/** Schemas of the publisher calls of the route table's `plugin` group. */
export const PLUGIN_PUBLISHER_ROUTE_SCHEMAS = {
  publisherPage: {
    tags: PLUGINS,
    summary: "A publisher's page by handle: profile, totals and its approved, listed plugins",
    description:
      'The handle is matched case-insensitively. `plugin_list` is newest first and capped at PUBLISHER_LIMITS.PAGE_PLUGINS (100; `truncated` when there are more); the totals count every approved, listed plugin of the publisher (installs, likes, ratings and their mean). Unlisted and not approved plugins are left out. 404 PUBLISHER_NOT_FOUND.',
    querystring: PublisherQuery,
    response: PublisherPage,
  },
  myPublisher: {
    tags: PLUGINS,
    summary:
      "The caller's publisher profile: handle (null until chosen), website, verification, pending domain proof",
    response: MyPublisher,
  },
  saveMyPublisher: {
    tags: PLUGINS,
    summary: "Choose the caller's handle (once) and set or remove their website",
    description: `${HANDLE_RULES} The handle is chosen once: sending the one already held changes nothing, another is 409 HANDLE_ALREADY_SET; a handle another account holds is 409 HANDLE_TAKEN (also when two accounts claim it at once: one wins). The website follows the link rule (\`httpUrl\`); null or '' removes it. 400 INVALID_PARAMETER (field \`handle\` or \`website\`) naming the problem.`,
    body: SavePublisherBody,
    response: MyPublisher,
  },
  startDomainVerification: {
    tags: PLUGINS,
    summary: 'Start proving a domain: answers the TXT record to publish',
    description:
      'Publish a TXT record named `_plugin-center-verify.<domain>` with the value `plugin-center-verify=<token>`, then call `POST …/publisher/domain/check`. Starting again (any domain) replaces the pending proof with a new token. 400 INVALID_PARAMETER (field `domain`) for a text that is not a domain name.',
    body: StartDomainBody,
    response: DomainChallenge,
  },
  checkDomainVerification: {
    tags: PLUGINS,
    summary: "Check the pending domain's TXT record; on success the caller is verified by domain",
    description:
      'Looks up the TXT records of `_plugin-center-verify.<domain>`; one equal to the expected value marks the publisher verified (`verified_by` domain, `verified_domain`) and ends the pending proof. 409 DOMAIN_NOT_VERIFIED when the record is missing, has another value, the domain does not exist or the lookup failed (the message says which); 400 INVALID_PARAMETER when no proof was started.',
    response: MyPublisher,
  },
  setPublisherVerified: {
    tags: PLUGINS,
    summary: "Mark (true) or unmark (false) an account's publisher verified (admin; audit-logged)",
    description:
      'Any administrator. Marking sets `verified_by` admin (also over a domain verification); unmarking clears any verification. Audit-logged (`publisher_verify`, `publisher_unverify`) in the same transaction; a change to the state the account already has writes nothing. 400 INVALID_PARAMETER (field `user_id`) for an unknown user.',
    body: SetPublisherVerifiedBody,
    response: PublisherVerification,
  },
} as const;
