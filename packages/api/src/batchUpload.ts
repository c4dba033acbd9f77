import type { BatchUploadResult } from '@plugin-center/contract';
import { backofficeCalls } from './backofficeCalls';
import { type ApiClient, isSuccess } from './client';
import { createStore } from './store';
import type { UploadProgress } from './upload';

/** Status of a {@link BatchUpload}. */
export type BatchUploadStatus = 'idle' | 'uploading' | 'success' | 'error' | 'cancelled';

/**
 * Snapshot of a {@link BatchUpload}: `progress` the bytes sent and in all while `uploading` (and
 * after); `result` how many plugins went in and the records that did not (`failed`); `error` the
 * thrown error or the failed envelope.
 */
export interface BatchUploadState {
  status: BatchUploadStatus;
  progress: UploadProgress | undefined;
  result: BatchUploadResult | undefined;
  error: unknown;
}

/** The batch upload of the back office as an external store. */
export interface BatchUpload {
  /** Sends `file` (a JSON array of catalogue records or a ZIP of such files); resolves when it settles; never rejects. */
  upload(file: Blob, fileName?: string): Promise<BatchUploadState>;
  /** Cancels the upload in flight (the server stops after the current plugin); the status becomes `cancelled`. */
  cancel(): void;
  /** Adds a listener; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current immutable snapshot. */
  getSnapshot(): BatchUploadState;
}

/**
 * Creates the batch upload (`POST /api/cmt/manager/plugins/upload`, admin, multipart `file`) with
 * upload progress and cancel.
 *
 * @example
 * ```ts
 * const batch = createBatchUpload(client);
 * batch.subscribe(() => {
 *   const { progress } = batch.getSnapshot();
 *   if (progress) bar.value = progress.loaded / progress.total;
 * });
 * const done = await batch.upload(file, 'catalogue.zip');
 * if (done.status === 'success') console.log(done.result?.added);
 * ```
 */
export function createBatchUpload(client: ApiClient): BatchUpload {
  const store = createStore<BatchUploadState>({
    status: 'idle',
    progress: undefined,
    result: undefined,
    error: undefined,
  });
  let current: AbortController | undefined;

  const upload = async (file: Blob, fileName?: string) => {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    store.set({ status: 'uploading', progress: undefined, result: undefined, error: undefined });
    const form = new FormData();
    if (fileName) form.append('file', file, fileName);
    else form.append('file', file);
    let next: Partial<BatchUploadState>;
    try {
      const res = await backofficeCalls(client).batchUpload(form, {
        signal: controller.signal,
        onUploadProgress: (progress) => {
          if (current === controller) store.set({ progress });
        },
      });
      next = controller.signal.aborted
        ? { status: 'cancelled' }
        : isSuccess(res)
          ? { status: 'success', result: res.data }
          : { status: 'error', error: res };
    } catch (error) {
      next = { status: 'error', error };
    }
    if (current === controller) {
      current = undefined;
      store.set(next);
    }
    return store.get();
  };

  const cancel = () => {
    if (!current) return;
    current.abort();
    current = undefined;
    store.set({ status: 'cancelled' });
  };

  return { upload, cancel, subscribe: store.subscribe, getSnapshot: store.get };
}
