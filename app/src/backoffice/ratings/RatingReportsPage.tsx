import { isSuccess, type ReportedRating } from '@plugin-center/api';
import { RATING_LIMITS } from '@plugin-center/contract/text';
import { useApiClient } from '@plugin-center/react';
import { useRatingReports } from '@plugin-center/react/ratings';
import { useState } from 'react';
import { ReasonDialog } from '../../components/ReasonDialog';
import { formatDateTime } from '../../format';
import { useRatingsTexts } from '../../i18n/ratings/texts';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { Pager } from '../../ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import '../../pages/detail/ratings.css';
import { backofficeCalls } from '@plugin-center/api/backoffice';

/**
 * `/backstage-index/rating-reports` (admin only, behind `AdminRoute`): the page title and the
 * {@link RatingReportsView}.
 */
export function RatingReportsPage() {
  const { t } = useRatingsTexts();
  useDocumentTitle(t('queueTitle'));
  return (
    <AdminRoute>
      <RatingReportsView />
    </AdminRoute>
  );
}

/** One entry of the queue with its moderation buttons. */
function ReportedEntry({ entry, onDone }: { entry: ReportedRating; onDone(): void }) {
  const { t, locale } = useRatingsTexts();
  const client = useApiClient();
  const review = entry.review;
  const moderate = async (action: 'hide' | 'restore' | 'dismiss', reason?: string) => {
    try {
      const res = await backofficeCalls(client).moderateRating({
        review_id: review.id,
        action,
        ...(reason ? { reason } : {}),
      });
      if (!isSuccess(res)) throw res;
      notify(t('moderated'), 'success');
      onDone();
      return true;
    } catch {
      notify(t('failed'), 'error');
      return false;
    }
  };
  return (
    <li className="rating-item" data-review-id={review.id}>
      <p className="rating-meta">{t('queuePlugin', { name: entry.plugin_name })}</p>
      <span className="rating-stars" role="img" aria-label={t('stars', { stars: review.rating })}>
        {'★'.repeat(review.rating)}
      </span>
      {review.title && <strong className="rating-title">{review.title}</strong>}
      {review.body && <p className="prewrap">{review.body}</p>}
      <p className="rating-meta">
        {t('by', { name: review.author.nick_name })} · {formatDateTime(review.create_time, locale)}
      </p>
      {review.hidden_reason != null && <p className="rating-hidden-note">{review.hidden_reason}</p>}
      {entry.report_list.length > 0 && (
        <>
          <strong>{t('queueReports')}</strong>
          <ul>
            {entry.report_list.map((r) => (
              <li key={`${r.reporter.user_id}`}>
                {t('queueReport', { name: r.reporter.nick_name, reason: r.reason })}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="rating-form-buttons">
        {entry.is_hidden ? (
          <Button onClick={() => void moderate('restore')}>{t('restore')}</Button>
        ) : (
          <>
            <ReasonDialog
              trigger={<Button variant="primary">{t('hide')}</Button>}
              title={t('hide')}
              label={t('hideReason')}
              confirm={t('hide')}
              cancel={t('cancel')}
              maxLength={RATING_LIMITS.REASON}
              onSubmit={(reason) => moderate('hide', reason)}
            />
            <Button onClick={() => void moderate('dismiss')}>{t('dismiss')}</Button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * The moderation queue of plugin reviews (`GET manager/rating/report/list`): open reports (each
 * reported review with its reports, most recently reported first) or the hidden reviews, "Load
 * more" with `next_cursor`; hide with a reason, dismiss the reports, or restore a hidden review
 * (`POST manager/rating/moderate`, audit-logged), then the list is read again.
 */
export function RatingReportsView() {
  const { t } = useRatingsTexts();
  const [status, setStatus] = useState<'open' | 'hidden'>('open');
  const list = useRatingReports({ status });
  const firstPage = list.pages.length > 0;
  return (
    <section className="backstage" aria-busy={list.status === 'requesting' || list.isLoadingMore}>
      <BackstageHeader title={t('queueTitle')} />
      <div className="rating-form-buttons">
        {(['open', 'hidden'] as const).map((s) => (
          <Button key={s} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {s === 'open' ? t('queueOpen') : t('queueHidden')}
          </Button>
        ))}
      </div>
      {!firstPage && list.status !== 'error' && <LoadingState label={t('queueTitle')} />}
      {!firstPage && list.status === 'error' && <ErrorState message={t('failed')} onRetry={list.reload} />}
      {firstPage && list.items.length === 0 && <EmptyState title={t('queueEmpty')} />}
      {list.items.length > 0 && (
        <ul className="ratings-list">
          {list.items.map((entry) => (
            <ReportedEntry key={entry.review.id} entry={entry} onDone={list.reload} />
          ))}
        </ul>
      )}
      <Pager list={list} more={t('more')} loading={t('queueTitle')} error={t('failed')} />
    </section>
  );
}
