import { formatNumber } from '../../format';
import { useTranslation } from '../../i18n/i18n';

/**
 * A plugin's average rating as five stars (filled to the nearest half, drawn with CSS, hidden from
 * screen readers) and in words ('4.5 out of 5'), then the number of ratings; 'No ratings yet' without
 * any.
 *
 * @param average - mean stars (1–5, one decimal), null without ratings
 * @param count - number of shown ratings
 */
export function RatingStars({ average, count }: { average: number | null; count: number }) {
  const { t, locale } = useTranslation();
  if (average === null || count === 0)
    return <span className="rating-stars-none">{t('detail.noRatings')}</span>;
  const filled = Math.round(average * 2) / 2;
  return (
    <span className="rating-stars" data-testid="detail-rating">
      <span className="stars" aria-hidden="true" style={{ '--stars': filled } as React.CSSProperties}>
        ★★★★★
      </span>{' '}
      <span>{t('detail.ratingValue', { value: average.toLocaleString(locale) })}</span>{' '}
      <span className="state-hint">
        ({t('detail.ratingCount', { count, n: formatNumber(count, locale) })})
      </span>
    </span>
  );
}
