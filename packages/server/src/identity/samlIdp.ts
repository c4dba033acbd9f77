/**
 * The identity provider a SAML service provider signs in with (`saml.ts`): from the explicit
 * `SAML_IDP_*` variables or from the IdP's metadata (SAML 2.0 metadata §2.4.3).
 */
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml.js';
import type { SamlConfig } from '../config/saml';
import { ConfigError } from '../config/values';

/** The HTTP-Redirect binding (SAML 2.0 bindings §3.4). */
export const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** The IdP as this SP uses it: from its metadata or the explicit variables. */
export interface SamlIdp {
  entityId: string;
  /** SSO URL, HTTP-Redirect binding. */
  ssoUrl: string;
  /** SLO URL, HTTP-Redirect binding; undefined: the IdP has no single logout. */
  sloUrl: string | undefined;
  /** Signing certificates, PEM. */
  certs: string[];
}

/** A base64 DER certificate as PEM. */
function pem(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----`;
}

/**
 * The IdP of `config`: the explicit values, or those of its metadata (SAML 2.0 metadata §2.4.3
 * IDPSSODescriptor: `entityID`, the HTTP-Redirect `SingleSignOnService` and `SingleLogoutService`,
 * the `KeyDescriptor`s of use `signing` or of no use).
 * @throws ConfigError `SAML_IDP_METADATA: …` when the metadata is not XML or lacks one of them.
 */
export async function resolveSamlIdp(config: SamlConfig): Promise<SamlIdp> {
  const idp = config.idp;
  if (!('metadata' in idp)) {
    return { entityId: idp.issuer, ssoUrl: idp.entryPoint, sloUrl: idp.logoutUrl, certs: idp.certs };
  }
  const fail = (message: string): never => {
    throw new ConfigError('SAML_IDP_METADATA', message);
  };
  let doc: Document;
  try {
    doc = await parseDomFromString(idp.metadata);
  } catch (error) {
    return fail(`is not XML metadata: ${(error as Error).message}`);
  }
  const descriptor = xpath.selectElements(
    doc,
    "//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]",
  )[0];
  if (!descriptor) return fail('has no EntityDescriptor with an IDPSSODescriptor');
  const entityId = descriptor.getAttribute('entityID');
  if (!entityId) return fail('the EntityDescriptor has no entityID');
  const sso = xpath.selectElements(
    descriptor,
    `./*[local-name()='IDPSSODescriptor']/*[local-name()='SingleSignOnService'][@Binding='${BINDING_REDIRECT}']`,
  )[0];
  const ssoUrl = sso?.getAttribute('Location');
  if (!ssoUrl) return fail('has no SingleSignOnService of the HTTP-Redirect binding');
  const slo = xpath.selectElements(
    descriptor,
    `./*[local-name()='IDPSSODescriptor']/*[local-name()='SingleLogoutService'][@Binding='${BINDING_REDIRECT}']`,
  )[0];
  const certs = xpath
    .selectElements(
      descriptor,
      "./*[local-name()='IDPSSODescriptor']/*[local-name()='KeyDescriptor'][not(@use) or @use='signing']//*[local-name()='X509Certificate']",
    )
    .map((node) => node.textContent?.trim() ?? '')
    .filter(Boolean)
    .map(pem);
  if (certs.length === 0) return fail('has no signing certificate (KeyDescriptor use="signing")');
  return { entityId, ssoUrl, sloUrl: slo?.getAttribute('Location') || undefined, certs };
}
