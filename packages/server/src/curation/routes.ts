/**
 * The curation domain's HTTP routes, each from its entry of the
 * contract's route table:
 * - resource positions (featured slots): `POST plugin/resource_state`,
 *   `PUT plugin/resource_state/disable` (query id, is_disabled), `GET plugin/resource_state/list`
 *   (administrators) and the square's `GET plugin/resource_state/active` (public);
 * - recommendations: `POST plugin/recommendation/publish`, `GET plugin/recommendation/curated`
 *   (administrators);
 * - silent install: `PUT plugin/silent_install`, `GET plugin/silent_install/list` (administrators).
 * Administrative writes are audit-logged. Banners, QR codes and activities (`banner*`, `qrCodes*`,
 * `activity*` in this folder) register their own routes.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { tableRoute } from '../routeTable';
import type { CurationContext } from './context';
import { curatedRecommendation, publishRecommendation } from './recommendations';
import {
  createPosition,
  featuredSlots,
  listPositionPage,
  setPositionDisabledState,
} from './resourcePositions';
import { setSilentInstall, silentInstallList } from './silentInstall';

/** Options of {@link curationRoutes}. */
export interface CurationRoutesOptions {
  db: Database;
  /** Current time, ms (default `Date.now`): the slots' statuses and the featured area. */
  clock?: () => number;
}

/** Fastify plugin with the curation routes above (errors as documented on each service function). */
export async function curationRoutes(
  app: FastifyInstance,
  { db, clock = Date.now }: CurationRoutesOptions,
): Promise<void> {
  const ctx: CurationContext = { db, clock };

  tableRoute(app, 'backoffice', 'createResourceState', (request) =>
    createPosition(ctx, request.user!, request.body),
  );
  tableRoute(app, 'backoffice', 'disableResourceState', (request) => {
    const flag = request.query.is_disabled;
    return setPositionDisabledState(ctx, request.user!, request.query.id, flag === true || flag === 1);
  });
  tableRoute(app, 'backoffice', 'resourceStateList', (request) => listPositionPage(ctx, request.query));
  tableRoute(app, 'plugin', 'featuredList', (request) => featuredSlots(ctx, request.query.lang));

  tableRoute(app, 'backoffice', 'publishRecommendation', (request) =>
    publishRecommendation(ctx, request.user!, request.body.plugin_keys),
  );
  tableRoute(app, 'backoffice', 'curatedRecommendation', (request) =>
    curatedRecommendation(ctx, request.query.lang),
  );

  tableRoute(app, 'backoffice', 'setSilentInstall', (request) =>
    setSilentInstall(ctx, request.user!, request.body.plugin_key, request.body.is_default_install),
  );
  tableRoute(app, 'backoffice', 'silentInstallList', (request) => silentInstallList(ctx, request.query.lang));
}
