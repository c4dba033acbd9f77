/**
 * The SAML messages as `saml.ts` receives them: base64 (HTTP-POST) and deflated base64
 * (HTTP-Redirect) texts checked before parsing, the ids it makes, and node-saml's refusals as the
 * envelope errors naming the check (401 SSO_REJECTED, 400 INVALID_PARAMETER).
 */
import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { SamlStatusError } from '@node-saml/node-saml';
import { parseDomFromString } from '@node-saml/node-saml/lib/xml.js';
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import { ApiError } from '../errors';

/** 401 SSO_REJECTED with `message`. */
export function rejected(message: string): ApiError {
  return new ApiError(ApiErrorCode.SSO_REJECTED, message);
}

/** 400 INVALID_PARAMETER with `message`. */
export function malformed(message: string): ApiError {
  return new ApiError(ApiErrorCode.INVALID_PARAMETER, message);
}

/** A random opaque id (RelayState, session cookie): 32 bytes, base64url. */
export function opaqueId(): string {
  return randomBytes(32).toString('base64url');
}

/** A SAML message id (xs:ID: starts with a letter or `_`). */
export function messageId(): string {
  return `_${randomBytes(20).toString('hex')}`;
}

/** The text of a base64 XML message. @throws ApiError INVALID_PARAMETER naming `field`. */
export function decodeBase64Xml(value: string, field: string): string {
  const compact = value.replace(/[\r\n\t ]+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw malformed(`${field}: is not base64`);
  return checkXmlText(Buffer.from(compact, 'base64').toString('utf8'), field);
}

/**
 * `xml` when it can be an XML document: starts with `<`, and holds no character XML 1.0 forbids
 * (§2.2: controls other than tab, CR and LF; NUL).
 * @throws ApiError INVALID_PARAMETER naming `field`.
 */
export function checkXmlText(xml: string, field: string): string {
  if (!xml.trimStart().startsWith('<')) throw malformed(`${field}: is not base64 XML`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(xml)) {
    throw malformed(`${field}: holds characters XML does not allow`);
  }
  return xml;
}

/** The text of a deflated base64 message (HTTP-Redirect, bindings §3.4.4.1). @throws ApiError INVALID_PARAMETER. */
export function inflateBase64(value: string, field: string): string {
  const compact = value.replace(/[\r\n\t ]+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw malformed(`${field}: is not base64`);
  let xml: string;
  try {
    xml = inflateRawSync(Buffer.from(compact, 'base64'), { maxOutputLength: 1 << 20 }).toString('utf8');
  } catch {
    throw malformed(`${field}: is not a deflated SAML message`);
  }
  return checkXmlText(xml, field);
}

/** The DOM of `xml`. @throws ApiError INVALID_PARAMETER naming `field` when it is not well-formed. */
export async function parseXml(xml: string, field: string): Promise<Document> {
  try {
    return await parseDomFromString(xml);
  } catch (error) {
    throw malformed(`${field}: is not well-formed XML (${(error as Error).message.slice(0, 200)})`);
  }
}

/** node-saml's error as the envelope error naming the check that failed. */
export function explain(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof SamlStatusError) return rejected(`the IdP refused the sign-in: ${error.message}`);
  const message = error instanceof Error ? error.message : String(error);
  if (/signature/i.test(message)) {
    return rejected(`the signature is missing or does not verify with the IdP's certificate (${message})`);
  }
  if (/InResponseTo is missing/.test(message)) {
    return rejected('unsolicited response: IdP-initiated sign-in is off (SAML_ALLOW_IDP_INITIATED)');
  }
  if (/InResponseTo/.test(message)) {
    return rejected(
      `InResponseTo names no pending request of this server (unknown, used or expired): ${message}`,
    );
  }
  if (/not yet valid/.test(message)) return rejected('the assertion is not yet valid (NotBefore)');
  if (/expired|too old|No valid subject confirmation/.test(message)) {
    return rejected(`the assertion expired (NotOnOrAfter): ${message}`);
  }
  if (/audience|AudienceRestriction/i.test(message)) return rejected(`wrong audience: ${message}`);
  if (/issuer/i.test(message)) return rejected(`wrong issuer: ${message}`);
  return rejected(`the SAML message was refused: ${message}`);
}
