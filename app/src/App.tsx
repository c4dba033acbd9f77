import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ScrollToTop } from './components/ScrollToTop';
import { SiteFooter } from './components/SiteFooter';
import { SiteHeader } from './components/SiteHeader';
import { LoadingState } from './components/States';
import { isDesktopClient } from './desktop/detect';
import { useTranslation } from './i18n/i18n';
import {
  AnalyticsPage,
  AuditListPage,
  AuditLogPage,
  BackofficeRoutes,
  BatchUploadPage,
  ForbiddenPage,
  MyPluginsPage,
  NotFoundPage,
  OwnersPage,
  PluginDetailDialog,
  ProtocolPage,
  PublisherAnalyticsPage,
  PublishPage,
  TokensPage,
  UiKitPage,
} from './lazyPages';
import { SquarePage } from './pages/SquarePage';
import { site } from './site';
import { ToastHost } from './toast/ToastHost';

/** The desktop client's header (issue 15), its own chunk: nothing of it loads for other visitors. */
const DesktopHeader = lazy(() =>
  import('./desktop/DesktopHeader').then((m) => ({ default: m.DesktopHeader })),
);

/**
 * The marketplace's routes under the basename `/plugins` (SPEC §2): `/` the square,
 * `/detail/:pluginKey` the square with a plugin's dialog open, `/protocol`, `/403`, and a not-found
 * page for anything else; the back office `/backstage-index` (redirecting to `audit-list`, admin
 * only, without the site header, SPEC §2) with plugin review `/backstage-index/audit-list`, the audit
 * log `/backstage-index/audit-log`, the batch upload `/backstage-index/batch-upload`, plugin owners `/backstage-index/owners` and its analytics
 * dashboard `/backstage-index/analytics`; issue 14's curation and settings pages
 * `/backstage-index/resource-state-list`, `banner-config`, `recommendation` (with default installs),
 * `people`, `space-setting`, `iconfont` and `pexels` (routed by the lazily loaded `BackofficeRoutes`,
 * which also shows the user info for any other back-office path);
 * publishing (issue 12, signed in): `/publish-plugin/:type` (`new`, `edit?plugin_key=`), `/my-plugins` and
 * its personal access tokens `/my-plugins/tokens`;
 * a publisher's analytics `/my-analytics` (signed in); plus the site header and footer, scroll-to-top and the
 * toasts. In the desktop client (`site.variant === 'desktop'` or the bridge detected) the desktop
 * header replaces the site header (issue 15, SPEC §2), mounted but hidden on back-office paths.
 */
export function App() {
  const { t } = useTranslation();
  const backOffice = useLocation().pathname.startsWith('/backstage-index');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <ScrollToTop />
      {site.variant === 'desktop' || isDesktopClient() ? (
        <Suspense fallback={null}>
          <DesktopHeader hidden={backOffice} />
        </Suspense>
      ) : (
        !backOffice && <SiteHeader />
      )}
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<LoadingState label={t('app.loading')} />}>
          <Routes>
            <Route path="/" element={<SquarePage />}>
              <Route path="detail/:pluginKey" element={<PluginDetailDialog />} />
            </Route>
            <Route path="/protocol" element={<ProtocolPage />} />
            <Route path="/403" element={<ForbiddenPage />} />
            <Route path="/backstage-index" element={<Navigate to="/backstage-index/audit-list" replace />} />
            <Route path="/backstage-index/analytics" element={<AnalyticsPage />} />
            <Route path="/backstage-index/audit-list" element={<AuditListPage />} />
            <Route path="/backstage-index/audit-log" element={<AuditLogPage />} />
            <Route path="/backstage-index/batch-upload" element={<BatchUploadPage />} />
            <Route path="/backstage-index/owners" element={<OwnersPage />} />
            {/* Issue 14 (helper "backoffice"): the curation and settings pages, and user info. */}
            <Route path="/backstage-index/*" element={<BackofficeRoutes />} />
            <Route path="/publish-plugin/:type" element={<PublishPage />} />
            <Route path="/my-plugins" element={<MyPluginsPage />} />
            <Route path="/my-plugins/tokens" element={<TokensPage />} />
            <Route path="/my-analytics" element={<PublisherAnalyticsPage />} />
            <Route path="/ui-kit" element={<UiKitPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </main>
      <SiteFooter />
      <ToastHost />
    </>
  );
}
