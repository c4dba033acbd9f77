/**
 * `@plugin-center/react/backoffice`: the thin hooks of the back office over the stores of
 * `@plugin-center/api/backoffice` (one pager for every list, one action hook for every change), and
 * the loaders of back-office settings the square never reads (the sign-in methods), and an
 * author's notifications (the list, the unread count of the header's bell, the e-mail preferences).
 * Its own entry point, so the square's bundle and the hooks' size budget carry none of it.
 *
 * @packageDocumentation
 */
export { useAction } from './useAction';
export { useAnalyticsOverview } from './useAnalyticsOverview';
export { useAuditList } from './useAuditList';
export { useAuditLog } from './useAuditLog';
export { useBatchUpload } from './useBatchUpload';
export { useCuratedRecommendation } from './useCuratedRecommendation';
export { useIconfontConfig } from './useIconfontConfig';
export { useLoginMethods } from './useLoginMethods';
export { useMirrorStatus } from './useMirrorStatus';
export { useMyPlugins } from './useMyPlugins';
export { useNotificationPreferences } from './useNotificationPreferences';
export { useNotifications } from './useNotifications';
export { useOwnerAssignment } from './useOwnerAssignment';
export { usePagedList } from './usePagedList';
export { usePeopleList } from './usePeopleList';
export { usePersonalTokens } from './usePersonalTokens';
export { usePexelsConfig } from './usePexelsConfig';
export { useBackofficeAction, usePluginAction } from './usePluginAction';
export { usePluginStats } from './usePluginStats';
export { usePublisherAnalytics } from './usePublisherAnalytics';
export { useResourcePositionList } from './useResourcePositionList';
export { useResourcePositions } from './useResourcePositions';
export { useSilentInstalls } from './useSilentInstalls';
export { useSubmissionHistory } from './useSubmissionHistory';
export { useUnreadNotificationCount } from './useUnreadNotificationCount';
export { useUserList } from './useUserList';
