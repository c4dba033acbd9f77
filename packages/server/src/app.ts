/**
 * `buildApp(config)`: the whole server as one Fastify instance — database migrated, catalogue
 * imported on first start, the domain plugins registered, OpenAPI generated — ready for `listen()`
 * or for tests that drive it with `inject()`.
 */

import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LOGIN_PAGE_PATH } from '@plugin-center/contract';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { registerAppStatic, registerTrackerScript } from './appStatic';
import { scheduleUpstreamPulls, startPurge, upkeepAtStart } from './appUpkeep';
import { setReadCache } from './cache';
import { collectorRoutes } from './collector/routes';
import { DEFAULT_REDIS_KEY_PREFIX } from './config/database';
import { DIRECTORY_METHODS, METHOD_FIELD } from './config/loginMethods';
import {
  resolveCollectorConfig,
  resolveIdentityConfig,
  resolveMailConfig,
  resolvePublishLimits,
  type ServerConfig,
} from './config/serverConfig';
import { ActivityService } from './curation/activity';
import { activityRoutes } from './curation/activityRoutes';
import { bannerRoutes } from './curation/bannerRoutes';
import { BannerService } from './curation/banners';
import { qrCodesRoutes } from './curation/qrCodesRoutes';
import { curationRoutes } from './curation/routes';
import { installDefaultsOnAccountCreated } from './curation/silentInstall';
import { shareChanges } from './db/changes';
import { createDatabase, type Database, openPostgres } from './db/database';
import { migrate } from './db/migrate';
import { attachReplica, ReadReplica, replicaOf } from './db/readReplica';
import { frameworkErrors, installErrorHandling } from './errors';
import { siteWithSignUp } from './identity/loginMethods';
import { identityRoutes } from './identity/routes';
import { IdentityService } from './identity/service';
import { ThirdPartyProviders } from './identity/thirdParty';
import { loginPageRoutes } from './loginPage/routes';
import { registerMetrics } from './metrics';
import { mirrorRoutes } from './mirror/routes';
import { MirrorService } from './mirror/service';
import { notificationsRoutes } from './notifications/routes';
import { NotificationsService } from './notifications/service';
import { OPENAPI_OPTIONS } from './openapi';
import { getShareCard } from './plugins/detail';
import { pluginsRoutes } from './plugins/routes';
import type { TxtResolver } from './publishers/dns';
import { publishersRoutes } from './publishers/routes';
import { PublishersService } from './publishers/service';
import { PluginListing } from './publishing/listing';
import { PluginManagement } from './publishing/management';
import { publishingRoutes } from './publishing/routes';
import { PublishingService } from './publishing/service';
import { ratingsRoutes } from './ratings/routes';
import { RatingsService } from './ratings/service';
import { analyticsReportRoutes } from './reports/routes';
import { echoRequestId, RedactingLogController, requestId, serializeRequest } from './requestLog';
import { reviewRoutes } from './review/routes';
import { ReviewService } from './review/service';
import { recordRoutes, tableRoute } from './routeTable';
import { ensureSearchIndex } from './search/indexer';
import { LoginMethodSettings } from './settings/loginMethods';
import { settingsRoutes } from './settings/routes';
import { loadSecretBox } from './settings/secrets';
import { SettingsService } from './settings/service';
import { authPlugin } from './shared/auth';
import { attachCoordination, Coordination, databaseName } from './shared/coordination';
import { createFileStorage } from './shared/storage/createFileStorage';
import { signatureRoutes } from './signatures/routes';
import { VersionSigner } from './signatures/versionSigner';
import { resolveSiteConfig } from './site';
import { validatorCompiler } from './validation';
import { registerWebhooks } from './webhooks/emit';
import { webhooksRoutes } from './webhooks/routes';
import { type WebhooksOptions, WebhooksService } from './webhooks/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database of this server (closed with the instance). */
    db: Database;
    /** The identity service (accounts, sessions, tokens) of this server. */
    identity: IdentityService;
    /** Publishing and review: submissions, the audit log, uploaded files. */
    publishing: PublishingService;
    /** Settings: the space setting and the external accounts (secrets sealed). */
    settings: SettingsService;
    /** Authors' notifications and their e-mail (`SMTP_URL`). */
    notifications: NotificationsService;
    /** Webhook endpoints, deliveries and their worker. */
    webhooks: WebhooksService;
    /** Mirroring: pulls from the upstream (`UPSTREAM_URL`), bundle imports, the last pull. */
    mirror: MirrorService;
  }
}

