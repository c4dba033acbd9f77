/**
 * The banner routes, each from its entry of the contract's route table, in their own
 * Fastify plugin (with its own multipart parser and limits).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { tableRoute } from '../routeTable';
import { BANNER_MULTIPART_LIMITS, readBannerForm } from './bannerForm';
import type { BannerService } from './banners';

/** Options of {@link bannerRoutes}. */
export interface BannerRoutesOptions {
  banners: BannerService;
}

/**
 * Fastify plugin with the banner routes (SPEC §7):
 * - `GET /api/cmt/plugin-banner/all` (public) → `Banner[]` in carousel order;
 * - `PUT /api/cmt/manager/plugin-banner` (admin, multipart `SaveBannerFields` + file `image`) → the
 *   saved `Banner`; 400 INVALID_PARAMETER ('Wrong url, please try again' for a bad link) or
 *   UPLOAD_REJECTED with `field`, 404 BANNER_NOT_FOUND, 413 PAYLOAD_TOO_LARGE, 415 not multipart;
 * - `DELETE /api/cmt/manager/plugin-banner` (admin, JSON `{ id }`) → `{ id }`; 404 BANNER_NOT_FOUND.
 * Administrators only where marked: 401 UNAUTHORIZED, 403 FORBIDDEN otherwise.
 */
export async function bannerRoutes(app: FastifyInstance, { banners }: BannerRoutesOptions): Promise<void> {
  await app.register(multipart, { limits: BANNER_MULTIPART_LIMITS, throwFileSizeLimit: true });
  tableRoute(app, 'plugin', 'bannerList', () => banners.list());
  tableRoute(app, 'backoffice', 'saveBanner', async (request) =>
    banners.save(request.user!, await readBannerForm(request)),
  );
  tableRoute(app, 'backoffice', 'deleteBanner', (request) => banners.remove(request.user!, request.body.id));
}
