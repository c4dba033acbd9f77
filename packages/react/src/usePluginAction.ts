import type { ApiResponse, CallData, CallInput, CallName } from '@plugin-center/api';
import type { ActionState } from '@plugin-center/api/backoffice';
import { useAction } from './useAction';
import { useApiClient } from './useApiClient';

/**
 * One change through a plugin call of the route table, named as its entry (`saveIconfont`,
 * `deleteBanner`, `auditStatus`, …), for the component: {@link useAction} over
 * `client.plugin[name]` of the provider's client.
 *
 * @param name - the call's name in `ROUTES.plugin`
 * @returns the action snapshot (`status`, `data`, `message`, `field`, `code`) with `run(payload)` and `reset()`
 *
 * @example
 * ```tsx
 * const save = usePluginAction('savePexels');
 * const done = await save.run({ api_key: key });
 * if (done.status === 'error' && done.field === 'api_key') showError(done.message);
 * ```
 */
export function usePluginAction<K extends CallName<'plugin'>>(
  name: K,
): ActionState<CallData<'plugin', K>> & {
  run(input: CallInput<'plugin', K>): Promise<ActionState<CallData<'plugin', K>>>;
  reset(): void;
} {
  const client = useApiClient();
  return useAction((input: CallInput<'plugin', K>) =>
    (client.plugin[name] as (p: CallInput<'plugin', K>) => Promise<ApiResponse<CallData<'plugin', K>>>)(
      input,
    ),
  );
}
