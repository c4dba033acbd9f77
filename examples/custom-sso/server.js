/**
 * A company's own sign-in system speaking Plugin Center's custom SSO protocol (docs/sso.md,
 * "Custom SSO"), in plain Node.js: no framework and no dependency (the HS256 JWT is signed with
 * node:crypto). It is what a company writes in front of its own user store:
 *
 * - `GET  /login?service=<callback>&state=<id>` shows a sign-in form (the service must be one of
 *   `services`);
 * - `POST /login` checks the name and password, issues a one-time ticket (60 s) and sends the browser
 *   to `<service>?ticket=<ticket>&state=<id>`;
 * - `POST /validate` (server to server) takes `{ "ticket", "service" }` signed with the shared secret
 *   (`X-SSO-Timestamp`, `X-SSO-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`)
 *   and answers `{ "token": "<JWT>" }`: HS256 with the same secret, claims `iss`, `aud` (the
 *   service), `sub`, `iat`, `exp`, `jti` and the person's `email`, `name`, `department`, `e_id`,
 *   `groups`, `status`. Validating the same ticket again (a retry) answers the same token;
 * - `POST /status` (server to server, signed like `/validate`) takes `{ "sub", "service" }` and
 *   answers `{ "sub", "status" }`: `active`, `disabled`, or `deleted` for an id nobody has (Plugin
 *   Center's `CUSTOM_SSO_STATUS_URL`, asked when a session is refreshed);
 * - `GET  /jwks` publishes the public key of ES256 tokens (option `algorithm: 'ES256'`);
 * - `GET  /logout?service=<url>` ends the (example's nonexistent) session and returns to the service.
 *
 * Run it: `CUSTOM_SSO_SECRET=<at least 32 characters> node server.js` (see README.md).
 */
