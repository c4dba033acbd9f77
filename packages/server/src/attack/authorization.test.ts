/**
 * The authorization matrix: every route of the contract's route table ×
 * visitor, user, another user, general administrator and super administrator, answered as
 * {@link EXPECTED} says — a table written here, independently of the `access` field of `ROUTES`, so
 * that a route whose table entry or guard is wrong fails, and a route added without an entry here
 * fails too. Rules (SPEC §6): `public` — nobody gets 401/403; `user` — a visitor gets exactly 401,
 * every signed-in role passes; `admin` — visitor 401, general users exactly 403 'Current account has
 * no permission', both administrator roles pass; `super` — as `admin`, but general
 * administrators get 403 too; `refresh` — the caller's refresh token as bearer
 * (none: 401); `metrics` — the server's scrape token only (`METRICS_TOKEN`, set here): every caller
 * of the matrix gets 401, an administrator's access token included; `planned` — 404 for everyone
 * until its issue lands. "Another user" also checks that
 * per-user resources stay the caller's own: identity, installed list and likes.
 */
import type { RouteDefinition } from '@plugin-center/contract';
import { ROUTES } from '@plugin-center/contract/routes';
import { Role } from '@plugin-center/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signInTestUser, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';

// 'super' (settings): super admins only; general admins get 403 like general users.
// 'owner': a signed-in route on one plugin for its owner and administrators; the matrix's plugin is
// nobody's, so both general users get 403.
type Expectation = 'public' | 'user' | 'owner' | 'admin' | 'super' | 'refresh' | 'metrics' | 'planned';
type Caller = 'visitor' | 'user' | 'other' | 'admin' | 'super';
const CALLERS: readonly Caller[] = ['visitor', 'user', 'other', 'admin', 'super'];

