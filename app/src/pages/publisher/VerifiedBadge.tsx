import { usePublishersTexts } from '../../i18n/publishers/texts';
import './publisher.css';

/**
 * The verified-publisher badge: a check mark with "Verified publisher" (visible, or for screen
 * readers only when `compact`), its title saying how (by the team, or as the owner of a domain).
 */
export function VerifiedBadge({
  by,
  domain,
  compact = false,
}: {
  by?: 'admin' | 'domain' | null;
  domain?: string | null;
  compact?: boolean;
}) {
  const { t } = usePublishersTexts();
  const how =
    by === 'domain' && domain
      ? t('verifiedDomain', { domain })
      : by === 'admin'
        ? t('verifiedAdmin')
        : undefined;
  return (
    <span className="verified-badge" data-compact={compact ? '' : undefined} title={how ?? t('verified')}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M8 0l2 1.6 2.5-.2.8 2.4 2.1 1.4-.8 2.4.8 2.4-2.1 1.4-.8 2.4-2.5-.2L8 16l-2-1.6-2.5.2-.8-2.4L.6 10.8 1.4 8.4.6 6l2.1-1.4.8-2.4 2.5.2zm3.3 5.3L7 9.6 4.7 7.3 3.6 8.4 7 11.8l5.4-5.4z"
        />
      </svg>
      <span className={compact ? 'sr-only' : undefined}>{t('verified')}</span>
    </span>
  );
}
