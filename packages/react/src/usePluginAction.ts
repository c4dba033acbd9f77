import type { ApiResponse, CallData, CallInput, CallName } from '@plugin-center/api';
import { type ActionState, backofficeCalls } from '@plugin-center/api/backoffice';
import { useAction } from './useAction';
import { useApiClient } from './useApiClient';

/**
 * One change through a plugin call of the route table, named as its entry (`unlist`, `deprecate`,
 * `saveRating`, …), for the component: {@link useAction} over `client.plugin[name]` of the provider's
 * client. The back office's calls have {@link useBackofficeAction}.
 *
 * @param name - the call's name in `ROUTES.plugin`
 * @returns the action snapshot (`status`, `data`, `message`, `field`, `code`) with `run(payload)` and `reset()`
 *
 * @example
 * ```tsx
 * const unlist = usePluginAction('unlist');
 * const done = await unlist.run({ plugin_key: key });
 * if (done.status === 'error') showError(done.message);
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

/**
 * One change through a call of the back office's group of the route table, named as its entry
 * (`saveIconfont`, `deleteBanner`, `auditStatus`, `setUserRole`, …): {@link useAction} over
 * `backofficeCalls(client)[name]` of the provider's client. Errors as the calls answer them (401
 * `UNAUTHORIZED`, 403 `FORBIDDEN` for a caller who is not an administrator, the call's own codes).
 *
 * @param name - the call's name in `ROUTES.backoffice`
 * @returns the action snapshot (`status`, `data`, `message`, `field`, `code`) with `run(payload)` and `reset()`
 *
 * @example
 * ```tsx
 * const save = useBackofficeAction('savePexels');
 * const done = await save.run({ api_key: key });
 * if (done.status === 'error' && done.field === 'api_key') showError(done.message);
 * ```
 */
export function useBackofficeAction<K extends CallName<'backoffice'>>(
  name: K,
): ActionState<CallData<'backoffice', K>> & {
  run(input: CallInput<'backoffice', K>): Promise<ActionState<CallData<'backoffice', K>>>;
  reset(): void;
} {
  const client = useApiClient();
  return useAction((input: CallInput<'backoffice', K>) =>
    (
      backofficeCalls(client)[name] as (
        p: CallInput<'backoffice', K>,
      ) => Promise<ApiResponse<CallData<'backoffice', K>>>
    )(input),
  );
}
