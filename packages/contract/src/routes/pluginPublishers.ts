/**
 * The publishers' entries of the `plugin` group (spread into `PLUGIN_ROUTES`, `plugin.ts`): the
 * public publisher page by handle, the signed-in account's own publisher profile and domain proof,
 * and the administrators' "verified" mark.
 */
import type { RouteDefinition } from './definition';

/** The publishers' calls under `/api/cmt/`, named as the API client's `plugin.*` functions. */
export const PLUGIN_PUBLISHER_ROUTES = {
  publisherPage: {
    method: 'GET',
    path: '/api/cmt/plugin/publisher',
    access: 'public',
    request: 'query',
    response: 'envelope',
  },
  myPublisher: {
    method: 'GET',
    path: '/api/cmt/plugin/publisher/me',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
  saveMyPublisher: {
    method: 'PUT',
    path: '/api/cmt/plugin/publisher/me',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  startDomainVerification: {
    method: 'POST',
    path: '/api/cmt/plugin/publisher/domain',
    access: 'user',
    request: 'body',
    response: 'envelope',
  },
  checkDomainVerification: {
    method: 'POST',
    path: '/api/cmt/plugin/publisher/domain/check',
    access: 'user',
    request: 'none',
    response: 'envelope',
  },
} as const satisfies Record<string, RouteDefinition>;
