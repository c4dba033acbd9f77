import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyWithTexts as lazy } from '../i18n/i18n';
import { BackstagePage } from './BackstagePage';

const AuditListPage = lazy(() => import('./audit/AuditListPage').then((m) => ({ default: m.AuditListPage })));
const AuditLogPage = lazy(() => import('./audit/AuditLogPage').then((m) => ({ default: m.AuditLogPage })));
const BatchUploadPage = lazy(() =>
  import('./audit/BatchUploadPage').then((m) => ({ default: m.BatchUploadPage })),
);
const OwnersPage = lazy(() => import('./audit/OwnersPage').then((m) => ({ default: m.OwnersPage })));
const AnalyticsPage = lazy(() =>
  import('./analytics/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })),
);
const ResourceStatePage = lazy(() =>
  import('./curation/ResourceStatePage').then((m) => ({ default: m.ResourceStatePage })),
);
const BannerConfigPage = lazy(() =>
  import('./curation/BannerConfigPage').then((m) => ({ default: m.BannerConfigPage })),
);
const RecommendationPage = lazy(() =>
  import('./curation/RecommendationPage').then((m) => ({ default: m.RecommendationPage })),
);
const PeoplePage = lazy(() => import('./settings/PeoplePage').then((m) => ({ default: m.PeoplePage })));
const SpaceSettingPage = lazy(() =>
  import('./settings/SpaceSettingPage').then((m) => ({ default: m.SpaceSettingPage })),
);
const IconfontPage = lazy(() =>
  import('./settings/AccountSettingsPages').then((m) => ({ default: m.IconfontPage })),
);
const PexelsPage = lazy(() =>
  import('./settings/AccountSettingsPages').then((m) => ({ default: m.PexelsPage })),
);
const RatingReportsPage = lazy(() =>
  import('./ratings/RatingReportsPage').then((m) => ({ default: m.RatingReportsPage })),
);
const MirroringPage = lazy(() =>
  import('./mirroring/MirroringPage').then((m) => ({ default: m.MirroringPage })),
);
const WebhooksPage = lazy(() => import('./webhooks/WebhooksPage').then((m) => ({ default: m.WebhooksPage })));
const LoginMethodsPage = lazy(() =>
  import('./settings/LoginMethodsPage').then((m) => ({ default: m.LoginMethodsPage })),
);

/**
 * Every back-office path (`/backstage-index/*`, SPEC §2: admin only, no site header), lazily loaded
 * as one small chunk so the square's first load carries one route for the whole back office (100 KB
 * gzip budget). Each page is its own chunk again, behind `AdminRoute`:
 * - `/backstage-index` itself: redirects to `audit-list`;
 * - `audit-list`: plugin review; `audit-log`: the audit log of administrative actions;
 *   `batch-upload`: catalogue records in bulk; `owners`: give a plugin to an account;
 * - `analytics`: the analytics dashboard (chart.js inside);
 * - `resource-state-list`: resource positions; `banner-config`: the carousel's banners;
 *   `recommendation`: curated recommendations and default (silent) installs;
 * - `people`: the people list and admin roles; `space-setting`: brand, topic colour, login storage;
 *   `iconfont`: the icon-font account; `pexels`: the Pexels API key; `login-methods`: the private
 *   deployment's sign-in methods (LDAP, OIDC, SAML, custom SSO);
 * - `rating-reports`: the moderation queue of reported plugin reviews;
 * - `mirroring`: the upstream, the allowlist, the last pull and "pull now" (docs/mirroring.md);
 * - `webhooks`: the webhook endpoints, their delivery log, redeliver and a test event (docs/webhooks.md);
 * - anything else (`user-info` included): the administrator's user info (`BackstagePage`).
 */
export function BackofficeRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/backstage-index/audit-list" replace />} />
      <Route path="audit-list" element={<AuditListPage />} />
      <Route path="audit-log" element={<AuditLogPage />} />
      <Route path="batch-upload" element={<BatchUploadPage />} />
      <Route path="owners" element={<OwnersPage />} />
      <Route path="analytics" element={<AnalyticsPage />} />
      <Route path="resource-state-list" element={<ResourceStatePage />} />
      <Route path="banner-config" element={<BannerConfigPage />} />
      <Route path="recommendation" element={<RecommendationPage />} />
      <Route path="people" element={<PeoplePage />} />
      <Route path="space-setting" element={<SpaceSettingPage />} />
      <Route path="iconfont" element={<IconfontPage />} />
      <Route path="pexels" element={<PexelsPage />} />
      <Route path="login-methods" element={<LoginMethodsPage />} />
      <Route path="rating-reports" element={<RatingReportsPage />} />
      <Route path="mirroring" element={<MirroringPage />} />
      <Route path="webhooks" element={<WebhooksPage />} />
      <Route path="*" element={<BackstagePage />} />
    </Routes>
  );
}