/** Who may call what: the product's rules (SPEC §6, §7; publisher analytics: the publisher's own plugins). */
const EXPECTED: Record<string, Expectation> = {
  'plugin.list': 'public',
  'plugin.suggest': 'public',
  'plugin.tagList': 'public',
  'plugin.detail': 'public',
  'plugin.recommendationList': 'public',
  'plugin.more': 'public',
  'plugin.view': 'public',
  'plugin.install': 'user',
  'plugin.uninstall': 'user',
  'plugin.installedList': 'user',
  'plugin.praise': 'user',
  'plugin.newUserSilentInstall': 'user',
  // The editor's side; "another user" is checked in plugins/editor.test.ts.
  'plugin.editorPlugins': 'user',
  'plugin.editorCode': 'user',
  'plugin.verify': 'user',
  'backoffice.analyticsOverview': 'admin',
  // By ownership (the caller's own plugins); the "another user" check is in publishing tests.
  'plugin.publisherAnalytics': 'user',
  'plugin.publish': 'user',
  'plugin.edit': 'user',
  // The owner's or an administrator's plugin; "another user" (403) is checked in listing.test.ts.
  'plugin.remove': 'user',
  'plugin.unlist': 'user',
  'plugin.relist': 'user',
  'plugin.deprecate': 'user',
  'plugin.undeprecate': 'user',
  'plugin.userPlugins': 'user',
  // The owner's or an administrator's; "another user" (403) is checked in pluginIdentity.test.ts.
  'plugin.submissionHistory': 'user',
  'backoffice.auditList': 'admin',
  'backoffice.auditStatus': 'admin',
  'backoffice.auditLog': 'admin',
  'backoffice.assignOwner': 'admin',
  'plugin.personalTokenList': 'user',
  'plugin.createPersonalToken': 'user',
  'plugin.revokePersonalToken': 'user',
  'backoffice.download': 'admin',
  'backoffice.batchUpload': 'admin',
  'backoffice.batchStatus': 'admin',
  'backoffice.batchRemove': 'admin',
  'backoffice.publishRecommendation': 'admin',
  'backoffice.setSilentInstall': 'admin',
  'backoffice.createResourceState': 'admin',
  'backoffice.disableResourceState': 'admin',
  'backoffice.resourceStateList': 'admin',
  // Curation: routes added by the "curation" part.
  'plugin.featuredList': 'public',
  'backoffice.curatedRecommendation': 'admin',
  'backoffice.silentInstallList': 'admin',
  'plugin.bannerList': 'public',
  'backoffice.saveBanner': 'admin',
  'backoffice.deleteBanner': 'admin',
  'backoffice.qrCodeList': 'admin',
  'backoffice.getIconfont': 'admin',
  'backoffice.saveIconfont': 'admin',
  'backoffice.getPexels': 'admin',
  'backoffice.savePexels': 'admin',
  'plugin.activityInfo': 'public',
  // Settings.
  'backoffice.saveSpaceSetting': 'admin',
  'backoffice.userList': 'admin',
  'backoffice.setUserRole': 'super',
  'backoffice.setUserStatus': 'admin',
  'backoffice.loginMethodList': 'admin',
  'backoffice.saveLoginMethod': 'super',
  // Ratings and reviews of plugins; the installer, author and owner rules (403) are checked in
  // ratings/ratings.test.ts.
  'plugin.ratingList': 'public',
  'plugin.saveRating': 'user',
  'plugin.deleteRating': 'user',
  'plugin.ratingHelpful': 'user',
  'plugin.saveRatingReply': 'user',
  'plugin.deleteRatingReply': 'user',
  'plugin.reportRating': 'user',
  'backoffice.ratingReportList': 'admin',
  'backoffice.moderateRating': 'admin',
  // A plugin's statistics: its owner and administrators.
  'plugin.pluginStats': 'owner',
  'plugin.pluginStatsCsv': 'owner',
  // Publishers; the once-only handle and the domain proof are checked in publishers/publishers.test.ts.
  'plugin.publisherPage': 'public',
  'plugin.myPublisher': 'user',
  'plugin.saveMyPublisher': 'user',
  'plugin.startDomainVerification': 'user',
  'plugin.checkDomainVerification': 'user',
  'backoffice.setPublisherVerified': 'admin',
  // Notifications: only the caller's own (another account's id answers 404 NOTIFICATION_NOT_FOUND,
  // checked in notifications/notifications.test.ts); the unsubscribe link needs no sign-in, its token
  // names the account.
  'plugin.notificationList': 'user',
  'plugin.readNotification': 'user',
  'plugin.readAllNotifications': 'user',
  'plugin.notificationPreferences': 'user',
  'plugin.saveNotificationPreferences': 'user',
  'page.notificationUnsubscribePage': 'public',
  'page.notificationUnsubscribe': 'public',
  'user.mstSpaceSetting': 'public',
  'user.mstSpaceSettingResource': 'public',
  // --- end of settings
  'user.signIn': 'public',
  'user.signUp': 'public',
  'user.exchangeCode': 'public',
  'user.valid': 'refresh',
  'user.refreshToken': 'refresh',
  'user.logout': 'refresh',
  'user.userInfo': 'user',
  'user.loginCode': 'user',
  'user.resetToken': 'user',
  'user.privateStandard': 'public',
  'user.thirdPartyAuthorize': 'public',
  'user.thirdPartyAuth': 'public',
  'user.oauth2Login': 'public',
  'user.thirdPartyBind': 'user',
  'user.spaceSetting': 'public',
  'collector.collect': 'public',
  'collector.collectByImage': 'public',
  'collector.collectByPixel': 'public',
  'collector.visualConfig': 'public',
  'collector.deeplink': 'public',
  'collector.collectPreflight': 'public',
  'collector.pixelPreflight': 'public',
  'collector.visualConfigPreflight': 'public',
  'collector.deeplinkPreflight': 'public',
  'page.loginPage': 'public',
  'page.loginPageSlash': 'public',
  'page.bindPage': 'public',
  'page.bindPageSlash': 'public',
  'page.loginScript': 'public',
  'page.loginStyle': 'public',
  'page.root': 'public',
  'page.appBare': 'public',
  'page.app': 'public',
  'page.uploadedFile': 'public',
  'page.trackerScript': 'public',
  'page.trackerSourceMap': 'public',
  'operation.health': 'public',
  'operation.openApi': 'public',
  'operation.metrics': 'metrics',
  'operation.versionKeys': 'public',
  // Mirroring: public while the server sets no MIRROR_FEED_TOKEN (mirror.test.ts tests the token).
  'operation.mirrorChanges': 'public',
  'operation.mirrorFile': 'public',
  'backoffice.mirrorStatus': 'admin',
  'backoffice.mirrorPull': 'admin',
  // Webhooks.
  'backoffice.webhookList': 'admin',
  'backoffice.webhookCreate': 'admin',
  'backoffice.webhookUpdate': 'admin',
  'backoffice.webhookDelete': 'admin',
  'backoffice.webhookDeliveries': 'admin',
  'backoffice.webhookRedeliver': 'admin',
  'backoffice.webhookTest': 'admin',
  'backoffice.webhookRotate': 'admin',
  // LDAP sign-in
  'user.ldapSignIn': 'public',
  // SAML 2.0 sign-in (404 LOGIN_METHOD_DISABLED here: the matrix's server has no SAML).
  'user.samlMetadata': 'public',
  'user.samlLogin': 'public',
  'user.samlAcs': 'public',
  'user.samlLogout': 'public',
  'user.samlSlo': 'public',
  'user.samlSloPost': 'public',
  // OpenID Connect with the deployment's provider (browser redirects; 404 when not configured).
  'user.oidcLogin': 'public',
  'user.oidcCallback': 'public',
  'user.oidcLogout': 'public',
  // Custom SSO with the company's own system (browser redirects; 404 when not configured).
  'user.customSsoLogin': 'public',
  'user.customSsoCallback': 'public',
  'user.customSsoLogout': 'public',
};

