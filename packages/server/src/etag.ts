/**
 * Conditional GET with strong entity tags (RFC 9110 §8.8.3 `ETag`, §13.1.2 `If-None-Match`,
 * §15.4.5 304 Not Modified), for answers a client polls (the editor's plugin list). The
 * tag is computed from the bytes of the answer, so it changes exactly when the answer does.
 *
 * Why not `@fastify/etag`: it compares `If-None-Match` to the tag as one exact string, so a header
 * listing several tags (what a client holding several answers sends) or a weak `W/` tag never
 * matches; RFC 9110 §13.1.2 asks for a list and the weak comparison. What is left is one SHA-256
 * (`node:crypto`) and a regular expression.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The strong entity tag of an answer's bytes: `"` + the first 128 bits of their SHA-256 in
 * base64url (22 characters) + `"`.
 */
export function strongEtag(payload: string | Uint8Array): string {
  return `"${createHash('sha256').update(payload).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether an `If-None-Match` header matches `etag` (RFC 9110 §13.1.2: `*`, or a comma-separated
 * list of entity tags compared with the weak comparison, so `W/"x"` matches `"x"`). A missing,
 * empty or malformed header matches nothing.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  for (const tag of value.matchAll(/(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"/g)) {
    if (tag[0].replace(/^W\//, '') === opaque) return true;
  }
  return false;
}

/**
 * A Fastify `onSend` hook for the routes of the context it is added to: a 200 answer to GET or HEAD
 * gets `ETag` ({@link strongEtag} of its serialised body) and, when the request's `If-None-Match`
 * matches it ({@link ifNoneMatchHits}), becomes 304 Not Modified with the `ETag` and no body. Other
 * statuses and methods pass untouched. Cost: one SHA-256 of the body (about 10 µs for 10 KB).
 */
export async function conditionalGetHook(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return payload;
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) return payload;
  const etag = strongEtag(payload);
  reply.header('etag', etag);
  if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return null;
}
