import { BACKOFFICE_ROUTES } from '@plugin-center/contract/routes';
import { type ApiClient, type BackofficeCalls, routeCalls } from './client';

/**
 * The back office's calls of a client (`ROUTES.backoffice`: review, batch upload, the audit log,
 * curation, settings, people, the moderation of ratings), built once per client from the route
 * table's `backoffice` group with the client's rules (SPEC §7), like its `plugin` calls. Kept out of
 * the client itself so that the square's bundle does not carry the back office's part of the table.
 *
 * @param client - the client from `createApiClient`
 * @returns the calls, named as their table entries (`auditList`, `saveBanner`, `setUserRole`, …); each
 *   resolves with the envelope and rejects with `ApiError` as the client's calls do
 *
 * @example
 * ```ts
 * const res = await backofficeCalls(client).userList({ keyword: 'ann' });
 * ```
 */
export function backofficeCalls(client: ApiClient): BackofficeCalls {
  client.backoffice ??= routeCalls(client.request, BACKOFFICE_ROUTES) as unknown as BackofficeCalls;
  return client.backoffice;
}