let t: TestApp;
let pluginKey: string;
const accounts = {} as Record<Exclude<Caller, 'visitor'>, number>;

/** Every table route as `[id, definition]`. */
const tableRoutes: [string, RouteDefinition][] = Object.entries(ROUTES).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteDefinition>).map(
    ([name, definition]) => [`${group}.${name}`, definition] as [string, RouteDefinition],
  ),
);

beforeAll(async () => {
  t = await createTestApp({ metricsToken: 'scrape-token-of-the-matrix' });
  pluginKey = (
    await t.app.db.kysely
      .selectFrom('plugin')
      .select('plugin_key')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).plugin_key;
  const roles = {
    user: Role.GENERAL_USER,
    other: Role.GENERAL_USER,
    admin: Role.GENERAL_ADMIN,
    super: Role.SUPER_ADMIN,
  };
  for (const [caller, role] of Object.entries(roles) as [Exclude<Caller, 'visitor'>, number][]) {
    accounts[caller] = (await signInTestUser(t.app, { role: role as 0 | 1 | 2 })).user_info.user_id;
  }
}, 60_000);
afterAll(async () => t?.close());

/** A request that passes validation where that is easy, so the answer is about access only. */
function requestOf(definition: RouteDefinition): { url: string; payload?: Record<string, unknown> } {
  const path = definition.path
    .replace('{product}', 'standard')
    .replace('{source}', 'github')
    .replace('{id}', '1')
    .replace('/*', '/');
  const body: Record<string, Record<string, unknown>> = {
    '/api/cmt/plugin/view': { plugin_key: pluginKey },
    '/api/cmt/plugin/user': { plugin_key: pluginKey },
    '/api/cmt/plugin/user/praise': { plugin_key: pluginKey, praise: 1 },
    // Ratings: an unknown plugin or review answers 404 to any signed-in caller.
    '/api/cmt/plugin/rating': { plugin_key: 'no-such-plugin', rating: 5 },
    '/api/cmt/plugin/rating/helpful': { review_id: 2_000_000_000, helpful: true },
    '/api/cmt/plugin/rating/reply': { review_id: 2_000_000_000, body: 'Thanks' },
    '/api/cmt/plugin/rating/report': { review_id: 2_000_000_000, reason: 'spam' },
    '/api/cmt/manager/rating/moderate': { review_id: 2_000_000_000, action: 'dismiss' },
    '/api/uc/user/reset_token': { e_id: 'enterprise-1' },
    // Settings: a valid role change (the user stays a general user).
    '/api/cmt/manager/users/role': { user_id: accounts.user, role: 0 },
    // Settings: enable an active user (a valid change that writes nothing).
    '/api/cmt/manager/users/status': { user_id: accounts.user, staff_status: 1 },
    // Settings: back to the environment's LDAP settings (a valid save that changes nothing).
    '/api/cmt/manager/login-methods': {
      method: 'ldap',
      use_environment: true,
      enable: false,
      logout_mode: 'default',
      logout_url: null,
      variables: {},
    },
  };
  if (
    (definition.path === '/api/cmt/plugin' && definition.method === 'GET') ||
    definition.path === '/api/cmt/plugin/more'
  ) {
    return { url: `${path}?plugin_key=${encodeURIComponent(pluginKey)}` };
  }
  if (definition.path === '/api/cmt/plugin/suggest') return { url: `${path}?q=a` };
  if (definition.path.startsWith('/api/cmt/plugin/stats')) {
    return { url: `${path}?plugin_key=${encodeURIComponent(pluginKey)}` };
  }
  if (definition.method === 'GET' || definition.method === 'OPTIONS') return { url: path };
  return { url: path, payload: body[definition.path] ?? {} };
}

