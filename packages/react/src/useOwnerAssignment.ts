import type { AssignOwnerBody } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useAction } from './useAction';
import { useApiClient } from './useApiClient';

/**
 * Giving a plugin to an account (`POST /api/cmt/manager/plugin/owner`, admin): `run({ plugin_key,
 * email })`, `email` null for nobody. A failure names its `field` (`email` when no account has it).
 *
 * @returns the action snapshot (`status`, `data`: the plugin and its owner, `message`, `field`) with `run` and `reset`
 */
export function useOwnerAssignment() {
  const client = useApiClient();
  return useAction((body: AssignOwnerBody) => backofficeCalls(client).assignOwner(body));
}
