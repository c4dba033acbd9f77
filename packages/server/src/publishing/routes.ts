/**
 * The publishing domain's HTTP routes, each from its entry of the contract's route table: publish
 * and edit (multipart), the author's plugins, their listing state (unlist, relist, deprecate) and
 * deletion, the administrators' owner change, code download and batch upload, and the stored images
 * and videos.
 */
import multipart from '@fastify/multipart';
import { isAdminRole } from '@plugin-center/contract';
import { ApiErrorCode } from '@plugin-center/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { tableRoute } from '../routeTable';
import { registerRateLimits, sharedLimit } from '../shared/rateLimit';
import { MULTIPART_LIMITS, readBatchFile, readPublishForm } from './form';
import type { PluginListing } from './listing';
import type { PluginManagement } from './management';
import type { PublishingService } from './service';

/** Options of {@link publishingRoutes}. */
export interface PublishingRoutesOptions {
  publishing: PublishingService;
  management: PluginManagement;
  listing: PluginListing;
}

/** Content types of the stored files by extension (the key's extension comes from the sniffed bytes). */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/**
 * Fastify plugin with the publishing routes:
 * - `POST /api/cmt/plugin`, `PUT /api/cmt/plugin` (multipart, signed in) → `Submission`; 400
 *   INVALID_PARAMETER / UPLOAD_REJECTED with `field`, 403 FORBIDDEN (someone else's plugin), 404,
 *   409 VERSION_NOT_INCREASED, 413 PAYLOAD_TOO_LARGE; per account (`publishing.limits`): 429
 *   RATE_LIMITED with `Retry-After` beyond `perHour` requests of the two together in an hour
 *   (administrators exempt), 409 PENDING_LIMIT_REACHED and 413 STORAGE_QUOTA_EXCEEDED (service);
 * - `GET /api/cmt/plugin/audit` (signed in) → `SubmissionPage` of the caller's plugins;
 * - `GET /api/cmt/plugin/audit/history?plugin_key=` (the owner, or an administrator) →
 *   `SubmissionHistory`: the plugin's submissions, newest first; 403 FORBIDDEN, 404;
 * - `DELETE /api/cmt/plugin` (the owner, or an administrator; 403 FORBIDDEN otherwise, 404);
 * - `POST /api/cmt/plugin/unlist`, `relist`, `deprecate`, `undeprecate` (the owner, or an
 *   administrator) → `ListingState` (`listing.ts`); 400 INVALID_PARAMETER (deprecate: `message`,
 *   `replacement_plugin_key`), 403 FORBIDDEN, 404 PLUGIN_NOT_FOUND;
 * - `POST /api/cmt/manager/plugin/owner`, `POST
 *   /api/cmt/manager/plugins/upload`, `GET /api/cmt/manager/plugin/{id}/download`, `GET` and
 *   `DELETE /api/cmt/manager/plugins/batch` (one batch upload's plugins: count, delete)
 *   (administrators; 401/403 otherwise);
 * - `GET /api/cmt/file/{key}` (public): a stored image or video with its type, `nosniff`, a
 *   sandboxing CSP (no script can run from this path, even if a file were HTML) and a year of
 *   immutable caching (the key is the content hash); 404 when absent.
 */
export async function publishingRoutes(
  app: FastifyInstance,
  { publishing, management, listing }: PublishingRoutesOptions,
): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  await registerRateLimits(app);
  // One counter per account over publishes and new versions, checked before the body is read.
  const perHour = publishing.limits.perHour;
  const publishRate = sharedLimit(app, {
    max: perHour,
    windowMs: 60 * 60 * 1000,
    key: (request) => `publish:${request.user?.user_id ?? request.ip}`,
    exempt: (request) => isAdminRole(request.user?.role),
    message: (retryIn) =>
      `publish rate limit: an account may send at most ${perHour} publishes per hour (new versions included); retry in ${retryIn}`,
  });
  const limited = publishRate ? { preHandler: publishRate } : {};

  tableRoute(
    app,
    'plugin',
    'publish',
    async (request) => publishing.publish(request.user!, await readPublishForm(request)),
    limited,
  );
  tableRoute(
    app,
    'plugin',
    'edit',
    async (request) => publishing.edit(request.user!, await readPublishForm(request)),
    limited,
  );
  tableRoute(app, 'plugin', 'userPlugins', (request) =>
    publishing.userPlugins(request.user!, request.query.cursor, request.query.page_size),
  );
  tableRoute(app, 'plugin', 'submissionHistory', (request) =>
    publishing.submissionHistory(request.user!, request.query.plugin_key),
  );
  tableRoute(app, 'backoffice', 'assignOwner', (request) =>
    management.assignOwner(request.user!, request.body.plugin_key, request.body.email),
  );
  tableRoute(app, 'plugin', 'remove', (request) => management.remove(request.user!, request.body.plugin_key));
  tableRoute(app, 'plugin', 'unlist', (request) => listing.unlist(request.user!, request.body.plugin_key));
  tableRoute(app, 'plugin', 'relist', (request) => listing.relist(request.user!, request.body.plugin_key));
  tableRoute(app, 'plugin', 'deprecate', (request) => listing.deprecate(request.user!, request.body));
  tableRoute(app, 'plugin', 'undeprecate', (request) =>
    listing.undeprecate(request.user!, request.body.plugin_key),
  );
  tableRoute(app, 'backoffice', 'batchUpload', async (request, reply) => {
    // Cancelling the upload closes the connection before the answer is sent: the import stops after
    // the plugin it is writing (one listener on this response, not on the keep-alive socket).
    const cancel = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) cancel.abort();
    });
    const file = await readBatchFile(request);
    return management.batchUpload(request.user!, file.name, file.bytes, cancel.signal, file.batchId);
  });
  tableRoute(app, 'backoffice', 'batchStatus', (request) => management.batchStatus(request.query.batch_id));
  tableRoute(app, 'backoffice', 'batchRemove', (request) =>
    management.removeBatch(request.user!, request.body.batch_id),
  );
  tableRoute(app, 'backoffice', 'download', async (request, reply) => {
    const { bytes, fileName } = await management.download(request.user!, request.params.id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(bytes);
  });
  tableRoute(app, 'page', 'uploadedFile', async (request, reply) => {
    const key = request.params.key;
    const bytes = await publishing.storage.get(key);
    if (!bytes) throw new ApiError(ApiErrorCode.ROUTE_NOT_FOUND, `no stored file ${key}`);
    return reply
      .header(
        'content-type',
        CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream',
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });
}
