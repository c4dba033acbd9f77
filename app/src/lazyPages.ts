/**
 * What the square does not need at first, split out with `React.lazy` (the square's JavaScript
 * budget is 100 KB gzipped): the detail dialog (with Radix Dialog) and the full detail page, the protocol, 403 and not-found
 * pages, the whole back office (one route, `backoffice/BackofficeRoutes.tsx`, whose pages are their
 * own chunks), a publisher's analytics (with chart.js), publishing (the publish form, my plugins,
 * the access tokens, with their own texts and styles) and the UI kit's developer page. Only
 * `App.tsx` imports this module; the toaster (Radix Toast) is split out by `toast/ToastHost.tsx`
 * itself. Each page renders only once the current locale's texts of the namespaces its module
 * registers are there (`lazyWithTexts`).
 *
 * @packageDocumentation
 */
import { lazyWithTexts as lazy } from './i18n/i18n';
import { loadDetail } from './pages/detail/loadDetail';

/** The plugin detail dialog route element (its chunk is also preloaded by the cards, see `loadDetail`). */
export const PluginDetailDialog = lazy(() => loadDetail().then((m) => ({ default: m.PluginDetailDialog })));
/**
 * A plugin's full detail page, `/detail/:pluginKey` opened directly (a shared link, a reload, a new
 * tab): its own chunk, which shares the detail's components with the dialog's.
 */
export const PluginDetailPage = lazy(() =>
  import('./pages/detail/PluginDetailPage').then((m) => ({ default: m.PluginDetailPage })),
);
/** `/protocol`. */
export const ProtocolPage = lazy(() =>
  import('./pages/ProtocolPage').then((m) => ({ default: m.ProtocolPage })),
);
/** `/403` (SPEC §2). */
export const ForbiddenPage = lazy(() =>
  import('./pages/ForbiddenPage').then((m) => ({ default: m.ForbiddenPage })),
);
/** Any unknown path. */
export const NotFoundPage = lazy(() =>
  import('./pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
/** `/publisher/<handle>`: a publisher's page (profile, totals, plugins). */
export const PublisherPage = lazy(() =>
  import('./pages/publisher/PublisherPage').then((m) => ({ default: m.PublisherPage })),
);
/** `/my-analytics`: a publisher's plugin analytics (signed in; chart.js inside). */
export const PublisherAnalyticsPage = lazy(() =>
  import('./pages/analytics/PublisherAnalyticsPage').then((m) => ({ default: m.PublisherAnalyticsPage })),
);
/** `/my-plugins/stats?plugin_key=`: one plugin's statistics for its publisher (signed in; chart.js inside). */
export const PluginStatsPage = lazy(() =>
  import('./pages/analytics/PluginStatsPage').then((m) => ({ default: m.PluginStatsPage })),
);
/** `/publish-plugin/:type`: publish (`new`) or edit (`edit?plugin_key=`) a plugin (signed in). */
export const PublishPage = lazy(() =>
  import('./pages/publish/PublishPage').then((m) => ({ default: m.PublishPage })),
);
/** `/my-plugins`: the signed-in user's plugins with their review status. */
export const MyPluginsPage = lazy(() =>
  import('./pages/publish/MyPluginsPage').then((m) => ({ default: m.MyPluginsPage })),
);
/** `/notifications`: the signed-in person's notifications and e-mail preferences. */
export const NotificationsPage = lazy(() =>
  import('./pages/notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
);
/** `/my-plugins/tokens`: the signed-in user's personal access tokens for `plugin-center publish`. */
export const TokensPage = lazy(() =>
  import('./pages/publish/TokensPage').then((m) => ({ default: m.TokensPage })),
);
/**
 * `/backstage-index/*`: the back office (admin only, SPEC §2), every page of it routed by
 * `BackofficeRoutes`, each page its own chunk.
 */
export const BackofficeRoutes = lazy(() =>
  import('./backoffice/BackofficeRoutes').then((m) => ({ default: m.BackofficeRoutes })),
);
/**
 * `/ui-kit`: the UI kit's developer page, every component of `app/src/ui/` in its states; not linked
 * from the header. Its chunk carries Radix Tooltip, Slider and Dropdown Menu.
 */
export const UiKitPage = lazy(() => import('./pages/UiKitPage').then((m) => ({ default: m.UiKitPage })));
