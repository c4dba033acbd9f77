/**
 * `@plugin-center/api/backoffice`: the stores of the back office (review, audit log, owners, batch
 * upload, personal access tokens, "my plugins", an author's notifications, people, resource positions), framework-free with `subscribe` /
 * `getSnapshot` like the square's. Its own entry point, so the square's bundle and the client's
 * size budget carry none of it.
 *
 * @packageDocumentation
 */
export type { Action, ActionState, ActionStatus } from './action';
export { createAction } from './action';
export { backofficeCalls } from './backofficeCalls';
export {
  createAuditList,
  createAuditLog,
  createMyPlugins,
  createNotificationList,
  createPeopleList,
  createResourcePositionList,
} from './backofficeLists';
export type { BatchUpload, BatchUploadState, BatchUploadStatus } from './batchUpload';
export { createBatchUpload } from './batchUpload';
export type { PersonalTokens } from './personalTokens';
export { createPersonalTokens } from './personalTokens';