/** Options of {@link buildApp} beyond the configuration. */
export interface BuildAppOptions {
  /** Use this open database instead of opening one from the config (the app still closes it). */
  database?: Database;
  /** Current time, ms since the epoch (default `Date.now`): expiry of login codes and tokens. */
  clock?: () => number;
  /**
   * Receives the one line printed on first start when an administrator is created with a
   * generated password (default: written to stdout).
   */
  announce?: (line: string) => void;
  /** More Fastify plugins registered on the root after the built-in routes (embedding, tests). */
  plugins?: FastifyPluginAsync[];
  /**
   * The environment the configuration was read from (default `process.env`): the back office shows
   * its directory-method variables beside the saved ones, and reads saved values on top of it.
   */
  environment?: NodeJS.ProcessEnv;
  /**
   * The TXT lookup of the publishers' domain check (default `node:dns/promises` `resolveTxt`):
   * tests hand one they control, so no test asks the real DNS.
   */
  resolveTxt?: TxtResolver;
  /**
   * The webhooks' resolver, poster, retry schedule and worker's longest wait (defaults: `node:dns`,
   * HTTP, `RETRY_DELAYS_MS`, 1 minute); tests hand a resolver and a schedule they control. The
   * retention comes from `config.webhookRetentionDays` unless given here.
   */
  webhooks?: Omit<WebhooksOptions, 'clock' | 'log'>;
}

export { SERVER_VERSION } from './openapi';

/** Largest request body accepted, bytes (larger → 413 PAYLOAD_TOO_LARGE). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * The Fastify logger options of `logger` (`LOG_LEVEL`): off stays off; otherwise the `req`
 * serializer blanks one-time secrets in the logged URL (`requestLog.ts`).
 */
function loggerOptions(logger: ServerConfig['logger']): false | Record<string, unknown> {
  if (logger === false) return false;
  const options: Record<string, unknown> = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...(options.serializers as Record<string, unknown> | undefined), req: serializeRequest },
  };
}

/**
 * Builds the server: opens the database (SQLite or PostgreSQL per `config.databaseUrl`), runs the
 * migrations, does the start's upkeep (`appUpkeep.ts` upkeepAtStart: the catalogue imported into
 * an empty database, the backfills, the version-signing keys and the signatures of older versions)
 * and starts its timers (the hourly purge, the upstream's pulls), and registers: the `plugins`
 * routes and the analytics dashboards (`analytics-report`) under `/api/cmt/`, the analytics
 * collector (`/sa`, `/config/visualized/Web.conf`, `/sdk/deeplink/param`; `collector/`),
 * `GET /healthz` (`{ status: 'ok', database: 'sqlite' | 'postgres' }`), the OpenAPI 3 document at
 * `GET /api/openapi.json`, the Prometheus metrics at `GET /metrics` (with `config.metricsToken`;
 * `metrics.ts`), the built app under `/plugins/` (`/` redirects there), and the tracker's
 * script-tag build at `/sdk/analytics.iife.js` (`config.trackerScript`). Uploaded files go to the
 * storage `createFileStorage` picks (`config.s3`, else `<dataDir>/uploads`). Every request gets an
 * id (`requestLog.ts` requestId: a well-formed `X-Request-Id` or a random UUID) that its log lines
 * carry as `reqId` and its answer as `X-Request-Id`. Resolves once the instance is ready; closing
 * the instance closes the database and the storage's connections.
 *
 * @throws MigrationError / CatalogueFileError when the database or the catalogue cannot be set up
 *   (the database is closed again).
 */
