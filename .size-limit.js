// Bundle budgets, checked by `pnpm size` in the test command: size-limit fails the build
// when one is exceeded. Sizes are gzip (level 9 as size-limit computes it), of minified code.
// (A config file is the one place a default export is required: size-limit loads it.)
import { existsSync, readFileSync } from 'node:fs';

/** The JavaScript files `/plugins/` loads at first paint: entry scripts and modulepreloads of index.html. */
function squareScripts() {
  const html = 'app/dist/index.html';
  if (!existsSync(html)) throw new Error('app/dist/index.html is missing: run `pnpm build` first');
  const refs = [...readFileSync(html, 'utf8').matchAll(/(?:src|href)="\/plugins\/(assets\/[^"]+\.js)"/g)];
  return [...new Set(refs.map((m) => `app/dist/${m[1]}`))];
}

export default [
  {
    // The wire contract's TypeBox-free entry: constants, the route table (every route: method, path,
    // access, request and response kind) and types. Shared by the API client, the SSO client and the
    // tracker, so each of those is measured without it (and a bundle of several carries it once).
    // 3.7 KB: the table of 89 routes with their constants (banner limits, error codes,
    // resource-position statuses), the site variants (SITE_VARIANTS, PRIVATE_DEPLOYMENT_TYPES,
    // VARIANT_LOCALES, DEFAULT_SITE_CONFIG) and the locales' own names (LOCALE_ALIASES: one table for
    // the marketplace's and the login page's language pickers, CJK and Cyrillic text that compresses
    // poorly). 3.8 KB since four error codes of the per-account publish limits, the manifest-id
    // ownership and the review race (each a case a client tells apart) and the route table's
    // personal-token and super-administrator marks (what the server's auth and the OpenAPI document's
    // `security` derive from) were added; the text and link rules went to `./text` instead. 3.9 KB
    // since DEFAULT_SITE_CONFIG carries the header's links (host origin, the parts shown, custom
    // menus: 42 B). 4.0 KB since the one start-up locale rule (chooseOfferedLocale: cookie, browser languages, the en-US
    // fallback of SPEC §1) that the marketplace and the server's pages both apply, and the site
    // configuration's analytics project (3.97 KB measured). 4.1 KB since three routes (a batch upload's count and
    // undo, a plugin's submission history) and the BATCH_ID_TAKEN code (4.08 KB measured). The locale
    // rule then moved into an entry of its own (below), for the metrics route and access kind and the
    // site's sign-in page. 4.25 KB since the company sign-in of private deployments (SPEC §1: 13 routes
    // of LDAP, OpenID Connect, SAML, custom SSO and the back office's sign-in methods, and the three
    // error codes a client tells apart: SSO_REJECTED, ACCOUNT_DISABLED, LOGIN_METHOD_DISABLED; 4.20 KB
    // measured, 96 B over 4.1). 4.45 KB since 14 routes more (an account's status; a plugin's
    // unlist, relist, deprecate, undeprecate; ratings and reviews: 9 routes with their moderation),
    // RATING_NOT_FOUND and the login_method claim's constants (4.42 KB measured). 4.0 KB since the
    // back office's 31 routes (every `access: 'admin'` entry) are a group of their own, `BACKOFFICE_ROUTES`,
    // exported only by `@plugin-center/contract/routes` with the whole table (3.93 KB measured, 0.5 KB
    // less); the square loads none of them. 4.3 KB since eight routes of issue 27 (a publisher's page,
    // the caller's publisher profile and its save, the domain proof's start and check, a plugin's
    // statistics and their CSV, "more from this publisher"), the publishers' four error codes and the
    // list's new sorts (4.24 KB measured), still under the 4.45 KB it took before the split. 4.45 KB
    // since the authors' notifications (issue 28): five routes (list, read, read all, the e-mail
    // preferences and their save), the unsubscribe page and its post (page group), NOTIFICATION_KINDS
    // and NOTIFICATION_NOT_FOUND (4.43 KB measured). With the signed versions' key-set route it
    // measured 4.46 KB; the operation group (health, OpenAPI, metrics, the version keys: routes only a
    // server or an operator calls) then moved to `./routes` beside the back office's (4.37 KB measured).
    name: '@plugin-center/contract: constants and route table',
    path: 'packages/contract/dist/index.js',
    import: '*',
    gzip: true,
    limit: '4.45 KB',
  },
  {
    // The start-up locale rule (chooseOfferedLocale: the lang cookie, the browser's languages, the
    // en-US fallback of SPEC §1), which the marketplace and the server's pages apply.
    name: '@plugin-center/contract/locales: the start-up locale rule',
    path: 'packages/contract/dist/locales.js',
    import: '*',
    gzip: true,
    limit: '600 B',
  },
  {
    // The one text and link rule (hidden and bidirectional characters, http(s) links, contacts) that
    // the publish form, the banner page and the server share; loaded only by the pages with such
    // fields.
    name: '@plugin-center/contract/publishers: publisher handle and domain rules',
    path: 'packages/contract/dist/publishers.js',
    import: '*',
    gzip: true,
    limit: '800 B',
  },
  {
    name: '@plugin-center/contract/text: text and link rules',
    path: 'packages/contract/dist/text.js',
    import: '*',
    gzip: true,
    limit: '1.5 KB',
  },
  {
    // The check of a signed version (JWS over WebCrypto Ed25519, the JWKS key, the files' SHA-256)
    // that an editor host runs before it loads a plugin; no page of the marketplace loads it
    // (2.23 KB measured).
    name: '@plugin-center/contract/signatures: signed-version checks',
    path: 'packages/contract/dist/signatures.js',
    import: '*',
    gzip: true,
    limit: '2.3 KB',
  },
  {
    // The calls of two route groups (plugin and user) built from the table, the hook for an upload
    // transport with progress, and the square's plugin list on the one cursor pager the back office
    // shares (createPagedList). Full (2,999 B): the client leaves undefined query fields to ofetch
    // (ufo drops them) and the pager writes its empty state once.
    name: '@plugin-center/api: client, own code (ofetch and the contract excluded)',
    path: 'packages/api/dist/index.js',
    import: '*',
    ignore: ['ofetch', '@plugin-center/contract'],
    gzip: true,
    limit: '3 KB',
  },
  {
    // The upload transport with progress (XMLHttpRequest), only in bundles that upload.
    name: '@plugin-center/api/upload: upload transport, own code',
    path: 'packages/api/dist/upload.js',
    import: '*',
    gzip: true,
    limit: '0.65 KB',
  },
  {
    // The back office's stores (one cursor pager, actions, tokens, batch upload) and its calls
    // (`backofficeCalls`: the table's `backoffice` group built with the client's `routeCalls`): their
    // own entry point, so neither the client's budget above nor the square's first load carries them.
    // 1.8 KB since the back office's calls are built here (1.77 KB measured: `routeCalls`, 0.14 KB,
    // is in both this entry and the client's, as the library's entries are not code-split); the
    // contract's main entry and the square lost their 31 routes (0.5 KB) for it. 1.85 KB since an
    // author's notifications (createNotificationList: 1.82 KB measured).
    name: '@plugin-center/api/backoffice: back-office stores, own code',
    path: 'packages/api/dist/backoffice.js',
    import: '*',
    ignore: ['ofetch', '@plugin-center/contract'],
    gzip: true,
    limit: '1.85 KB',
  },
  {
    // ≤ 3.10 KB of its own code (3 KB until sites without a login page, `loginPageUrl: null` and
    // NO_LOGIN_PAGE, added 11 B; 3.05 KB until sign-out followed the logout mode of the session's
    // own sign-in method, the token's `login_method`, which added 27 B). For comparison: keycloak-js 8.4 KB, oidc-client-ts 18.2 KB.
    // The login cookie is written through the injected window's document.cookie (js-cookie works only
    // on the global document), so js-cookie is not a dependency.
    name: '@plugin-center/sso: SSO client, own code (jwt-decode, ofetch excluded)',
    path: 'packages/sso/dist/index.js',
    import: '*',
    ignore: ['jwt-decode', 'ofetch', '@plugin-center/contract'],
    gzip: true,
    limit: '3.10 KB',
  },
  {
    name: '@plugin-center/react: hooks, own code',
    path: 'packages/react/dist/index.js',
    import: '*',
    ignore: ['react', 'react/jsx-runtime', '@plugin-center/api', '@plugin-center/sso'],
    gzip: true,
    limit: '2 KB',
  },
  {
    // The back office's thin hooks over the stores of @plugin-center/api/backoffice. 1.1 KB since the
    // submission history of a plugin (useSubmissionHistory: 1.07 KB measured). 1.15 KB since the
    // sign-in methods' loader (useLoginMethods: 1.105 KB measured), kept here rather than in the main
    // entry so that the square's first load does not carry it. 1.45 KB since every hook of an
    // administrators' call is here (useCuratedRecommendation, useSilentInstalls, useResourcePositions,
    // useIconfontConfig, usePexelsConfig and useUserList came from the main entry, 0.2 KB less there)
    // with useBackofficeAction (1.42 KB measured): the app groups every module its entry reaches into
    // the square's first load, and these reach the back office's route table. 1.5 KB since a plugin's
    // statistics (usePluginStats: 1.45 KB measured). 1.6 KB since an author's notifications
    // (useNotifications, useUnreadNotificationCount for the header's bell, useNotificationPreferences:
    // 1.59 KB measured), here so that the square's first load carries none of them. 1.65 KB since
    // useMirrorStatus, the back office's Mirroring page's loader (1.61 KB measured).
    name: '@plugin-center/react/backoffice: back-office hooks, own code',
    path: 'packages/react/dist/backoffice.js',
    import: '*',
    ignore: [
      'react',
      'react/jsx-runtime',
      '@plugin-center/api',
      '@plugin-center/api/backoffice',
      '@plugin-center/sso',
    ],
    gzip: true,
    limit: '1.65 KB',
  },
  {
    // The ratings hooks (a plugin's reviews with their summary, the moderation queue), an entry of
    // their own so that only the lazily loaded detail section and back-office page carry them (a
    // hook re-exported by the main entry ends up in the square's first load).
    name: '@plugin-center/react/ratings: ratings hooks, own code',
    path: 'packages/react/dist/ratings.js',
    import: '*',
    ignore: ['react', 'react/jsx-runtime', '@plugin-center/api', '@plugin-center/sso'],
    gzip: true,
    limit: '700 B',
  },
  {
    // The full tracker (every plugin: automatic tracking, batch, visual config, deeplink) and its core
    // (init, identity, validation, track, send); @plugin-center/contract (a few strings) excluded.
    // For comparison: sa-sdk-javascript 1.27.11 51.5 KB, posthog-js 127.8 KB. Consent mode (grant/deny:
    // start on grant, stop plugins and timers, remove the cookie and storage keys, no storage write
    // without consent) costs +0.27 and +0.33 KB of the 6.3 and 3.35 KB.
    name: '@plugin-center/analytics: full tracker, own code',
    path: 'packages/analytics/dist/index.js',
    import: '*',
    ignore: ['@plugin-center/contract'],
    gzip: true,
    limit: '6.3 KB',
  },
  {
    name: '@plugin-center/analytics/core: tracker core, own code',
    path: 'packages/analytics/dist/core.js',
    import: '*',
    ignore: ['@plugin-center/contract'],
    gzip: true,
    limit: '3.35 KB',
  },
  {
    // The SSO ↔ tracker identity glue (connectSession), reused by the marketplace and product sites.
    name: '@plugin-center/analytics/session: connectSession, own code',
    path: 'packages/analytics/dist/session.js',
    import: '*',
    gzip: true,
    limit: '0.5 KB',
  },
  {
    // Cross-site identity (`_sasdk`, the Sensors site-linker plugin): its own entry point, outside the
    // full tracker's budget.
    name: '@plugin-center/analytics/site-linker: siteLinkerPlugin, own code',
    path: 'packages/analytics/dist/site-linker.js',
    import: '*',
    ignore: ['@plugin-center/contract'],
    gzip: true,
    limit: '1 KB',
  },
  {
    // The visual config used on clicks (Sensors `customProp`): its own entry point, outside the full
    // tracker's budget.
    name: '@plugin-center/analytics/vtrack: vtrackPlugin, own code',
    path: 'packages/analytics/dist/vtrack.js',
    import: '*',
    ignore: ['@plugin-center/contract'],
    gzip: true,
    limit: '1 KB',
  },
  {
    // Sensors' preset properties (screen, viewport, time zone, $latest_*, first day / time): its own
    // entry point, outside the full tracker's budget; on by default in the script-tag build. Above
    // the 1 KB first planned: Sensors' search-engine, social-site and keyword tables, the cookie-domain
    // probe and the Chinese values (\uXXXX once minified) take about 0.5 KB; without them it is ~1 KB.
    name: '@plugin-center/analytics/presets: presetsPlugin, own code',
    path: 'packages/analytics/dist/presets.js',
    import: '*',
    ignore: ['@plugin-center/contract'],
    gzip: true,
    limit: '1.6 KB',
  },
  {
    // What a site embeds with one script tag: everything of the full tracker, the site linker, the
    // presets, @plugin-center/contract and the tag's boot code, minified (esbuild IIFE).
    // Compared in `pnpm bench` with sa-sdk-javascript's sensorsdata.min.js (50.3 KB with gzip -9).
    // Consent mode takes 0.24 KB of its 8.75 KB (see the full tracker's entry).
    name: '@plugin-center/analytics script-tag build (dist/analytics.iife.js, served at /sdk/analytics.iife.js)',
    path: 'packages/analytics/dist/analytics.iife.js',
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    limit: '8.75 KB',
  },
  {
    // The constants entry point of the tracker: plain values (DESIGN: one size-limit entry per entry point).
    name: '@plugin-center/analytics/constants: limits, storage names, event names',
    path: 'packages/analytics/dist/constants.js',
    import: '*',
    gzip: true,
    limit: '1 KB',
  },
  {
    // 97.86 KB measured (100.03 KB before the zh-CN texts only lazily loaded pages read, such as the
    // detail dialog, the reports, the 403, not-found and protocol pages and the desktop header, went
    // into a chunk of their own that loads with those pages).
    name: 'app: JavaScript of the plugin square (everything /plugins/ loads first)',
    path: squareScripts(),
    disablePlugins: ['@size-limit/esbuild'],
    gzip: true,
    limit: '100 KB',
  },
];
