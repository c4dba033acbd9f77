/**
 * The signatures domain's HTTP route: the public keys of version signatures, a JWKS at
 * `/.well-known/plugin-center/jwks.json` (the table's `operation.versionKeys`).
 */
import type { FastifyInstance } from 'fastify';
import { ifNoneMatchHits, strongEtag } from '../etag';
import { tableRoute } from '../routeTable';
import { type UpstreamPublicKey, withUpstreamKeys } from '../shared/upstreamKeys';
import type { VersionSigner } from './versionSigner';

/** How long a client may reuse the JWKS, s (a client meeting an unknown `kid` fetches it again). */
export const VERSION_KEYS_MAX_AGE = 300;

/** Options of {@link signatureRoutes}. */
export interface SignatureRoutesOptions {
  signer: VersionSigner;
  /**
   * More public keys to answer after the instance's own: a mirror's upstreams' keys, whose
   * signatures its mirrored versions carry (docs/mirroring.md). Keys whose `kid` is one of the
   * instance's are left out.
   */
  extraKeys?: () => Promise<UpstreamPublicKey[]>;
}

/**
 * Fastify plugin with `GET /.well-known/plugin-center/jwks.json` → the `VersionKeySet` as
 * `application/jwk-set+json` (RFC 7517 §8.5), public, `Cache-Control: public, max-age=300`, with a
 * strong `ETag` (304 on a matching `If-None-Match`).
 */
export async function signatureRoutes(
  app: FastifyInstance,
  { signer, extraKeys }: SignatureRoutesOptions,
): Promise<void> {
  tableRoute(app, 'operation', 'versionKeys', async (request, reply) => {
    const own = await signer.keySet();
    const set = extraKeys ? { keys: withUpstreamKeys(own.keys, await extraKeys()) } : own;
    const body = JSON.stringify(set);
    const etag = strongEtag(body);
    reply
      .header('cache-control', `public, max-age=${VERSION_KEYS_MAX_AGE}`)
      .header('etag', etag)
      .header('access-control-allow-origin', '*');
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/jwk-set+json').send(body);
  });
}
