/**
 * The activity route, from its entry of the contract's route table, as its own Fastify
 * plugin.
 */
import type { FastifyInstance } from 'fastify';
import { tableRoute } from '../routeTable';
import type { ActivityService } from './activity';

/** Options of {@link activityRoutes}. */
export interface ActivityRoutesOptions {
  activities: ActivityService;
}

/**
 * Fastify plugin with `GET /api/cmt/activity/activity/info?activity_id=` (public) → `ActivityInfo`
 * (`view_num` counting this call, `participate_num`, `cover`, `tutorial_url`); 400 INVALID_PARAMETER
 * for a missing or malformed `activity_id`, 404 ACTIVITY_NOT_FOUND for one not configured.
 */
export async function activityRoutes(
  app: FastifyInstance,
  { activities }: ActivityRoutesOptions,
): Promise<void> {
  tableRoute(app, 'plugin', 'activityInfo', (request) => activities.info(request.query.activity_id));
}
