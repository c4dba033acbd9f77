import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ScrollToTop } from './components/ScrollToTop';
import { SiteFooter } from './components/SiteFooter';
import { SiteHeader } from './components/SiteHeader';
import { CONSENT_NOTICE_ROOT_ID } from './consent/consentStore';
import { isDesktopClient } from './desktop/detect';
import { lazyWithTexts, useTranslation } from './i18n/i18n';
import {
  BackofficeRoutes,
  ForbiddenPage,
  MyPluginsPage,
  NotFoundPage,
  NotificationsPage,
  PluginDetailDialog,
  PluginDetailPage,
  PluginStatsPage,
  ProtocolPage,
  PublisherAnalyticsPage,
  PublisherPage,
  PublishPage,
  TokensPage,
  UiKitPage,
} from './lazyPages';
import { SquarePage } from './pages/SquarePage';
import { markSquareShown, showsSquare } from './routes';
import { site } from './site';
import { ToastHost } from './toast/ToastHost';
import { LoadingState } from './ui/States';

/**
 * The desktop client's header, its own chunk: nothing of it loads for other visitors (nor its zh-CN
 * texts, which come with the lazily loaded pages' texts, see `lazyWithTexts`).
 */
const DesktopHeader = lazyWithTexts(() =>
  import('./desktop/DesktopHeader').then((m) => ({ default: m.DesktopHeader })),
);

/**
 * `/` and `/detail/:pluginKey`: the square (with a plugin's dialog in its outlet when one of its cards
 * opened it), or a plugin's full detail page when the link was opened otherwise (see `showsSquare`).
 * One element for both, so opening and closing the dialog keeps the square mounted.
 */
export function SquareOrDetailPage() {
  const location = useLocation();
  if (!showsSquare(location.pathname, location.state)) return <PluginDetailPage />;
  markSquareShown();
  return <SquarePage />;
}

/**
 * The marketplace's routes under the basename `/plugins` (SPEC §2): `/` the square,
 * `/detail/:pluginKey` the square with a plugin's dialog open when the square opened it, else the
 * plugin's full detail page ({@link SquareOrDetailPage}), `/protocol`, `/403`, and a not-found
 * page for anything else; the back office `/backstage-index/*` (admin only, without the site header,
 * SPEC §2; every page of it routed by the lazily loaded `BackofficeRoutes`); publishing (signed in):
 * `/publish-plugin/:type` (`new`, `edit?plugin_key=`), `/my-plugins` and its personal access tokens
 * `/my-plugins/tokens`, a plugin's statistics `/my-plugins/stats?plugin_key=`; a publisher's analytics `/my-analytics` and the notifications `/notifications` (signed in); the UI kit's developer
 * page `/ui-kit`; plus the skip link first, the cookie notice's place after it, the site header and
 * footer, scroll-to-top and the toasts. In the desktop
 * client (`site.variant === 'desktop'` or the bridge detected) the desktop header replaces the site
 * header (SPEC §2), mounted but hidden on back-office paths.
 */
export function App() {
  const { t } = useTranslation();
  const backOffice = useLocation().pathname.startsWith('/backstage-index');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      {/* The cookie notice's place (a portal of the footer's ConsentUi): after the skip link, which
          stays the first link, and before the page. */}
      <div id={CONSENT_NOTICE_ROOT_ID} />
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
            <Route path="/" element={<SquareOrDetailPage />}>
              <Route path="detail/:pluginKey" element={<PluginDetailDialog />} />
            </Route>
            <Route path="/publisher/:handle" element={<PublisherPage />} />
            <Route path="/protocol" element={<ProtocolPage />} />
            <Route path="/403" element={<ForbiddenPage />} />
            <Route path="/backstage-index/*" element={<BackofficeRoutes />} />
            <Route path="/publish-plugin/:type" element={<PublishPage />} />
            <Route path="/my-plugins" element={<MyPluginsPage />} />
            <Route path="/my-plugins/tokens" element={<TokensPage />} />
            <Route path="/my-plugins/stats" element={<PluginStatsPage />} />
            <Route path="/my-analytics" element={<PublisherAnalyticsPage />} />
            <Route path="/notifications" element={<NotificationsPage />} />
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
