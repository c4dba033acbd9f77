import type { ActionState } from '@plugin-center/api/backoffice';
import { PUBLISH_LIMITS, ReviewStatus, type Submission } from '@plugin-center/contract';
import { useAuditList, useBackofficeAction, usePluginAction } from '@plugin-center/react/backoffice';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatNumber } from '../../format';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { Dialog, DialogClose, PAGE_DIALOG_CLASSES } from '../../ui/Dialog';
import { TextArea, TextInput } from '../../ui/Field';
import { Pager } from '../../ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { type PublishT, usePublishTexts } from '../../i18n/publish/texts';
import { saveBlob } from '../../saveBlob';
import { SubmissionCard } from './SubmissionCard';

/** The audit filter (SPEC §3): 0 all, 1 unaudited, 2 passed, 3 not passed. */
export type AuditFilter = 0 | 1 | 2 | 3;
const FILTERS: AuditFilter[] = [0, 1, 2, 3];

/**
 * `/backstage-index/audit-list` (SPEC §2 plugin review, admin only, behind `AdminRoute`: a visitor
 * signs in, a general user gets `/403`): the page title and the {@link AuditListView}.
 */
export function AuditListPage() {
  const { t } = usePublishTexts();
  useDocumentTitle(t('audit.title'));
  return (
    <AdminRoute>
      <AuditListView />
    </AdminRoute>
  );
}

/** Whether an admin action succeeded; a failure shows the server's message (or a generic one) as an error toast (SPEC §8). */
function succeeded(done: ActionState<unknown>, t: PublishT): boolean {
  if (done.status === 'success') return true;
  notify(done.message || t('audit.actionFailed'), 'error');
  return false;
}

/**
 * The review list (`plugin.auditList`, SubmissionPage with `next_cursor`, "Load more"): filter
 * buttons (all, unaudited, passed, not passed; `aria-pressed`), a keyword search, and per
 * submission a {@link SubmissionCard}: its icon, name, version, submitter, time, status, a warning
 * naming the other plugins it matches (same manifest id, name or repository), automated checks
 * (pass / flag / fail with detail), the changes against the live version (texts before → after,
 * images and the gallery as thumbnails), a preview of the whole listing as the square will show it
 * (intro, Markdown description, tags, gallery, version notes, contact, support link, covers; open
 * for a new plugin) and the actions: Approve and Reject (a dialog with a required reason, SPEC §4,
 * §5) for unreviewed submissions (each decision names the version shown, so one an edit replaced
 * meanwhile is refused with the server's message), Download code (`<plugin_key>.json`) and Delete
 * (after a confirmation dialog). After an action: a toast and the list reloaded from the first page.
 */
