import { useSubmissionHistory } from '@plugin-center/react/backoffice';
import { useState } from 'react';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../format';
import { usePublishTexts } from '../../i18n/publish/texts';
import { ErrorState, LoadingState } from '../../ui/States';

/**
 * A plugin's submission history in My plugins: a disclosure ("Submission history") that loads
 * `GET plugin/audit/history` the first time it opens, then lists each submission, newest first,
 * with its version, review status badge, submitted and reviewed times and reject reason. Loading,
 * error (Retry) and empty states.
 */
export function SubmissionHistory({ pluginKey }: { pluginKey: string }) {
  const { t } = usePublishTexts();
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="submission-history"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{t('mine.history')}</summary>
      {opened && <HistoryList pluginKey={pluginKey} />}
    </details>
  );
}

function HistoryList({ pluginKey }: { pluginKey: string }) {
  const { t, locale } = usePublishTexts();
  const history = useSubmissionHistory(pluginKey);
  if (history.status === 'error')
    return <ErrorState compact message={t('mine.historyError')} onRetry={history.reload} />;
  if (!history.data) return <LoadingState variant="more" label={t('mine.historyLoading')} />;
  const list = history.data.submission_list;
  if (list.length === 0) return <p className="submission-meta">{t('mine.historyEmpty')}</p>;
  return (
    <ol className="submission-history-list">
      {list.map((s) => (
        <li key={s.id} data-version={s.version}>
          <span className="submission-history-version">{t('mine.version', { version: s.version })}</span>
          <StatusBadge status={s.review_status} />
          <span className="submission-meta">
            {t('mine.submitted', { time: formatDateTime(s.create_time, locale) })}
            {s.review_time !== null &&
              ` · ${t('mine.reviewed', { time: formatDateTime(s.review_time, locale) })}`}
          </span>
          {s.reject_reason && (
            <p className="submission-reason">{t('mine.rejectReason', { reason: s.reject_reason })}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
