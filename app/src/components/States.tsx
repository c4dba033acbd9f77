import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';

/**
 * The error state of a block (list, tags, recommendations, detail): a message and a Retry button.
 * `role="alert"` so screen readers announce it.
 */
export function ErrorState({
  message,
  onRetry,
  compact,
}: {
  message: string;
  onRetry: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert" data-compact={compact ? '' : undefined}>
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('square.retry')}
      </button>
    </div>
  );
}

/** The empty state of a block: a title, an optional hint and an optional action. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {hint && <p className="state-hint">{hint}</p>}
      {action}
    </div>
  );
}
