/**
 * Test helper: a real SAML 2.0 identity provider (`samlify`) on 127.0.0.1 at a random port, with a
 * freshly generated RSA key pair and self-signed certificate (`openssl`). Its SSO endpoint
 * (`/sso`, HTTP-Redirect) reads the service provider's AuthnRequest, "signs in" the user the test
 * chose ({@link TestSamlIdp.user}) and answers the auto-submitting HTML form of the HTTP-POST
 * binding with a signed Response; its SLO endpoint (`/slo`, HTTP-Redirect) answers a LogoutRequest
 * with a LogoutResponse. The service provider is read from its own metadata (`spMetadata`), so the
 * metadata the server publishes is what the IdP trusts.
 *
 * The negative cases are made by samlify too ({@link ResponseOptions}): another key, another
 * audience, recipient or destination, shifted times, an error status, no signature, or a signature
 * over the Response only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as samlify from 'samlify';

// samlify refuses to parse without an XML schema validator. This test IdP only reads messages our
// own server made, so it skips schema validation; the server under test never uses samlify.
samlify.setSchemaValidator({ validate: async () => 'skipped' });

/** A person the IdP signs in. */
export interface TestSamlUser {
  nameId: string;
  /** Default persistent. */
  nameIdFormat?: string;
  /** SAML attributes by Name. */
  attributes?: Record<string, string | string[]>;
  /** The IdP session's index (default a fresh one). */
  sessionIndex?: string;
}

/** How to spoil (or vary) one Response. */
export interface ResponseOptions {
  /** Sign with another key than the metadata's certificate. */
  wrongKey?: boolean;
  /** Remove every signature. */
  unsigned?: boolean;
  /** Sign the Response but not the assertion. */
  responseSignedOnly?: boolean;
  /** Audience instead of the SP's entity id. */
  audience?: string;
  /** SubjectConfirmationData Recipient instead of the ACS URL. */
  recipient?: string;
  /** Response Destination instead of the ACS URL. */
  destination?: string;
  /** Added to every time of the response, ms (negative: in the past). */
  shiftMs?: number;
  /** Lifetime of the assertion, ms (default 5 min). */
  lifetimeMs?: number;
  /** A non-success status (no assertion). */
  status?: { code: string; message: string };
  /** InResponseTo (null: none, an unsolicited response); default the request's id. */
  inResponseTo?: string | null;
  /** Issuer instead of the IdP's entity id. */
  issuer?: string;
}

/** A POST-binding form the IdP sends the browser with. */
export interface PostForm {
  action: string;
  SAMLResponse: string;
  RelayState?: string;
}

/** The running IdP. */
export interface TestSamlIdp {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  entityId: string;
  /** The IdP's metadata XML (SSO and SLO by HTTP-Redirect, the signing certificate). */
  metadata: string;
  /** Its signing certificate, PEM. */
  cert: string;
  /** Who the next SSO request signs in; undefined: the SSO endpoint answers 401. */
  user: TestSamlUser | undefined;
  /** Options of the responses of the SSO endpoint. */
  responseOptions: ResponseOptions;
  /** LogoutRequests the SLO endpoint received (NameID, SessionIndex). */
  logoutRequests: { nameId: string; sessionIndex: string | undefined }[];
  /** Trusts the service provider of this metadata XML (call once the server is up). */
  trust(spMetadata: string): void;
  /**
   * The signed Response to `requestId` (null: unsolicited) for `user`, as the POST form: what the
   * SSO endpoint answers, for tests that post it themselves.
   */
  loginResponse(
    requestId: string | null,
    user: TestSamlUser,
    relayState: string | undefined,
    options?: ResponseOptions,
  ): Promise<PostForm>;
  /** An IdP-initiated LogoutRequest for `nameId` as the SP's HTTP-Redirect SLO URL (signed unless `unsigned`). */
  logoutRequestUrl(nameId: string, options?: { unsigned?: boolean; wrongKey?: boolean }): string;
  /** A signed LogoutResponse answering no LogoutRequest, as the SP's HTTP-Redirect SLO URL. */
  unsolicitedLogoutResponseUrl(): string;
  /** The same LogoutRequest for the HTTP-POST binding: the form's `SAMLRequest` and `RelayState`. */
  logoutRequestForm(
    nameId: string,
    options?: { unsigned?: boolean; wrongKey?: boolean },
  ): { SAMLRequest: string; RelayState: string };
  close(): Promise<void>;
}