export function AuditListView() {
  const { t, locale } = usePublishTexts();
  const [filter, setFilter] = useState<AuditFilter>(0);
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState('');
  const [rejecting, setRejecting] = useState<Submission | null>(null);
  const [deleting, setDeleting] = useState<Submission | null>(null);
  const searchId = useId();
  const list = useAuditList({ status: filter, keyword: keyword || undefined });
  const review = useBackofficeAction('auditStatus');
  const removal = usePluginAction('remove');
  const code = useBackofficeAction('download');
  const busy = [review, removal, code].some((a) => a.status === 'running');

  const act = (done: ActionState<unknown>, text: string) => {
    const ok = succeeded(done, t);
    if (ok) {
      notify(text, 'success');
      list.reload();
    }
    return ok;
  };
  const approve = async (s: Submission) =>
    act(
      await review.run({ plugin_key: s.plugin_key, status: ReviewStatus.APPROVED, version: s.version }),
      t('audit.approved', { name: s.name }),
    );
  const reject = async (s: Submission, reason: string) => {
    const ok = act(
      await review.run({
        plugin_key: s.plugin_key,
        status: ReviewStatus.UNAPPROVED,
        reason,
        version: s.version,
      }),
      t('audit.rejected', { name: s.name }),
    );
    if (ok) setRejecting(null);
  };
  const remove = async (s: Submission) => {
    const ok = act(await removal.run({ plugin_key: s.plugin_key }), t('audit.deleted', { name: s.name }));
    if (ok) setDeleting(null);
  };
  const download = async (s: Submission) => {
    const file = `${s.plugin_key}.json`;
    const done = await code.run({ id: s.plugin_key });
    if (succeeded(done, t) && done.data) {
      saveBlob(done.data, file);
      notify(t('audit.downloaded', { file }), 'success');
    }
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    setKeyword(draft.trim());
  };

  return (
    <section className="backstage audit" aria-busy={list.status === 'requesting' || list.isLoadingMore}>
      <BackstageHeader title={t('audit.title')} />
      <div className="audit-toolbar">
        <fieldset className="audit-filters">
          <legend className="sr-only">{t('audit.filter')}</legend>
          {FILTERS.map((f) => (
            <Button key={f} aria-pressed={filter === f} onClick={() => setFilter(f)}>
              {t(`audit.filters.${f}`)}
            </Button>
          ))}
        </fieldset>
        <search>
          <form className="audit-search" onSubmit={search}>
            <label htmlFor={searchId} className="sr-only">
              {t('audit.search')}
            </label>
            <TextInput
              id={searchId}
              type="search"
              value={draft}
              maxLength={100}
              placeholder={t('audit.searchPlaceholder')}
              onChange={(e) => setDraft(e.target.value)}
            />
            <Button type="submit">{t('audit.searchButton')}</Button>
          </form>
        </search>
      </div>
      {list.pages.length === 0 && list.status !== 'error' && <LoadingState label={t('audit.loading')} />}
      {list.pages.length === 0 && list.status === 'error' && (
        <ErrorState message={t('audit.error')} onRetry={list.reload} />
      )}
      {list.pages.length > 0 && list.items.length === 0 && <EmptyState title={t('audit.empty')} />}
      {list.items.length > 0 && (
        <>
          <p className="state-hint">
            {t('audit.total', { count: list.total, n: formatNumber(list.total, locale) })}
          </p>
          <ul className="submission-list" data-testid="audit-list">
            {list.items.map((s) => (
              <SubmissionCard
                key={s.id}
                s={s}
                t={t}
                locale={locale}
                busy={busy}
                onApprove={() => void approve(s)}
                onReject={() => setRejecting(s)}
                onDownload={() => void download(s)}
                onDelete={() => setDeleting(s)}
              />
            ))}
          </ul>
        </>
      )}
      <Pager list={list} more={t('audit.loadMore')} loading={t('audit.loading')} error={t('audit.error')} />
      {rejecting && (
        <RejectDialog
          key={rejecting.id}
          s={rejecting}
          t={t}
          busy={busy}
          onCancel={() => setRejecting(null)}
          onConfirm={(reason) => void reject(rejecting, reason)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('audit.deleteTitle', { name: deleting.name })}
          body={t('audit.deleteBody')}
          confirm={t('audit.deleteConfirm')}
          cancel={t('audit.cancel')}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </section>
  );
}

/** The reject dialog: the reason is required (SPEC §4, §5), so Reject stays disabled while it is empty. */
function RejectDialog(props: {
  s: Submission;
  t: PublishT;
  busy: boolean;
  onCancel(): void;
  onConfirm(reason: string): void;
}) {
  const { t } = props;
  const [reason, setReason] = useState('');
  const id = useId();
  const trimmed = reason.trim();
  const tooLong = [...reason].length > PUBLISH_LIMITS.REASON;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (trimmed && !tooLong) props.onConfirm(trimmed);
  };
  return (
    <Dialog
      open
      onCancel={props.onCancel}
      title={t('audit.rejectTitle', { name: props.s.name })}
      classNames={PAGE_DIALOG_CLASSES}
      footer={false}
      closeButton={false}
    >
      <form onSubmit={submit}>
        <div className="reason-field">
          <label htmlFor={id}>{t('audit.rejectReason')}</label>
          <TextArea
            id={id}
            rows={4}
            value={reason}
            required
            aria-required
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${id}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {tooLong && (
            <p id={`${id}-error`} className="field-error">
              {t('error.overLimit')}
            </p>
          )}
        </div>
        <div className="dialog-buttons">
          <DialogClose>
            <Button>{t('audit.cancel')}</Button>
          </DialogClose>
          <Button variant="primary" type="submit" disabled={!trimmed || tooLong || props.busy}>
            {t('audit.rejectConfirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
