/**
 * `@plugin-center/react`: headless React hooks over the Plugin Center SDKs — no markup, no CSS.
 * Each hook is a few lines around `useSyncExternalStore` over a store of `@plugin-center/api`.
 *
 * @packageDocumentation
 */
export { ApiClientProvider } from './ApiClientProvider';
export { useApiClient } from './useApiClient';
export { useLoader } from './useLoader';
export { usePluginDetail } from './usePluginDetail';
export { usePluginList } from './usePluginList';
export { useRecommendations } from './useRecommendations';
export { useTagList } from './useTagList';
