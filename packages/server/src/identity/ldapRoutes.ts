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
import { directorySource } from './directoryAccounts';
import { directoryFailed, LdapSignIn, ldapDisabled } from './ldap';
import { methodInForce } from './methodInForce';
import type { IdentityService } from './service';

/**
 * Registers `POST user/login/ldap` and the `dir:ldap` refresh check. Both use the LDAP settings in
 * force (`identity.settings.ldap`: the environment's, or the back office's once saved), so a save
 * applies without a restart; without settings the route answers 404 and the check 'unknown'.
 * @throws ConfigError `LDAP_TLS_CA_FILE` at start when the environment's CA file cannot be read.
 */
export async function ldapRoutes(
  app: FastifyInstance,
  { identity }: { identity: IdentityService },
): Promise<void> {
  const current = methodInForce(
    () => identity.settings.ldap,
    (config) => {
      try {
        return new LdapSignIn(identity, config);
      } catch (error) {
        throw directoryFailed('the LDAP settings cannot be used', error);
      }
    },
    identity.settings.ldap ? new LdapSignIn(identity, identity.settings.ldap) : undefined,
  );
  identity.directoryChecks.set(directorySource('ldap'), () => current()?.check);
  tableRoute(
    app,
    'user',
    'ldapSignIn',
    (request) => {
      const sign = current();
      if (!sign) throw ldapDisabled();
      return sign.signIn(request.body);
    },
    {
      config: limitPerMinute(identity.settings.rateLimits.signIn, (request) => {
        const username = (request.body as { username?: unknown } | undefined)?.username;
        return `${request.ip}|ldap|${typeof username === 'string' ? username.trim().toLowerCase() : ''}`;
      }),
    },
  );
}
