/**
 * HTTP routes of the settings domain, each from its entry of the contract's route table:
 * - `GET /api/pix/spaces/setting?space_id=2`, `GET /api/pix/mst/spaces/setting` (public) →
 *   `SpaceSetting` (brand, topic colour, login storage; defaults until an administrator saves);
 * - `GET /api/pix/mst/spaces/setting/resource?key=brand|template|login_storage` (public) →
 *   `SpaceSettingResource`; 400 INVALID_PARAMETER for another key;
 * - `PUT /api/cmt/manager/space-setting` (admin) body `SpaceSettingBody` → `SpaceSetting`;
 * - `GET`/`PUT /api/cmt/manager/space-setting/iconfont` (admin) → `IconfontConfig` (secret masked);
 *   400 INVALID_PARAMETER with `field` for a half account or a masked text that was not shown;
 * - `GET`/`POST /api/cmt/srv/config/pexels` (admin) → `PexelsConfig` (API key masked);
 * - `GET /api/cmt/manager/login-methods` (admin) → `LoginMethodList` (secrets masked);
 * - `PUT /api/cmt/manager/login-methods` (super admin) body `SaveLoginMethodBody` →
 *   `LoginMethodSetting`, in force at once here (`onLoginMethodSaved`) and within 2 s in the other
 *   processes; 403 FORBIDDEN for a general admin; 400 INVALID_PARAMETER with `field` naming the
 *   variable the configuration refuses (`loginMethods.ts`).
 * Administrators only where marked: 401 UNAUTHORIZED, 403 FORBIDDEN 'Current account has no
 * permission' otherwise. Saves are audit-logged without their secrets.
 */
import type { FastifyInstance } from 'fastify';
import { tableRoute } from '../routeTable';
import type { LoginMethodSettings } from './loginMethods';
import type { SettingsService } from './service';

/** Options of {@link settingsRoutes}. */
export interface SettingsRoutesOptions {
  settings: SettingsService;
  loginMethods: LoginMethodSettings;
  /** Called after a sign-in method was saved (puts it in force in this process). */
  onLoginMethodSaved(): Promise<void>;
}

/** Fastify plugin with the settings routes (see the module comment). */
export async function settingsRoutes(
  app: FastifyInstance,
  { settings, loginMethods, onLoginMethodSaved }: SettingsRoutesOptions,
): Promise<void> {
  tableRoute(app, 'user', 'spaceSetting', () => settings.spaceSetting());
  tableRoute(app, 'user', 'mstSpaceSetting', () => settings.spaceSetting());
  tableRoute(app, 'user', 'mstSpaceSettingResource', (request) =>
    settings.spaceSettingResource(request.query.key),
  );
  tableRoute(app, 'backoffice', 'saveSpaceSetting', (request) =>
    settings.saveSpaceSetting(request.user!, request.body),
  );
  tableRoute(app, 'backoffice', 'getIconfont', () => settings.iconfont());
  tableRoute(app, 'backoffice', 'saveIconfont', (request) =>
    settings.saveIconfont(request.user!, request.body),
  );
  tableRoute(app, 'backoffice', 'getPexels', () => settings.pexels());
  tableRoute(app, 'backoffice', 'savePexels', (request) => settings.savePexels(request.user!, request.body));
  tableRoute(app, 'backoffice', 'loginMethodList', () => loginMethods.list());
  tableRoute(app, 'backoffice', 'saveLoginMethod', async (request) => {
    const saved = await loginMethods.save(request.user!, request.body);
    await onLoginMethodSaved();
    return saved;
  });
}
