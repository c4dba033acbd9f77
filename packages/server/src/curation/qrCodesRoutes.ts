/**
 * The contact QR route, from its entry of the contract's route table, as its own
 * Fastify plugin.
 */
import type { ContactQr } from '@plugin-center/contract';
import type { FastifyInstance } from 'fastify';
import { tableRoute } from '../routeTable';

/** Options of {@link qrCodesRoutes}. */
export interface QrCodesRoutesOptions {
  /** The configured codes (`CONTACT_QR_CODES`, see `config/curation.ts`), in order. */
  codes: readonly ContactQr[];
}

/**
 * Fastify plugin with `GET /api/cmt/manager/qr-code/list` (admin; 401 UNAUTHORIZED, 403 FORBIDDEN
 * otherwise) → the configured `ContactQr[]` (`{ name, img_url }`), `[]` when none is configured.
 */
export async function qrCodesRoutes(app: FastifyInstance, { codes }: QrCodesRoutesOptions): Promise<void> {
  tableRoute(app, 'backoffice', 'qrCodeList', () => codes.map((code) => ({ ...code })));
}
