import { type BatchUploadState, createBatchUpload } from '@plugin-center/api/backoffice';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useApiClient } from './useApiClient';

/**
 * The back office's batch upload over `createBatchUpload`: `upload(file, name?)` sends it with
 * progress (`progress.loaded` of `progress.total` bytes), `cancel()` stops it; unmount cancels.
 *
 * @returns the upload snapshot (`status`, `progress`, `result`, `error`) with `upload` and `cancel`
 */
export function useBatchUpload(): BatchUploadState & {
  upload(file: Blob, fileName?: string): Promise<BatchUploadState>;
  cancel(): void;
} {
  const client = useApiClient();
  const [batch] = useState(() => createBatchUpload(client));
  const state = useSyncExternalStore(batch.subscribe, batch.getSnapshot, batch.getSnapshot);
  useEffect(() => batch.cancel, [batch]);
  return { ...state, upload: batch.upload, cancel: batch.cancel };
}
