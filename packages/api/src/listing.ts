import type { ApiResponse, DeprecateBody, ListingState } from '@plugin-center/contract';
import type { ApiClient } from './client';

/**
 * One change of a plugin's listing state by its owner or an administrator: `unlist` (out of the
 * square, search and suggestions; still opens by key and stays in the editors that have it),
 * `relist`, `deprecate` (a message and optionally the key of a plugin to use instead) or
 * `undeprecate`.
 */
export type ListingChange =
  | { action: 'unlist' | 'relist' | 'undeprecate'; plugin_key: string }
  | ({ action: 'deprecate' } & DeprecateBody);

/**
 * Sends a {@link ListingChange}: `POST /api/cmt/plugin/unlist`, `relist`, `deprecate` or
 * `undeprecate` through `client.plugin`.
 *
 * @returns the plugin's `ListingState` after the change; a failure carries the server's `message`
 *   and `field` (403 FORBIDDEN someone else's plugin, 404 PLUGIN_NOT_FOUND, 400 INVALID_PARAMETER
 *   `message` / `replacement_plugin_key`)
 */
export function changeListing(client: ApiClient, change: ListingChange): Promise<ApiResponse<ListingState>> {
  if (change.action === 'deprecate') {
    const { action: _, ...body } = change;
    return client.plugin.deprecate(body);
  }
  return client.plugin[change.action]({ plugin_key: change.plugin_key });
}
