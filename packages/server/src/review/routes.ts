/**
 * The review domain's HTTP routes, each from its entry of the contract's route table: the review
 * list, the decision, and the audit log (administrators; 401/403 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import { tableRoute } from '../routeTable';
import type { ReviewService } from './service';

/** Options of {@link reviewRoutes}. */
export interface ReviewRoutesOptions {
  review: ReviewService;
}

/**
 * Fastify plugin with the review routes:
 * - `GET /api/cmt/plugin/audit/list` → `SubmissionPage` by audit status and keyword;
 * - `POST /api/cmt/plugin/audit/status` → the decided `Submission`; 400 INVALID_PARAMETER (reject
 *   without a reason), 404 PLUGIN_NOT_FOUND (no plugin, or nothing pending);
 * - `GET /api/cmt/manager/audit-log` → `AuditLogPage`, newest first, optionally one plugin's.
 */
export async function reviewRoutes(app: FastifyInstance, { review }: ReviewRoutesOptions): Promise<void> {
  tableRoute(app, 'backoffice', 'auditList', (request) =>
    review.auditList(
      request.query.status,
      request.query.keyword,
      request.query.cursor,
      request.query.page_size,
    ),
  );
  tableRoute(app, 'backoffice', 'auditStatus', (request) => review.review(request.user!, request.body));
  tableRoute(app, 'backoffice', 'auditLog', (request) =>
    review.auditLog(request.query.plugin_key, request.query.cursor, request.query.page_size),
  );
}
