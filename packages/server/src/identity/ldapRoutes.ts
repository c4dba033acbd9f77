/**
 * The LDAP sign-in route (`identity/ldap.ts`), registered inside `userRoutes` so it shares the
 * user API's body parsers (JSON, form) and rate limits:
 * - `POST user/login/ldap` — body `LdapSignInBody` (JSON or `application/x-www-form-urlencoded`)
 *   → `SignInResult` `{ redirect_to }` (redirect_uri with a one-time `code`, as `POST user/login`);
 *   401 INVALID_CREDENTIALS (one message for an unknown user and a wrong password), 400
 *   REDIRECT_NOT_ALLOWED, 404 LOGIN_METHOD_DISABLED when `LDAP_URL` is unset or
 *   `PRIVATE_LOGIN_CONFIG.ldap.enable` is false, 502 THIRD_PARTY_FAILED when the directory cannot be
 *   reached or refuses the service account, 429 RATE_LIMITED (per client IP and user name,
 *   `RATE_LIMIT_SIGNIN`/min, with Retry-After).
 */
import type { FastifyInstance } from 'fastify';
import { tableRoute } from '../routeTable';
import { limitPerMinute } from '../shared/rateLimit';
import { LdapSignIn, ldapDisabled } from './ldap';
import type { IdentityService } from './service';

/** Registers `POST user/login/ldap`; with `LDAP_URL` set, also the `dir:ldap` refresh check. */
export async function ldapRoutes(
  app: FastifyInstance,
  { identity }: { identity: IdentityService },
): Promise<void> {
  const config = identity.settings.ldap;
  const ldap = config ? new LdapSignIn(identity, config) : undefined;
  tableRoute(
    app,
    'user',
    'ldapSignIn',
    (request) => {
      if (!ldap) throw ldapDisabled();
      return ldap.signIn(request.body);
    },
    {
      config: limitPerMinute(identity.settings.rateLimits.signIn, (request) => {
        const username = (request.body as { username?: unknown } | undefined)?.username;
        return `${request.ip}|ldap|${typeof username === 'string' ? username.trim().toLowerCase() : ''}`;
      }),
    },
  );
}
