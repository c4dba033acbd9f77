import type {
  CreatedPersonalToken,
  CreatePersonalTokenBody,
  PersonalTokenList,
  RevokePersonalTokenBody,
} from '@plugin-center/contract';
import { type Action, createAction } from './action';
import type { ApiClient } from './client';
import { createLoader, type Loader } from './loader';

/**
 * The signed-in user's personal access tokens (publishing from a terminal): the list, and creating
 * and revoking a token, each of which loads the list again when it succeeds. A new token's secret is
 * in `create`'s data only (shown once).
 */
export interface PersonalTokens {
  /** `GET /api/cmt/user/tokens`: the tokens, newest first (never the secrets). */
  list: Loader<PersonalTokenList>;
  /** `POST /api/cmt/user/tokens`: a new token; its `token` is in this answer only. */
  create: Action<CreatePersonalTokenBody, CreatedPersonalToken>;
  /** `DELETE /api/cmt/user/tokens`: revoke one of the caller's tokens. */
  revoke: Action<RevokePersonalTokenBody, { id: number }>;
}

/**
 * Creates the stores of the personal access tokens page. Nothing is fetched until `list.load()`.
 *
 * @example
 * ```ts
 * const tokens = createPersonalTokens(client);
 * await tokens.list.load();
 * const made = await tokens.create.run({ name: 'ci', expires_in_days: 30 });
 * if (made.status === 'success') copy(made.data?.token);
 * ```
 */
export function createPersonalTokens(client: ApiClient): PersonalTokens {
  const list = createLoader((signal) => client.plugin.personalTokenList({ signal }));
  const reloading = <I, T>(action: Action<I, T>): Action<I, T> => ({
    ...action,
    run: async (input) => {
      const done = await action.run(input);
      if (done.status === 'success') void list.load();
      return done;
    },
  });
  return {
    list,
    create: reloading(
      createAction((body: CreatePersonalTokenBody) => client.plugin.createPersonalToken(body)),
    ),
    revoke: reloading(
      createAction((body: RevokePersonalTokenBody) => client.plugin.revokePersonalToken(body)),
    ),
  };
}
