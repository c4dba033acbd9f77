import type { ActionState } from '@plugin-center/api/backoffice';
import { PUBLISH_LIMITS, ReviewStatus, type Submission } from '@plugin-center/contract';
import { useAuditList, usePluginAction } from '@plugin-center/react/backoffice';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PluginAvatar } from '../../components/PluginAvatar';
import { formatDateTime, formatNumber } from '../../format';
import { notify } from '../../toast/toastStore';
import { Tag, type TagTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog, DialogClose, PAGE_DIALOG_CLASSES } from '../../ui/Dialog';
import { TextArea, TextInput } from '../../ui/Field';
import { Pager } from '../../ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { Table } from '../../ui/Table';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { StatusBadge } from '../../components/StatusBadge';
import { type PublishT, usePublishTexts } from '../../i18n/publish/texts';
import { saveBlob } from './saveBlob';

/** The audit filter (SPEC §3): 0 all, 1 unaudited, 2 passed, 3 not passed. */
export type AuditFilter = 0 | 1 | 2 | 3;
const FILTERS: AuditFilter[] = [0, 1, 2, 3];
/** The tone of each upload check's result: passed green, flagged for attention amber, failed red. */
const CHECK_TONES: Record<Submission['checks'][number]['status'], TagTone> = {
  pass: 'success',
  flag: 'warning',
  fail: 'danger',
};

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
 * submission its icon, name, version, submitter, time, status, a warning naming the other plugins
 * it matches (same manifest id, name or repository), automated checks (pass / flag / fail
 * with detail), the changes against the live version (field, before → after), media previews and
 * the actions: Approve and Reject (a dialog with a required reason, SPEC §4, §5) for unreviewed
 * submissions (each decision names the version shown, so one an edit replaced meanwhile is refused
 * with the server's message), Download code (`<plugin_key>.json`) and Delete (after a confirmation
 * dialog). After an action: a toast and the list reloaded from the first page.
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
  const review = usePluginAction('auditStatus');
  const removal = usePluginAction('remove');
  const code = usePluginAction('download');
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
              <AuditItem
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

/** One submission of the review list. */
/**
 * The warning that a submission looks like other plugins (`Submission.matches`): per plugin its
 * name, plugin_key and on what it matches (manifest id, name, repository), amber as a flagged check.
 */
function SubmissionMatches({
  matches,
  t,
  locale,
}: {
  matches: NonNullable<Submission['matches']>;
  t: PublishT;
  locale: string;
}) {
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  return (
    <div className="audit-section audit-matches">
      <h4>{t('audit.matches')}</h4>
      <ul className="audit-checks">
        {matches.map((m) => (
          <li key={m.plugin_key}>
            <Tag className="status-badge" tone="warning" data-status="match">
              {t('audit.matchTag')}
            </Tag>
            <strong>{m.name}</strong>
            <span>
              {t('audit.matchDetail', {
                key: m.plugin_key,
                fields: list.format(m.fields.map((f) => t(`audit.matchField.${f}`))),
              })}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AuditItem(props: {
  s: Submission;
  t: PublishT;
  locale: string;
  busy: boolean;
  onApprove(): void;
  onReject(): void;
  onDownload(): void;
  onDelete(): void;
}) {
  const { s, t, locale, busy } = props;
  const headingId = useId();
  const media = [s.cover_center, s.reuse_center_cover ? null : s.cover_panel, ...s.images].filter(
    (m): m is string => !!m,
  );
  return (
    <li className="submission" aria-labelledby={headingId} data-plugin-key={s.plugin_key}>
      <div className="submission-head">
        <PluginAvatar name={s.name} icon={s.icon} size={48} />
        <div className="submission-title">
          <h3 id={headingId}>
            {s.name} <span className="submission-meta">{s.version}</span>
          </h3>
          <span className="submission-meta">
            {s.plugin_key} ·{' '}
            {t('audit.submitter', { name: s.submitter?.nick_name ?? t('audit.unknownSubmitter') })} ·{' '}
            {t('audit.time', { time: formatDateTime(s.create_time, locale) })} ·{' '}
            {s.live_version ? t('audit.liveVersion', { version: s.live_version }) : t('audit.newPlugin')}
            {s.is_default_install ? ` · ${t('audit.defaultInstall')}` : ''}
          </span>
        </div>
        <StatusBadge status={s.review_status} />
      </div>
      {s.review_status === ReviewStatus.UNAPPROVED && s.reject_reason && (
        <p className="submission-reason">{t('audit.rejectReasonShown', { reason: s.reject_reason })}</p>
      )}
      {s.matches && s.matches.length > 0 && <SubmissionMatches matches={s.matches} t={t} locale={locale} />}
      <div className="audit-section">
        <h4>{t('audit.checks')}</h4>
        {s.checks.length === 0 ? (
          <p className="state-hint">{t('audit.noChecks')}</p>
        ) : (
          <ul className="audit-checks">
            {s.checks.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: checks have no id and never reorder
              <li key={i}>
                <Tag className="status-badge" tone={CHECK_TONES[c.status]} data-status={c.status}>
                  {t(`audit.checkStatus.${c.status}`)}
                </Tag>
                <strong>{c.check}</strong>
                <span>{c.detail}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="audit-section">
        <h4>{t('audit.changes')}</h4>
        {s.changes.length === 0 ? (
          <p className="state-hint">{t('audit.noChanges')}</p>
        ) : (
          <div className="table-scroll">
            <Table
              caption={t('audit.changes')}
              columns={[
                { label: t('audit.field') },
                { label: t('audit.before') },
                { label: t('audit.after') },
              ]}
            >
              {s.changes.map((c) => (
                <tr key={c.field}>
                  <th scope="row">
                    <code>{c.field}</code>
                  </th>
                  <td className="change-value">{c.before ?? t('audit.empty_value')}</td>
                  <td className="change-value">{c.after ?? t('audit.empty_value')}</td>
                </tr>
              ))}
            </Table>
          </div>
        )}
      </div>
      {(media.length > 0 || s.video) && (
        <div className="audit-section">
          <h4>{t('audit.media')}</h4>
          <div className="audit-media">
            {media.map((src, i) => (
              <img key={src} src={src} alt={`${s.name} ${i + 1}`} loading="lazy" />
            ))}
            {s.video && (
              // biome-ignore lint/a11y/useMediaCaption: a plugin's demo video has no caption track
              <video src={s.video} controls preload="none" />
            )}
          </div>
        </div>
      )}
      <div className="submission-actions">
        {s.review_status === ReviewStatus.UNREVIEWED && (
          <>
            <Button variant="primary" onClick={props.onApprove} disabled={busy}>
              {t('audit.approve')}
            </Button>
            <Button onClick={props.onReject} disabled={busy}>
              {t('audit.reject')}
            </Button>
          </>
        )}
        <Button
          onClick={props.onDownload}
          disabled={busy || !s.has_code_file}
          title={s.has_code_file ? undefined : t('audit.noCode')}
        >
          {t('audit.download')}
        </Button>
        <Button className="button-danger" onClick={props.onDelete} disabled={busy}>
          {t('audit.delete')}
        </Button>
      </div>
    </li>
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
