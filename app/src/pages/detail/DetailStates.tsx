import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/i18n';
import { buttonClass } from '../../ui/Button';
import { DialogTitle } from '../../ui/Dialog';
import { ErrorState } from '../../ui/States';
import { DetailErrorCode, errorCode } from './errorCode';

/** The detail dialog while the plugin loads: an `aria-busy` skeleton of the head and the intro. */
export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="detail" aria-busy="true">
      <DialogTitle className="sr-only">{t('detail.loading')}</DialogTitle>
      <DetailSkeletonLines />
    </div>
  );
}

/**
 * The placeholder shapes of a plugin's head (a 64 px icon, its name and publisher) and four lines of
 * its intro, for the dialog's and the full page's loading states.
 */
export function DetailSkeletonLines() {
  return (
    <>
      <div className="detail-head">
        <span className="avatar skeleton" style={{ width: 64, height: 64 }} />
        <div className="card-title">
          <span className="skeleton skeleton-line" style={{ width: 220, height: 22 }} />
          <span className="skeleton skeleton-line" style={{ width: 120 }} />
        </div>
      </div>
      {[100, 92, 96, 60].map((w) => (
        <span key={w} className="skeleton skeleton-line" style={{ width: `${w}%` }} />
      ))}
    </>
  );
}

/**
 * The detail dialog when the plugin could not be loaded: for `PLUGIN_NOT_FOUND` (no plugin with that
 * key, or not visible to the caller) a 'not found' state with a link back to the square, else the
 * error state with Retry.
 *
 * @param error - the loader's error: an `ApiError` or a failed envelope
 * @param onRetry - loads the plugin again
 */
export function DetailError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle className="dialog-title">{t('detail.error')}</DialogTitle>
      {errorCode(error) === DetailErrorCode.PLUGIN_NOT_FOUND ? (
        <div className="state state-empty">
          <p>{t('detail.notFound')}</p>
          <Link className={buttonClass()} to="/">
            {t('detail.backToSquare')}
          </Link>
        </div>
      ) : (
        <ErrorState message={t('detail.error')} onRetry={onRetry} />
      )}
    </>
  );
}
