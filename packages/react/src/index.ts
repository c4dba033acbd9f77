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
export { useBanners } from './useBanners';
export { useFeatured } from './useFeatured';
export { useLoader } from './useLoader';
export { useMorePlugins } from './useMorePlugins';
export { useMyPublisher } from './useMyPublisher';
export { usePluginDetail } from './usePluginDetail';
export { usePluginList } from './usePluginList';
export { usePluginSuggestions } from './usePluginSuggestions';
export { usePublisherPage } from './usePublisherPage';
export { useRecommendations } from './useRecommendations';
export type { Session } from './useSession';
export { useSession } from './useSession';
export { SPACE_SETTING_PATH, useSpaceSetting } from './useSpaceSetting';
export { useSsoClient } from './useSsoClient';
export { useTagList } from './useTagList';
