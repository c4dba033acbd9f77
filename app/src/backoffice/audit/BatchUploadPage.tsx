import type { BatchUploadResult } from '@plugin-center/contract';
import { BACKOFFICE_ROUTES } from '@plugin-center/contract/routes';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { FileInput } from '../../ui/Field';
import { FormField, fieldControlProps } from '../../ui/FormField';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import './batchUpload.css';
import { usePublishTexts } from '../../i18n/publish/texts';
import { type UploadOptions, type UploadOutcome, uploadForm } from '../../upload';
import { BatchUndo, CancelledBatch } from './BatchUndo';

/** Path of `POST /api/cmt/manager/plugins/upload` (SPEC §7: multipart, cancellable; admin only). */
export const BATCH_UPLOAD_PATH = BACKOFFICE_ROUTES.batchUpload.path;

/** The file types the batch upload takes: a JSON array of catalogue records, or a ZIP of such files. */
export const BATCH_FILE_ACCEPT = '.json,.zip,application/json,application/zip';

/** Whether `file` is a `.json` or `.zip` file (by its name; the server checks the content). */
export function isBatchFile(file: File): boolean {
  return /\.(json|zip)$/i.test(file.name);
}

/**
 * `/backstage-index/batch-upload` (SPEC §1 "batch-upload plugins", §5 "Batch import shows plugin
 * parse failure"; admin only, behind `AdminRoute`): the page title and the {@link BatchUploadView}.
 */
export function BatchUploadPage() {
  const { t } = usePublishTexts();
  useDocumentTitle(t('batch.title'));
  return (
    <AdminRoute>
      <BatchUploadView />
    </AdminRoute>
  );
}

/** What the page shows after an upload. */
type Outcome =
  | { kind: 'result'; data: BatchUploadResult }
  | { kind: 'cancelled'; batchId: string }
  | { kind: 'error'; message: string };

/** Props of {@link BatchUploadView}. */
export interface BatchUploadViewProps {
  /** Sends the form (default `uploadForm`: XHR with progress and abort; tests pass a fake). */
  send?: (options: UploadOptions) => Promise<UploadOutcome<BatchUploadResult>>;
  /** Makes each upload's `batch_id` (default `crypto.randomUUID`; tests pass a fixed one). */
  newBatchId?: () => string;
}

/**
 * The batch upload: the notice that batch imports go live without review; choose a `.json` or
 * `.zip` file, Upload sends it as the multipart field `file` after a fresh `batch_id`, with a
 * progress bar and a Cancel button that aborts the request. Then the result: the added, skipped and
 * translation counts, the files of a ZIP that were not read and, per failed record, 'Plugin parsing
 * failed' (SPEC §8) with its file, its 1-based position `#n` and the reason, and the undo of the
 * batch ({@link BatchUndo}); after a Cancel, what the server had imported of the file by then
 * ({@link CancelledBatch}: the file may have been sent in full); a rejected file (400
 * `UPLOAD_REJECTED`), a file too large (413) or any other failure as an alert.
 */
