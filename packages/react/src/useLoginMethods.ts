import type { LoaderState, LoginMethodList } from '@plugin-center/api';
import { backofficeCalls } from '@plugin-center/api/backoffice';
import { useApiClient } from './useApiClient';
import { useLoader } from './useLoader';

/**
 * The private deployment's directory sign-in methods (`GET /api/cmt/manager/login-methods`, admin;
 * SPEC §1 ldap, oidc, saml, custom_sso, in that order): for each method its `source`
 * (`back_office` when saved here, `environment` when the server's environment configures it,
 * `none`), whether the settings in force make a working method (`configured`), `enable`,
 * `logout_mode` (`default` | `redirect`) and `logout_url`, `secret_status`, `update_time` (ms since
 * the epoch or null) and its `variables` — each an environment variable's `name` (`LDAP_URL`), its
 * one-line `summary`, whether it is a `secret`, the saved `value` and the `environment`'s value
 * beside it (secrets masked both: `SECRET_MASK_PREFIX` + last 4 characters). Save one method with
 * `useBackofficeAction('saveLoginMethod')` (super administrators only: 403 `FORBIDDEN` for a general
 * administrator; a refused value: 400 `INVALID_PARAMETER` with `field` naming the variable).
 *
 * @returns the loader state (`data.method_list`) and `reload()`
 */
export function useLoginMethods(): LoaderState<LoginMethodList> & { reload(): void } {
  const client = useApiClient();
  return useLoader((signal) => backofficeCalls(client).loginMethodList({ signal }), [client]);
}
