import { createPersonalTokens } from '@plugin-center/api/backoffice';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useApiClient } from './useApiClient';

/**
 * The signed-in user's personal access tokens over `createPersonalTokens`: the list (loaded on
 * mount), and `create` and `revoke`, after either of which the list loads again. A new token's
 * secret is in `create.data.token` only.
 *
 * @returns `list` (loader snapshot with `reload()`), `create` and `revoke` (action snapshots with `run`)
 */
export function usePersonalTokens() {
  const client = useApiClient();
  const [tokens] = useState(() => createPersonalTokens(client));
  const { list, create, revoke } = tokens;
  const listState = useSyncExternalStore(list.subscribe, list.getSnapshot, list.getSnapshot);
  const createState = useSyncExternalStore(create.subscribe, create.getSnapshot, create.getSnapshot);
  const revokeState = useSyncExternalStore(revoke.subscribe, revoke.getSnapshot, revoke.getSnapshot);
  useEffect(() => {
    void list.load();
    return list.cancel;
  }, [list]);
  return {
    list: { ...listState, reload: list.load },
    create: { ...createState, run: create.run, reset: create.reset },
    revoke: { ...revokeState, run: revoke.run, reset: revoke.reset },
  };
}
