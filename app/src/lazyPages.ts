/**
 * What the square does not need at first, split out with `React.lazy` (the square's JavaScript
 * budget is 100 KB gzipped): the detail dialog (with Radix Dialog), the protocol, 403, not-found and
 * back-office pages, the analytics pages (with chart.js), and publishing and review (the publish
 * form, my plugins, the access tokens, the audit list and log, the batch upload, with their own texts and styles). Only `App.tsx` imports this module; the
 * toaster (Radix Toast) is split out by `toast/ToastHost.tsx` itself. Each page renders only once the
 * current locale's texts of the namespaces its module registers are there (`lazyWithTexts`, issue 15).
 *
 * @packageDocumentation
 */
import { lazyWithTexts as lazy } from './i18n/i18n';
import { loadDetail } from './pages/detail/loadDetail';

/** The plugin detail dialog route element (its chunk is also preloaded by the cards, see `loadDetail`). */
export const PluginDetailDialog = lazy(() => loadDetail().then((m) => ({ default: m.PluginDetailDialog })));
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
/** `/backstage-index/analytics`: the back-office analytics dashboard (admin only; chart.js inside). */
export const AnalyticsPage = lazy(() =>
  import('./pages/analytics/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })),
);
/** `/my-analytics`: a publisher's plugin analytics (signed in; chart.js inside). */
export const PublisherAnalyticsPage = lazy(() =>
  import('./pages/analytics/PublisherAnalyticsPage').then((m) => ({ default: m.PublisherAnalyticsPage })),
);
/** `/publish-plugin/:type`: publish (`new`) or edit (`edit?plugin_key=`) a plugin (signed in, issue 12). */
export const PublishPage = lazy(() =>
  import('./pages/publish/PublishPage').then((m) => ({ default: m.PublishPage })),
);
/** `/my-plugins`: the signed-in user's plugins with their review status (issue 12). */
export const MyPluginsPage = lazy(() =>
  import('./pages/publish/MyPluginsPage').then((m) => ({ default: m.MyPluginsPage })),
);
/** `/my-plugins/tokens`: the signed-in user's personal access tokens for `plugin-center publish` (issue 12). */
export const TokensPage = lazy(() =>
  import('./pages/publish/TokensPage').then((m) => ({ default: m.TokensPage })),
);
/** `/backstage-index/batch-upload`: batch upload of catalogue records (admin only; XHR upload with progress). */
export const BatchUploadPage = lazy(() =>
  import('./pages/audit/BatchUploadPage').then((m) => ({ default: m.BatchUploadPage })),
);
/** `/backstage-index/audit-list`: plugin review (admin only, SPEC §2; Radix Dialog inside). */
export const AuditListPage = lazy(() =>
  import('./pages/audit/AuditListPage').then((m) => ({ default: m.AuditListPage })),
);
/** `/backstage-index/owners`: give a plugin to an account (admin only, issue 12). */
export const OwnersPage = lazy(() =>
  import('./pages/audit/OwnersPage').then((m) => ({ default: m.OwnersPage })),
);
/** `/backstage-index/audit-log`: the audit log of administrative actions (admin only, issue 12). */
export const AuditLogPage = lazy(() =>
  import('./pages/audit/AuditLogPage').then((m) => ({ default: m.AuditLogPage })),
);
/**
 * `/backstage-index/*` (issue 14, helper "backoffice"; replaces the former `BackstagePage` entry, which
 * it renders for user info): the back-office pages without a route of their own here — resource positions, banners, recommendations, people, space setting, icon font, Pexels,
 * each its own chunk behind `BackofficeRoutes` — and the administrator's user info for anything else.
 */
export const BackofficeRoutes = lazy(() =>
  import('./pages/settings/BackofficeRoutes').then((m) => ({ default: m.BackofficeRoutes })),
);
/**
 * `/ui-kit` (issue 15, helper "uikit"): the UI kit's developer page, every component of `app/src/ui/`
 * in its states; not linked from the header. Its chunk carries Radix Tooltip, Slider and Dropdown Menu.
 */
export const UiKitPage = lazy(() => import('./pages/UiKitPage').then((m) => ({ default: m.UiKitPage })));
