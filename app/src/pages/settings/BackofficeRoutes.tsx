import { Route, Routes } from 'react-router-dom';
import { lazyWithTexts as lazy } from '../../i18n/i18n';
import { BackstagePage } from '../BackstagePage';

const ResourceStatePage = lazy(() =>
  import('../curation/ResourceStatePage').then((m) => ({ default: m.ResourceStatePage })),
);
const BannerConfigPage = lazy(() =>
  import('../curation/BannerConfigPage').then((m) => ({ default: m.BannerConfigPage })),
);
const RecommendationPage = lazy(() =>
  import('../curation/RecommendationPage').then((m) => ({ default: m.RecommendationPage })),
);
const PeoplePage = lazy(() => import('./PeoplePage').then((m) => ({ default: m.PeoplePage })));
const SpaceSettingPage = lazy(() =>
  import('./SpaceSettingPage').then((m) => ({ default: m.SpaceSettingPage })),
);
const IconfontPage = lazy(() => import('./AccountSettingsPages').then((m) => ({ default: m.IconfontPage })));
const PexelsPage = lazy(() => import('./AccountSettingsPages').then((m) => ({ default: m.PexelsPage })));

/**
 * The back-office paths without a route of their own in `App.tsx` (`/backstage-index/*`), lazily
 * loaded as one small chunk so the square's first load carries one route, not one per page (issue
 * 14, helper "backoffice"; 100 KB gzip budget). Each page is its own chunk again (admin only,
 * behind `AdminRoute`, SPEC §2):
 * - `resource-state-list`: resource positions; `banner-config`: the carousel's banners;
 *   `recommendation`: curated recommendations and default (silent) installs;
 * - `people`: the people list and admin roles; `space-setting`: brand, topic colour, login storage;
 *   `iconfont`: the icon-font account; `pexels`: the Pexels API key;
 * - anything else (`user-info` included): the administrator's user info (`BackstagePage`).
 */
export function BackofficeRoutes() {
  return (
    <Routes>
      <Route path="resource-state-list" element={<ResourceStatePage />} />
      <Route path="banner-config" element={<BannerConfigPage />} />
      <Route path="recommendation" element={<RecommendationPage />} />
      <Route path="people" element={<PeoplePage />} />
      <Route path="space-setting" element={<SpaceSettingPage />} />
      <Route path="iconfont" element={<IconfontPage />} />
      <Route path="pexels" element={<PexelsPage />} />
      <Route path="*" element={<BackstagePage />} />
    </Routes>
  );
}
