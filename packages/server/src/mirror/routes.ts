/**
 * The mirroring domain's HTTP routes (docs/mirroring.md): the feed an upstream answers its mirrors
 * (`operation.mirrorChanges`, `GET /api/cmt/mirror/changes`) and its files (`operation.mirrorFile`),
 * and the back office's status (`backoffice.mirrorStatus`) and "pull now" (`backoffice.mirrorPull`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { tableRoute } from '../routeTable';
import { bearerToken } from '../shared/auth';
import type { FileStorage } from '../shared/storage/fileStorage';
import { isMirrorableFile, readChanges } from './feed';
import type { MirrorService } from './service';

/** Options of {@link mirrorRoutes}. */
export interface MirrorRoutesOptions {
  db: Database;
  /** Where the versions' files are stored. */
  storage: FileStorage;
  /** `MIRROR_FEED_TOKEN`: the token the feed asks for; undefined: the feed is public. */
  feedToken?: string | undefined;
  /** The mirror side: the back office's status and "pull now". */
  mirror: MirrorService;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Fastify plugin with `GET /api/cmt/mirror/changes?since=&limit=` → `MirrorChanges` (`feed.ts`
 * readChanges): the changes after the cursor, in sequence order. With a feed token the caller must
 * send it as `Authorization: Bearer <token>` (compared in constant time), else 401 UNAUTHORIZED.
 * Read from the primary (a cursor must never run ahead of what a replica has).
 */
export async function mirrorRoutes(
  app: FastifyInstance,
  { db, storage, feedToken, mirror }: MirrorRoutesOptions,
): Promise<void> {
  const expected = feedToken ? digest(feedToken) : undefined;
  const checkToken = (authorization: string | undefined) => {
    if (!expected) return;
    const sent = bearerToken(authorization);
    if (sent === null || !timingSafeEqual(digest(sent), expected))
      throw new ApiError(
        ApiErrorCode.UNAUTHORIZED,
        'send the feed token of the server (MIRROR_FEED_TOKEN) as Authorization: Bearer <token>',
      );
  };
  tableRoute(app, 'operation', 'mirrorChanges', async (request, reply) => {
    checkToken(request.headers.authorization);
    reply.header('cache-control', 'no-store');
    return readChanges(db.kysely, request.query.since, request.query.limit);
  });
  tableRoute(app, 'operation', 'mirrorFile', async (request, reply) => {
    checkToken(request.headers.authorization);
    const key = request.params.key;
    const notFound = () => new ApiError(ApiErrorCode.ROUTE_NOT_FOUND, `no stored file ${key} to mirror`);
    if (!(await isMirrorableFile(db.kysely, key))) throw notFound();
    const bytes = await storage.get(key);
    if (!bytes) throw notFound();
    return reply
      .header('content-type', 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'no-store')
      .send(bytes);
  });
  tableRoute(app, 'backoffice', 'mirrorStatus', () => mirror.status());
  tableRoute(app, 'backoffice', 'mirrorPull', async () => {
    if (!mirror.config?.upstream)
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        'this deployment is not a mirror: set UPSTREAM_URL (docs/mirroring.md)',
      );
    await mirror.pull();
    return mirror.status();
  });
}
