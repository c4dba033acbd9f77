/**
 * `@plugin-center/react`: headless React hooks over the Plugin Center SDKs — no markup, no CSS.
 * Each hook is a few lines around `useSyncExternalStore` over a store of `@plugin-center/api` or `@plugin-center/sso`.
 *
 * @packageDocumentation
 */
export { ApiClientProvider } from './ApiClientProvider';
export { SsoClientProvider } from './SsoClientProvider';
export type { AdminGuardStatus } from './useAdminGuard';
export { useAdminGuard } from './useAdminGuard';
export { useAdminInfo } from './useAdminInfo';
export { useApiClient } from './useApiClient';
// The back office.
export { useBanners } from './useBanners';
export { useCuratedRecommendation } from './useCuratedRecommendation';
export { useFeatured } from './useFeatured';
export { useIconfontConfig } from './useIconfontConfig';
export { useLoader } from './useLoader';
export { useMyPublisher } from './useMyPublisher';
export { usePexelsConfig } from './usePexelsConfig';
export { usePluginDetail } from './usePluginDetail';
export { usePluginList } from './usePluginList';
export { usePluginSuggestions } from './usePluginSuggestions';
export { usePublisherPage } from './usePublisherPage';
export { useRecommendations } from './useRecommendations';
export { useResourcePositions } from './useResourcePositions';
export type { Session } from './useSession';
export { useSession } from './useSession';
export { useSilentInstalls } from './useSilentInstalls';
export { SPACE_SETTING_PATH, useSpaceSetting } from './useSpaceSetting';
export { useSsoClient } from './useSsoClient';
export { useTagList } from './useTagList';
export { useUserList } from './useUserList';
