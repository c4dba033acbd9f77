import { changeListing, type ListingChange } from '@plugin-center/api/backoffice';
import { useAction } from './useAction';
import { useApiClient } from './useApiClient';

/**
 * A plugin's listing changes for its owner or an administrator, over `changeListing`:
 * `run({ action: 'unlist' | 'relist' | 'undeprecate', plugin_key })` or `run({ action:
 * 'deprecate', plugin_key, message, replacement_plugin_key })`. A failure names its `field`
 * (`message`, `replacement_plugin_key`). Deleting the plugin is `usePluginAction('remove')`.
 *
 * @returns the action snapshot (`status`, `data`: the plugin's `ListingState` after the change,
 *   `message`, `field`) with `run` and `reset`
 */
export function usePluginListing() {
  const client = useApiClient();
  return useAction((change: ListingChange) => changeListing(client, change));
}
