/**
 * The identity providers the sign-in tests start, for the browser tests (`@plugin-center/server/testing`,
 * resolved from source only): a real OpenLDAP directory (Debian's slapd, `testLdap.ts`), a SAML
 * identity provider (samlify, `testSamlIdp.ts`) and an OpenID Connect provider (oidc-provider,
 * `testOidcProvider.ts`); a real SMTP server whose mailbox a test reads (`testSmtp.ts`); and what a
 * browser test needs to publish on a second server of its own (a complete publish form as multipart,
 * a sign-in and JSON calls over HTTP).
 */

export { multipart, publishFields } from './testFiles';
export {
  LDAP_PEOPLE,
  LDAP_PEOPLE_BASE,
  LDAP_SERVICE_DN,
  LDAP_SERVICE_PASSWORD,
  TestLdap,
} from './testLdap';
export { startTestOidcProvider, type TestOidcProvider } from './testOidcProvider';
export { startTestSamlIdp, type TestSamlIdp } from './testSamlIdp';
export { callServer, signInOverHttp } from './testServerProcess';
export { startTestSmtp, type TestSmtpServer } from './testSmtp';
export { type ReceivedRequest, startWebhookReceiver, type TestWebhookReceiver } from './testWebhookReceiver';
