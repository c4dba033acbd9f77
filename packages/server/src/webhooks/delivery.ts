/**
 * Sending one webhook message the Standard Webhooks way (https://www.standardwebhooks.com/, spec
 * "Signature scheme"): headers `webhook-id` (the message id, `msg_…`, the same on every attempt),
 * `webhook-timestamp` (Unix seconds of this attempt) and `webhook-signature`
 * (`v1,<base64 of HMAC-SHA256 over "<id>.<timestamp>.<body>" keyed with the secret's bytes>`).
 * The secret is shown as `whsec_<base64 of its bytes>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './ssrf';

/** Prefix of a shown secret. */
export const SECRET_PREFIX = 'whsec_';
/** Bytes of a new endpoint's secret (Standard Webhooks asks for 24 to 64). */
export const SECRET_BYTES = 32;
/** The time one attempt may take, ms. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a response's body is kept in the log, bytes. */
export const RESPONSE_BODY_MAX = 2048;

/** A new secret's bytes. */
export function newSecret(): Buffer {
  return randomBytes(SECRET_BYTES);
}

/** A new message id: `msg_` and 24 base64url characters (18 random bytes). */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64url')}`;
}

/** The `webhook-signature` value of `body` sent with `id` at `timestamp` (Unix seconds). */
export function signature(secret: Buffer, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The `webhook-signature` value of `body` signed with each of `secrets` (the current one first, then
 * one a rotation replaced), space-separated: `v1,<new> v1,<old>`.
 */
export function signatures(secrets: readonly Buffer[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => signature(secret, id, timestamp, body)).join(' ');
}

/** The result of one attempt: a response (any status) or an error before one. */
export type AttemptResult =
  | { ok: boolean; status: number; body: string; error: null }
  | { ok: false; status: null; body: null; error: string };

/** Sends one request (injectable for tests). */
export type Poster = (
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
) => Promise<AttemptResult>;

/**
 * POSTs `body` to `url`, connecting to `address` (vetted, so no second DNS lookup), within
 * `timeoutMs` ({@link DELIVERY_TIMEOUT_MS} by default in the service); keeps the first {@link RESPONSE_BODY_MAX} bytes of the response.
 * A 2xx status is `ok`. Redirects are not followed. Never throws.
 */
export const httpPoster: Poster = (url, address, headers, body, timeoutMs) =>
  new Promise((resolve) => {
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
      } else callback(null, address.address, address.family);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_MAX).toString('utf8');
          finish({ ok: status >= 200 && status < 300, status, body: text, error: null });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_BODY_MAX) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_BODY_MAX) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, body: null, error: `no response within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    timer.unref();
    req.on('error', (error) => finish({ ok: false, status: null, body: null, error: error.message }));
    req.end(body);
  });