export function BatchUploadView({
  send = uploadForm<BatchUploadResult>,
  newBatchId = () => crypto.randomUUID(),
}: BatchUploadViewProps) {
  const { t } = usePublishTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // Keyboard: the Upload button turns into Cancel while sending, so focus follows it; then the outcome.
  useEffect(() => {
    if (uploading) cancelButton.current?.focus();
  }, [uploading]);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const choose = (f: File | null) => {
    setFile(f);
    setOutcome(null);
    setFileError(f && !isBatchFile(f) ? t('batch.fileType') : null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (uploading) return;
    if (!file || !isBatchFile(file)) {
      setFileError(file ? t('batch.fileType') : t('batch.fileRequired'));
      input.current?.focus();
      return;
    }
    const batchId = newBatchId();
    const form = new FormData();
    form.append('batch_id', batchId);
    form.append('file', file, file.name);
    const controller = new AbortController();
    abortRef.current = controller;
    setOutcome(null);
    setProgress(0);
    const res = await send({
      method: 'POST',
      url: BATCH_UPLOAD_PATH,
      form,
      signal: controller.signal,
      onProgress: setProgress,
    });
    abortRef.current = null;
    setProgress(null);
    if (res.ok) {
      setOutcome({ kind: 'result', data: res.data });
      notify(
        res.data.cancelled ? t('batch.cancelled') : t('batch.done'),
        res.data.cancelled ? 'info' : 'success',
      );
      return;
    }
    if (res.cancelled) {
      setOutcome({ kind: 'cancelled', batchId });
      notify(t('batch.cancelled'), 'info');
      return;
    }
    const message =
      res.status === 413
        ? t('batch.tooLarge')
        : res.status === 400
          ? t('batch.rejected', { message: res.envelope.message })
          : t('batch.failed', { message: res.envelope.message });
    setOutcome({ kind: 'error', message });
  };

  return (
    <section className="backstage audit batch" aria-busy={uploading}>
      <BackstageHeader title={t('batch.title')} />
      <p className="state-hint">{t('batch.intro')}</p>
      <p className="batch-live-notice" data-testid="batch-live-notice">
        {t('batchUndo.liveNotice')}
      </p>
      <form className="publish-form batch-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset disabled={uploading}>
          <legend>{t('batch.file')}</legend>
          <FormField
            id={`${id}-file`}
            label={t('batch.file')}
            required
            hint={t('batch.fileHint')}
            error={fileError}
          >
            <FileInput
              ref={input}
              {...fieldControlProps(`${id}-file`, { hint: t('batch.fileHint'), error: fileError })}
              accept={BATCH_FILE_ACCEPT}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
          </FormField>
        </fieldset>
        <div className="publish-actions">
          {uploading && (
            <div className="publish-progress">
              <progress max={100} value={percent} aria-label={t('batch.progress')} />
              <span role="status">{t('batch.uploading', { percent })}</span>
            </div>
          )}
          <div className="publish-buttons">
            {uploading ? (
              // Keyed apart from the submit button (see PublishPage: a reused element would become
              // type=submit during the Cancel click and upload again).
              <Button
                key="cancel"
                ref={cancelButton}
                onClick={(e) => {
                  e.preventDefault();
                  abortRef.current?.abort();
                }}
              >
                {t('batch.cancel')}
              </Button>
            ) : (
              <Button variant="primary" key="submit" type="submit">
                {t('batch.upload')}
              </Button>
            )}
          </div>
        </div>
      </form>
      <div ref={outcomeRef} tabIndex={-1} className="batch-outcome">
        {outcome?.kind === 'error' && (
          <p className="field-error batch-error" role="alert" data-testid="batch-error">
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'cancelled' && <CancelledBatch batchId={outcome.batchId} />}
        {outcome?.kind === 'result' && (
          <>
            <BatchResult data={outcome.data} />
            <BatchUndo batchId={outcome.data.batch_id} count={outcome.data.added} />
          </>
        )}
      </div>
    </section>
  );
}

/**
 * The result of a batch upload: the cancelled state when the server stopped part way, the counts
 * (added, skipped, translations), the files of a ZIP that were not read (each with its reason) and
 * the failed records, each 'Plugin parsing failed' (SPEC §8) with `file #n` (`n` = the record's
 * index + 1) and the reason.
 */
export function BatchResult({ data }: { data: BatchUploadResult }) {
  const { t } = usePublishTexts();
  const headingId = useId();
  const counts: [string, number][] = [
    [t('batch.added'), data.added],
    [t('batch.skipped'), data.skipped],
    [t('batch.translations'), data.translations],
  ];
  return (
    <section className="batch-result" aria-labelledby={headingId} data-testid="batch-result">
      <h2 id={headingId}>{t('batch.result')}</h2>
      {data.cancelled && (
        <div className="state" role="status" data-testid="batch-cancelled">
          <p className="state-title">{t('batch.cancelled')}</p>
          <p className="state-hint">{t('batch.cancelledHint')}</p>
        </div>
      )}
      <dl className="batch-counts">
        {counts.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {data.rejected_files.length > 0 && (
        <>
          <h3>{t('batchUndo.rejectedFiles')}</h3>
          <p className="state-hint">{t('batchUndo.rejectedFilesHint')}</p>
          <ul className="batch-failed" data-testid="batch-rejected-files">
            {data.rejected_files.map((f) => (
              <li key={f.file}>
                <code>{f.file}</code>
                <span className="batch-reason">{f.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.failed.length === 0 ? (
        <p className="state-hint">{t('batch.noFailures')}</p>
      ) : (
        <>
          <h3>{t('batch.failedTitle')}</h3>
          <ul className="batch-failed" data-testid="batch-failed">
            {data.failed.map((f) => (
              <li key={`${f.file}#${f.index}`}>
                <strong>{t('batch.parseFailed')}</strong>{' '}
                <code>{t('batch.record', { file: f.file, n: f.index + 1 })}</code>
                <span className="batch-reason">{f.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