import { createHmac, generateKeyPairSync, randomBytes, randomUUID, sign, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/** Largest request body read, bytes. */
const MAX_BODY = 16 * 1024;
/** Lifetime of a ticket, ms. */
const TICKET_TTL_MS = 60_000;
/** How far the caller's timestamp may be from this clock, seconds. */
const MAX_CLOCK_DIFFERENCE = 300;

/** base64url of a Buffer or string (RFC 7515 §2). */
function base64url(data) {
  return Buffer.from(data).toString('base64url');
}

/**
 * A JWT (RFC 7519) signed with HS256 (RFC 7518 §3.2): `header.payload.signature`, each base64url,
 * the signature HMAC-SHA256 of `header.payload` with `secret`.
 */
export function signHs256(claims, secret) {
  const input = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/**
 * A JWT signed with ES256 (RFC 7518 §3.4: ECDSA P-256 with SHA-256, the signature as the 64 bytes
 * r‖s) by `privateKey`, its `kid` in the header so the receiver picks the key from the JWKS.
 */
export function signEs256(claims, privateKey, kid) {
  const input = `${base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid }))}.${base64url(JSON.stringify(claims))}`;
  const signature = sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** The request signature of the protocol: `sha256=` + hex HMAC-SHA256 of `timestamp.body`. */
export function requestSignature(secret, timestamp, body) {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

function equalText(a, b) {
  const x = Buffer.from(String(a));
  const y = Buffer.from(String(b));
  return x.length === y.length && timingSafeEqual(x, y);
}

function escapeHtml(text) {
  return String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

function sendJson(res, status, value) {
  send(res, status, 'application/json', JSON.stringify(value));
}

async function readBody(req) {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The company's sign-in system.
 *
 * @param {object} options
 * @param {string} options.secret - shared with Plugin Center (`CUSTOM_SSO_SECRET`): signs requests and tokens.
 * @param {string} options.issuer - the `iss` of the tokens (`CUSTOM_SSO_ISSUER`).
 * @param {string[]} options.services - callback URLs that may ask for a sign-in (`CUSTOM_SSO_SERVICE_URL`).
 * @param {Record<string, {password: string, id: string, email?: string, name?: string,
 *   department?: string, e_id?: string, groups?: string[], status?: 'active' | 'disabled'}>} options.people
 *   - people by login name.
 * @param {number} [options.tokenLifetime] - seconds from `iat` to `exp` (default 120, at most 300).
 * @param {() => number} [options.clock] - the clock, ms (default `Date.now`).
 * @param {string} [options.signingSecret] - the key of the tokens when it is not `secret` (to try a forged signature).
 * @param {string} [options.audience] - the `aud` when it is not the service (to try a wrong audience).
 * @param {'HS256' | 'ES256'} [options.algorithm] - HS256 with the secret (default), or ES256 with the
 *   server's own P-256 key, published at `GET /jwks` (Plugin Center's `CUSTOM_SSO_JWKS_URL`).
 * Every option is read on each request: change `handle.options` to try the failure modes.
 */
export function createCustomSsoServer(options) {
  /** Tickets waiting to be validated: ticket → { login, service, expires, token? }. */
  const tickets = new Map();
  const now = () => (options.clock ?? Date.now)();
  // The ES256 key (generated at start; a real system keeps its key and rotates it by kid).
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomBytes(8).toString('hex');
  const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' }] };

  function loginForm(res, service, state, message = '') {
    send(
      res,
      message ? 401 : 200,
      'text/html; charset=utf-8',
      `<!doctype html><title>Corp sign-in</title><h1>Corp sign-in</h1>${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/login">
<input type="hidden" name="service" value="${escapeHtml(service)}"><input type="hidden" name="state" value="${escapeHtml(state)}">
<label>Name <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button>Sign in</button></form>`,
    );
  }

  /**
   * The JSON body of a request Plugin Center signed (fresh timestamp, HMAC of `timestamp.body`), or
   * undefined once an error was answered (401 for the signature, 400 for a body that is not JSON).
   */
  async function signedRequest(req, res) {
    const body = await readBody(req);
    const timestamp = req.headers['x-sso-timestamp'];
    const signature = req.headers['x-sso-signature'];
    if (
      typeof timestamp !== 'string' ||
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(now() / 1000 - Number(timestamp)) > MAX_CLOCK_DIFFERENCE ||
      typeof signature !== 'string' ||
      !equalText(signature, requestSignature(options.secret, timestamp, body))
    ) {
      sendJson(res, 401, { error: 'unauthorized', error_description: 'bad or missing request signature' });
      return undefined;
    }
    try {
      return JSON.parse(body);
    } catch {
      sendJson(res, 400, { error: 'invalid_request', error_description: 'the body is not JSON' });
      return undefined;
    }
  }

  async function status(req, res) {
    const request = await signedRequest(req, res);
    if (request === undefined) return;
    if (typeof request?.sub !== 'string' || !options.services.includes(request.service)) {
      return sendJson(res, 400, {
        error: 'invalid_request',
        error_description: 'sub and a known service expected',
      });
    }
    const person = Object.values(options.people).find((p) => p.id === request.sub);
    return sendJson(res, 200, { sub: request.sub, status: person ? (person.status ?? 'active') : 'deleted' });
  }

  async function validate(req, res) {
    const request = await signedRequest(req, res);
    if (request === undefined) return;
    const entry = typeof request?.ticket === 'string' ? tickets.get(request.ticket) : undefined;
    if (!entry || entry.expires <= now()) {
      return sendJson(res, 400, { error: 'invalid_ticket', error_description: 'unknown or expired ticket' });
    }
    if (request.service !== entry.service) {
      return sendJson(res, 400, {
        error: 'invalid_service',
        error_description: 'the ticket was issued for another service',
      });
    }
    if (!entry.token) {
      const person = options.people[entry.login];
      const iat = Math.floor(now() / 1000);
      const claims = {
        iss: options.issuer,
        aud: options.audience ?? entry.service,
        sub: person.id,
        iat,
        exp: iat + Math.min(options.tokenLifetime ?? 120, 300),
        jti: randomUUID(),
        email: person.email,
        name: person.name,
        department: person.department,
        e_id: person.e_id,
        groups: person.groups ?? [],
        status: person.status ?? 'active',
      };
      entry.token =
        options.algorithm === 'ES256'
          ? signEs256(claims, privateKey, kid)
          : signHs256(claims, options.signingSecret ?? options.secret);
    }
    return sendJson(res, 200, { token: entry.token });
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://company.invalid');
    if (req.method === 'GET' && url.pathname === '/login') {
      const service = url.searchParams.get('service') ?? '';
      if (!options.services.includes(service)) return send(res, 400, 'text/plain', 'unknown service');
      return loginForm(res, service, url.searchParams.get('state') ?? '');
    }
    if (req.method === 'POST' && url.pathname === '/login') {
      const form = new URLSearchParams(await readBody(req));
      const service = form.get('service') ?? '';
      const state = form.get('state') ?? '';
      if (!options.services.includes(service)) return send(res, 400, 'text/plain', 'unknown service');
      const login = form.get('username') ?? '';
      const person = Object.hasOwn(options.people, login) ? options.people[login] : undefined;
      if (!person || !equalText(person.password, form.get('password') ?? '')) {
        return loginForm(res, service, state, 'wrong name or password');
      }
      for (const [ticket, entry] of tickets) if (entry.expires <= now()) tickets.delete(ticket);
      const ticket = `ST-${randomBytes(24).toString('base64url')}`;
      tickets.set(ticket, { login, service, expires: now() + TICKET_TTL_MS });
      const back = new URL(service);
      back.searchParams.set('ticket', ticket);
      back.searchParams.set('state', state);
      res.writeHead(302, { location: back.href, 'cache-control': 'no-store' });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/validate') return validate(req, res);
    if (req.method === 'POST' && url.pathname === '/status') return status(req, res);
    if (req.method === 'GET' && url.pathname === '/jwks') return sendJson(res, 200, jwks);
    if (req.method === 'GET' && url.pathname === '/logout') {
      const service = url.searchParams.get('service') ?? '';
      const known = options.services.some((s) => service.startsWith(new URL(s).origin));
      if (!known) return send(res, 200, 'text/plain', 'signed out');
      res.writeHead(302, { location: service });
      return res.end();
    }
    return send(res, 404, 'text/plain', 'not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        sendJson(res, 400, { error: 'invalid_request', error_description: 'unreadable request' });
      else res.end();
    });
  });
  return {
    server,
    options,
    /** Listens on `port` (0: any free port) of `host`; answers the origin, e.g. `http://127.0.0.1:4100`. */
    listen(port = 0, host = '127.0.0.1') {
      return new Promise((resolve) => {
        server.listen(port, host, () => resolve(`http://${host}:${server.address().port}`));
      });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// `node server.js`: a demo company with two people.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const secret = process.env.CUSTOM_SSO_SECRET;
  if (!secret || Buffer.byteLength(secret) < 32) {
    console.error('set CUSTOM_SSO_SECRET to the secret shared with Plugin Center (at least 32 characters)');
    process.exit(1);
  }
  const service = process.env.SERVICE_URL ?? 'http://localhost:3000/api/uc/custom-sso/callback';
  const company = createCustomSsoServer({
    secret,
    issuer: process.env.ISSUER ?? 'https://sso.corp.example',
    services: [service],
    people: {
      alice: {
        password: 'alice-password',
        id: 'u-1001',
        email: 'alice@corp.example',
        name: 'Alice Liddell',
        department: 'Design Tools',
        e_id: 'E-1001',
        groups: ['staff', 'plugin-admins'],
      },
      bob: {
        password: 'bob-password',
        id: 'u-1002',
        email: 'bob@corp.example',
        name: 'Bob',
        status: 'disabled',
      },
    },
  });
  const origin = await company.listen(Number(process.env.PORT ?? 4100), process.env.HOST ?? '127.0.0.1');
  console.log(
    `custom SSO example on ${origin} (login ${origin}/login, validate ${origin}/validate, status ${origin}/status)`,
  );
}