const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** A new RSA key and a self-signed certificate for `name`, PEM. */
export function generateKeyPair(name: string): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'saml-idp-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        `/CN=${name}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The Response (SAML core §3.3.3) with `{Tag}`s samlify fills, assertion, AuthnStatement and attributes. */
function responseXml(values: {
  id: string;
  assertionId: string;
  issueInstant: string;
  destination: string;
  inResponseTo: string | null;
  issuer: string;
  status: { code: string; message: string } | undefined;
  nameId: string;
  nameIdFormat: string;
  recipient: string;
  notBefore: string;
  notOnOrAfter: string;
  audience: string;
  sessionIndex: string;
  attributes: Record<string, string | string[]>;
}): string {
  const e = escapeXml;
  const irt = values.inResponseTo === null ? '' : ` InResponseTo="${e(values.inResponseTo)}"`;
  const head = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${e(values.id)}" Version="2.0" IssueInstant="${values.issueInstant}" Destination="${e(values.destination)}"${irt}><saml:Issuer>${e(values.issuer)}</saml:Issuer>`;
  if (values.status) {
    return `${head}<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder"><samlp:StatusCode Value="${e(values.status.code)}"/></samlp:StatusCode><samlp:StatusMessage>${e(values.status.message)}</samlp:StatusMessage></samlp:Status></samlp:Response>`;
  }
  const attributes = Object.entries(values.attributes)
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${e(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${(Array.isArray(value) ? value : [value]).map((v) => `<saml:AttributeValue xsi:type="xs:string">${e(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
    )
    .join('');
  return `${head}<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="${e(values.assertionId)}" Version="2.0" IssueInstant="${values.issueInstant}"><saml:Issuer>${e(values.issuer)}</saml:Issuer><saml:Subject><saml:NameID Format="${e(values.nameIdFormat)}">${e(values.nameId)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${values.notOnOrAfter}" Recipient="${e(values.recipient)}"${irt}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${values.notBefore}" NotOnOrAfter="${values.notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${e(values.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${values.issueInstant}" SessionIndex="${e(values.sessionIndex)}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : ''}</saml:Assertion></samlp:Response>`;
}

/** The auto-submitting form of the HTTP-POST binding (bindings §3.5.4). */
function postFormHtml(form: PostForm): string {
  const e = escapeXml;
  const relay =
    form.RelayState === undefined
      ? ''
      : `<input type="hidden" name="RelayState" value="${e(form.RelayState)}"/>`;
  return `<!DOCTYPE html><html><body onload="document.forms[0].submit()"><form method="post" action="${e(form.action)}"><input type="hidden" name="SAMLResponse" value="${e(form.SAMLResponse)}"/>${relay}<noscript><button>Continue</button></noscript></form></body></html>`;
}

/** The POST form of an HTML page the IdP answered. */
export function readPostForm(html: string): PostForm {
  const decode = (t: string) =>
    t
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  const response = /name="SAMLResponse" value="([^"]*)"/.exec(html)?.[1];
  const relay = /name="RelayState" value="([^"]*)"/.exec(html)?.[1];
  if (action === undefined || response === undefined)
    throw new Error(`not a SAML POST form: ${html.slice(0, 200)}`);
  return {
    action: decode(action),
    SAMLResponse: decode(response),
    ...(relay === undefined ? {} : { RelayState: decode(relay) }),
  };
}

/** The query of a URL as samlify's request shape (with the octet string of a signed redirect). */
function redirectRequest(url: URL): { query: Record<string, string>; octetString: string } {
  const raw = url.search.slice(1);
  const parts = raw.split('&');
  const pick = (name: string) => parts.find((p) => p.startsWith(`${name}=`));
  const octetString = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg']
    .map(pick)
    .filter((p): p is string => p !== undefined)
    .join('&');
  return { query: Object.fromEntries(url.searchParams), octetString };
}

async function readBody(req: IncomingMessage): Promise<void> {
  for await (const _ of req) {
    // drained
  }
}

/** Starts the IdP (entity id `<url>/metadata`). */
export async function startTestSamlIdp(): Promise<TestSamlIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${url}/metadata`;
  const keys = generateKeyPair('test-saml-idp');
  const other = generateKeyPair('not-the-test-saml-idp');
  const settings = {
    entityID: entityId,
    signingCert: keys.cert,
    privateKey: keys.key,
    nameIDFormat: [PERSISTENT],
    singleSignOnService: [{ Binding: REDIRECT, Location: `${url}/sso` }],
    singleLogoutService: [{ Binding: REDIRECT, Location: `${url}/slo` }],
    requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  };
  const idp = samlify.IdentityProvider(settings);
  const wrongIdp = samlify.IdentityProvider({ ...settings, privateKey: other.key, signingCert: other.cert });
  let sp: samlify.ServiceProviderInstance | undefined;
  /** The SP as one whose metadata asks for a signed Response and no signed assertion. */
  let spResponseOnly: samlify.ServiceProviderInstance | undefined;
  let spMetadata = '';
  let acsUrl = '';
  let spEntityId = '';
  let sessions = 0;

  /** Who signs an IdP-initiated LogoutRequest, for which SP entity (one that wants it signed or not). */
  const logoutParties = (options: { unsigned?: boolean; wrongKey?: boolean }) => {
    if (!sp) throw new Error('call trust(spMetadata) first');
    return {
      issuer: options.wrongKey ? wrongIdp : idp,
      target: options.unsigned
        ? samlify.ServiceProvider({ metadata: spMetadata, wantLogoutRequestSigned: false })
        : sp,
    };
  };

  const state: TestSamlIdp = {
    url,
    entityId,
    metadata: idp.getMetadata(),
    cert: keys.cert,
    user: undefined,
    responseOptions: {},
    logoutRequests: [],
    trust(metadata: string) {
      spMetadata = metadata;
      sp = samlify.ServiceProvider({
        metadata,
        wantLogoutRequestSigned: true,
        wantLogoutResponseSigned: true,
      });
      acsUrl = sp.entityMeta.getAssertionConsumerService(samlify.Constants.wording.binding.post) as string;
      spEntityId = sp.entityMeta.getEntityID();
      spResponseOnly = samlify.ServiceProvider({
        entityID: spEntityId,
        assertionConsumerService: [{ Binding: POST, Location: acsUrl }],
        wantAssertionsSigned: false,
        wantMessageSigned: true,
      });
    },
    async loginResponse(requestId, user, relayState, options = {}) {
      if (!sp || !spResponseOnly) throw new Error('call trust(spMetadata) first');
      const issuer = options.wrongKey ? wrongIdp : idp;
      const target = options.responseSignedOnly || options.status ? spResponseOnly : sp;
      const start = Date.now() + (options.shiftMs ?? 0);
      const iso = (ms: number) => new Date(ms).toISOString();
      sessions += 1;
      const id = `_r${crypto.randomUUID().replaceAll('-', '')}`;
      const xml = responseXml({
        id,
        assertionId: `_a${crypto.randomUUID().replaceAll('-', '')}`,
        issueInstant: iso(start),
        destination: options.destination ?? acsUrl,
        inResponseTo: options.inResponseTo === undefined ? requestId : options.inResponseTo,
        issuer: options.issuer ?? entityId,
        status: options.status,
        nameId: user.nameId,
        nameIdFormat: user.nameIdFormat ?? PERSISTENT,
        recipient: options.recipient ?? acsUrl,
        notBefore: iso(start - 1000),
        notOnOrAfter: iso(start + (options.lifetimeMs ?? 5 * 60_000)),
        audience: options.audience ?? spEntityId,
        sessionIndex: user.sessionIndex ?? `_s${sessions}`,
        attributes: user.attributes ?? {},
      });
      const made = (await issuer.createLoginResponse(
        target,
        { extract: {} },
        'post',
        {},
        {
          ...(relayState === undefined ? {} : { relayState }),
          customTagReplacement: () => ({ id, context: xml }),
        },
      )) as { context: string };
      let SAMLResponse = made.context;
      if (options.unsigned) {
        const signed = Buffer.from(SAMLResponse, 'base64').toString('utf8');
        SAMLResponse = Buffer.from(signed.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '')).toString(
          'base64',
        );
      }
      return {
        action: acsUrl,
        SAMLResponse,
        ...(relayState === undefined ? {} : { RelayState: relayState }),
      };
    },
    logoutRequestUrl(nameId, options = {}) {
      const { issuer, target } = logoutParties(options);
      return issuer.createLogoutRequest(target, 'redirect', { logoutNameID: nameId }).context;
    },
    unsolicitedLogoutResponseUrl() {
      if (!sp) throw new Error('call trust(spMetadata) first');
      return idp.createLogoutResponse(sp, { extract: {} }, 'redirect', { relayState: '' }).context;
    },
    logoutRequestForm(nameId, options = {}) {
      const { issuer, target } = logoutParties(options);
      const made = issuer.createLogoutRequest(
        target,
        'post',
        { logoutNameID: nameId },
        { relayState: 'idp-relay' },
      );
      let SAMLRequest = made.context;
      if (options.unsigned) {
        const signed = Buffer.from(SAMLRequest, 'base64').toString('utf8');
        SAMLRequest = Buffer.from(signed.replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '')).toString(
          'base64',
        );
      }
      return { SAMLRequest, RelayState: 'idp-relay' };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  server.on('request', async (req, res) => {
    try {
      const at = new URL(req.url ?? '/', url);
      await readBody(req);
      if (at.pathname === '/metadata') {
        res.setHeader('content-type', 'application/samlmetadata+xml');
        res.end(state.metadata);
        return;
      }
      if (!sp) throw new Error('the IdP trusts no service provider yet');
      if (at.pathname === '/sso') {
        const { extract } = await idp.parseLoginRequest(sp, 'redirect', redirectRequest(at));
        if (!state.user) {
          res.statusCode = 401;
          res.end('nobody signs in');
          return;
        }
        const form = await state.loginResponse(
          extract.request?.id as string,
          state.user,
          at.searchParams.get('RelayState') ?? undefined,
          state.responseOptions,
        );
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(postFormHtml(form));
        return;
      }
      if (at.pathname === '/slo') {
        const request = redirectRequest(at);
        if (at.searchParams.has('SAMLRequest')) {
          const parsed = await idp.parseLogoutRequest(sp, 'redirect', request);
          state.logoutRequests.push({
            nameId: parsed.extract.nameID as string,
            sessionIndex: parsed.extract.sessionIndex as string | undefined,
          });
          const answer = idp.createLogoutResponse(sp, { ...parsed }, 'redirect', {
            relayState: at.searchParams.get('RelayState') ?? '',
          });
          res.statusCode = 302;
          res.setHeader('location', answer.context);
          res.end();
          return;
        }
        await idp.parseLogoutResponse(sp, 'redirect', request);
        res.end('logged out at the IdP');
        return;
      }
      res.statusCode = 404;
      res.end('not found');
    } catch (error) {
      res.statusCode = 400;
      res.end(`IdP error: ${(error as Error).message}`);
    }
  });
  return state;
}