/** Sends one route's request as `caller` with a fresh session (no call can sign another one out). */
async function send(definition: RouteDefinition, caller: Caller) {
  const headers: Record<string, string> = {};
  if (caller !== 'visitor') {
    const session = await t.app.identity.startSession(accounts[caller]);
    headers.authorization = `Bearer ${definition.access === 'refresh_token' ? session.refresh_token : session.access_token}`;
  }
  const { url, payload } = requestOf(definition);
  return t.app.inject({ method: definition.method as 'GET', url, headers, ...(payload ? { payload } : {}) });
}

/** Whether `status` is what `expectation` wants for `caller`. */
function allowed(expectation: Expectation, caller: Caller, status: number): boolean {
  switch (expectation) {
    case 'planned':
      return status === 404;
    case 'metrics':
      return status === 401;
    case 'public':
      return status !== 401 && status !== 403;
    case 'user':
    case 'refresh':
      return caller === 'visitor' ? status === 401 : status !== 401 && status !== 403;
    case 'owner':
    case 'admin':
      if (caller === 'visitor') return status === 401;
      if (caller === 'user' || caller === 'other') return status === 403;
      return status !== 401 && status !== 403;
    case 'super':
      if (caller === 'visitor') return status === 401;
      if (caller !== 'super') return status === 403;
      return status !== 401 && status !== 403;
  }
}

describe(`authorization matrix from the route table (${TEST_DIALECT})`, () => {
  it('has an expectation for every route of the table and none for a route that is not there', () => {
    const ids = tableRoutes.map(([id]) => id).sort();
    expect(Object.keys(EXPECTED).sort()).toEqual(ids);
  });

  it('answers every route × visitor, user, another user, general admin and super admin as the table says', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const [id, definition] of tableRoutes) {
      const expectation = EXPECTED[id]!;
      for (const caller of CALLERS) {
        const response = await send(definition, caller);
        cells += 1;
        if (!allowed(expectation, caller, response.statusCode)) {
          mismatches.push(
            `${id} (${definition.method} ${definition.path}) as ${caller}: expected ${expectation}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
        if (
          response.statusCode === 403 &&
          String(response.headers['content-type']).startsWith('application/json')
        ) {
          expect(body<{ message: string }>(response).message).toBe('Current account has no permission');
        }
      }
    }
    console.log(
      `authorization matrix ${TEST_DIALECT}: ${tableRoutes.length} routes × ${CALLERS.length} callers = ${cells} cells, ${mismatches.length} mismatches`,
    );
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("keeps per-user resources the caller's own: identity, installed list, likes", async () => {
    const user = await t.app.identity.startSession(accounts.user);
    const other = await t.app.identity.startSession(accounts.other);
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const [mine, theirs] = await Promise.all(
      [user, other].map((s) =>
        t.app.inject({ method: 'GET', url: '/api/uc/user/userinfo', headers: as(s.access_token) }),
      ),
    );
    expect(body<{ data: { user_id: number } }>(mine!).data.user_id).toBe(accounts.user);
    expect(body<{ data: { user_id: number } }>(theirs!).data.user_id).toBe(accounts.other);

    const key = (
      await t.app.db.kysely
        .selectFrom('plugin')
        .select('plugin_key')
        // Not the plugin of the matrix above (the first by id), which every caller liked.
        .orderBy('id')
        .offset(1)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).plugin_key;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/cmt/plugin/user',
          headers: as(user.access_token),
          payload: { plugin_key: key },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/cmt/plugin/user/praise',
          headers: as(user.access_token),
          payload: { plugin_key: key, praise: 1 },
        })
      ).statusCode,
    ).toBe(200);
    const installed = async (token: string) =>
      body<{ data: { plugin_list: { plugin_key: string }[] } }>(
        await t.app.inject({ method: 'GET', url: '/api/cmt/plugin/user', headers: as(token) }),
      ).data.plugin_list.map((p) => p.plugin_key);
    expect(await installed(user.access_token)).toContain(key);
    expect(await installed(other.access_token)).not.toContain(key);
    const praised = async (token: string) =>
      body<{ data: { is_praise: boolean } }>(
        await t.app.inject({
          method: 'GET',
          url: `/api/cmt/plugin?plugin_key=${encodeURIComponent(key)}`,
          headers: as(token),
        }),
      ).data.is_praise;
    expect(await praised(user.access_token)).toBe(true);
    expect(await praised(other.access_token)).toBe(false);
  });
});