export async function buildApp(
  config: ServerConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const db = options.database ?? createDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    await migrate(db);
    await ensureSearchIndex(db);
    // The secrets key from SECRETS_KEY or DATA_DIR/secrets.key (never logged): it seals the
    // settings' secrets, the access-token signing keys and the version-signing keys.
    const secrets = await loadSecretBox({ dataDir: config.dataDir, environmentKey: config.secretsKey });
    // What loading the signing keys has to say, logged once the logger exists.
    const keyNotes: { level: 'info' | 'warn' | 'error'; message: string }[] = [];
    const identity = await IdentityService.create(db, resolveIdentityConfig(config), secrets.box, {
      replaceUnreadableSigningKeys: true,
      log: {
        info: (message) => keyNotes.push({ level: 'info', message }),
        warn: (message) => (app ? app.log.warn(message) : keyNotes.push({ level: 'warn', message })),
        error: (message) => keyNotes.push({ level: 'error', message }),
      },
      ...(options.clock ? { clock: options.clock } : {}),
      // Curation: new accounts get the default (silent) install set in their transaction.
      onAccountCreated: installDefaultsOnAccountCreated(db),
    });
    await identity.ensureAdministrator(
      options.announce ?? ((line) => process.stdout.write(`${line}\n`)),
      (config.site ?? resolveSiteConfig()).locales[0] ?? 'en-US',
    );
    app = Fastify({
      logger: loggerOptions(config.logger),
      // Login codes and tokens of query strings are blanked in every logged URL (requestLog.ts).
      logController: new RedactingLogController({ disableRequestLogging: config.production }),
      // Every log line of a request carries its id: a well-formed X-Request-Id, else a random one.
      genReqId: requestId,
      bodyLimit: BODY_LIMIT,
      return503OnClosing: true,
      // Who the client is behind reverse proxies (TRUST_PROXY): request.ip, rate limits.
      trustProxy: config.trustProxy ?? false,
      frameworkErrors,
    }).withTypeProvider<TypeBoxTypeProvider>() as unknown as FastifyInstance;
    app.setValidatorCompiler(validatorCompiler);
    app.addHook('onRequest', echoRequestId);
    recordRoutes(app);
    app.decorate('db', db);
    app.decorate('identity', identity);
    const storage = await createFileStorage(config);
    const publishing = new PublishingService(db, storage, {
      ...(options.clock ? { clock: options.clock } : {}),
      limits: resolvePublishLimits(config),
    });
    app.decorate('publishing', publishing);
    for (const note of keyNotes) app.log[note.level](note.message);
    const settings = new SettingsService(db, secrets.box, {
      defaultLoginStorage: identity.settings.loginStorage,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    app.decorate('settings', settings);
    // Directory sign-in methods saved in the back office replace the environment's per method.
    const environmentAccess = structuredClone(identity.settings.privateLoginConfig);
    const environmentConfigured = new Set(
      DIRECTORY_METHODS.filter(
        (method) =>
          (identity.settings as unknown as Record<string, unknown>)[METHOD_FIELD[method]] !== undefined,
      ),
    );
    const loginMethods = new LoginMethodSettings(db, secrets.box, {
      environment: {
        values: options.environment ?? process.env,
        configured: (method) => environmentConfigured.has(method),
        access: (method) =>
          environmentAccess[method] ?? { enable: true, logout_mode: 'default', logout_url: null },
      },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    identity.directorySettingsLoader = () => loginMethods.saved();
    await identity.refreshDirectorySettings(true);
    if (secrets.source === 'generated') {
      app.log.info(
        { file: secrets.file, key_id: secrets.box.keyId },
        'generated the secrets key: back it up',
      );
    }
    if (secrets.warning) app.log.warn(secrets.warning);
    for (const problem of await settings.unreadableSecrets()) app.log.error(problem);
    setReadCache(db, config.readCache !== false);
    // Several processes on one database: invalidation and rate limits through Redis (REDIS_URL).
    const coordination = config.redisUrl
      ? new Coordination({
          url: config.redisUrl,
          keyPrefix: config.redisKeyPrefix ?? DEFAULT_REDIS_KEY_PREFIX,
          log: app.log,
        })
      : undefined;
    if (coordination) {
      attachCoordination(db, coordination);
      shareChanges(db, coordination, databaseName(config));
    }
    // A streaming replica for the public reads and the dashboards (DATABASE_REPLICA_URL).
    if (config.databaseReplicaUrl && db.dialect === 'postgres') {
      attachReplica(
        db,
        new ReadReplica(db, openPostgres(config.databaseReplicaUrl), config.databaseReplicaMaxLagMs),
      );
    }
    const purge = startPurge(app, identity, publishing);
    // Authors' notifications: in the app, and by e-mail with SMTP_URL in the site's first locale
    // (accounts keep no language).
    const notifications = new NotificationsService(db, {
      ...(options.clock ? { clock: options.clock } : {}),
      locale: (config.site ?? resolveSiteConfig()).locales[0] ?? 'en-US',
      locales: (config.site ?? resolveSiteConfig()).locales,
      mail: resolveMailConfig(config),
      log: app.log,
    });
    app.decorate('notifications', notifications);
    // Webhooks: events recorded after commit (webhooks/emit.ts), sent by an in-process worker.
    const webhooks = new WebhooksService(db, secrets.box, {
      ...(options.clock ? { clock: options.clock } : {}),
      log: app.log,
      ...(config.webhookRetentionDays === undefined ? {} : { retentionDays: config.webhookRetentionDays }),
      ...options.webhooks,
    });
    registerWebhooks(db, webhooks);
    app.decorate('webhooks', webhooks);
    app.addHook('onClose', async () => {
      await webhooks.close();
      notifications.close();
      purge.stop();
      await coordination?.close();
      storage.close?.();
      await replicaOf(db)?.close();
      await db.close();
    });

    // The catalogue on first start, the backfills, the version-signing keys and signatures.
    const signer = new VersionSigner(db, secrets.box, storage);
    await upkeepAtStart(app, {
      db,
      storage,
      signer,
      box: secrets.box,
      importCatalogueOnEmpty: config.importCatalogueOnEmpty,
      catalogueDir: config.catalogueDir,
      clock: options.clock ?? Date.now,
    });

    installErrorHandling(app, config.site);
    await app.register(fastifySwagger, OPENAPI_OPTIONS);
    await app.register(authPlugin, { verifier: identity });
    // Before the domains, so its request hook reaches their routes (METRICS_TOKEN; metrics.ts).
    registerMetrics(app, db, config.metricsToken);
    await app.register(pluginsRoutes, { db, ...(options.clock ? { clock: options.clock } : {}) });
    const clock = options.clock ? { clock: options.clock } : {};
    await app.register(publishingRoutes, {
      publishing,
      management: new PluginManagement(db, storage, { ...clock, notifications }),
      listing: new PluginListing(db, clock),
    });
    await app.register(reviewRoutes, { review: new ReviewService(db, signer, { ...clock, notifications }) });
    // Mirroring: this server's feed, and (with UPSTREAM_URL) pulls from its upstream.
    const mirror = new MirrorService(db, storage, { config: config.mirror, ...clock });
    app.decorate('mirror', mirror);
    await app.register(mirrorRoutes, { db, storage, feedToken: config.mirrorFeedToken, mirror });
    // The JWKS answers the upstreams' keys too: mirrored versions keep the upstream's signatures.
    await app.register(signatureRoutes, { signer, extraKeys: () => mirror.upstreamKeys() });
    scheduleUpstreamPulls(app, mirror, config.mirror);
    // Ratings and reviews of plugins (not the review of submissions above).
    await app.register(ratingsRoutes, { ratings: new RatingsService(db, { ...clock, notifications }) });
    await app.register(notificationsRoutes, { notifications });
    await app.register(webhooksRoutes, { webhooks });
    // Publishers: their pages, handles, websites and verification.
    const publishers = new PublishersService(db, {
      ...clock,
      ...(options.resolveTxt ? { resolveTxt: options.resolveTxt } : {}),
    });
    await app.register(publishersRoutes, { publishers });
    // Curation: resource positions, recommendations, silent install.
    await app.register(curationRoutes, { db, ...(options.clock ? { clock: options.clock } : {}) });
    await app.register(analyticsReportRoutes, {
      db,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    await app.register(identityRoutes, {
      identity,
      providers: new ThirdPartyProviders(identity.settings.oauthProviders),
      site: config.site,
    });
    await app.register(settingsRoutes, {
      settings,
      loginMethods,
      onLoginMethodSaved: () => identity.refreshDirectorySettings(true),
    });
    // Sign-in reads the directory methods the back office saved, at most 2 s old.
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/uc/') || request.url.startsWith(LOGIN_PAGE_PATH)) {
        await identity.refreshDirectorySettings();
      }
    });
    await app.register(collectorRoutes, {
      db,
      settings: resolveCollectorConfig(config),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    // Banners, contact QR codes, activity info
    await app.register(bannerRoutes, {
      banners: new BannerService(db, storage, { ...(options.clock ? { clock: options.clock } : {}) }),
    });
    await app.register(qrCodesRoutes, { codes: config.contactQrCodes ?? [] });
    await app.register(activityRoutes, { activities: new ActivityService(db, config.activities ?? []) });
    for (const plugin of options.plugins ?? []) await app.register(plugin);
    const ready = app;
    tableRoute(app, 'operation', 'health', () => ({ status: 'ok' as const, database: db.dialect }));
    tableRoute(app, 'operation', 'openApi', () => ready.swagger());
    await app.register(loginPageRoutes, { site: config.site, methods: identity.settings });
    await registerAppStatic(
      app,
      config.appDir,
      config.frameAncestors ?? [],
      siteWithSignUp(config.site, identity.settings),
      {
        plugin: (key, lang) => getShareCard(db, key, lang),
        publisher: (handle) => publishers.shareCard(handle),
      },
    );
    await registerTrackerScript(app, config.trackerScript);
    await app.ready();
    purge.run();
    return app;
  } catch (error) {
    if (app) await app.close().catch(() => {});
    else await db.close().catch(() => {});
    throw error;
  }
}
