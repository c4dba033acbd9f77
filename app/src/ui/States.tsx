import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Button } from './Button';

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
      <Button onClick={onRetry}>{t('square.retry')}</Button>
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

/** Props of {@link LoadingState}. */
export interface LoadingStateProps {
  /** The visible text beside the spinner, also what screen readers announce ('Loading…'). */
  label: string;
  /**
   * `page` (default): the loading state of a page or of a whole block, with room around it
   * (`.page-loading`); `more`: a small line while more arrives or a shown result is refreshed
   * (`.loading-more`: the square's next page, an analytics report's update).
   */
  variant?: 'page' | 'more';
  /** Render a `<span>` instead of a `<p>`, for phrasing contexts such as a toolbar. */
  inline?: boolean;
}

/**
 * The loading state of the app: a spinner (hidden from assistive technology) and a label, in a
 * `role="status"` element so screen readers announce it politely. The one copy of the spinner
 * markup; the `aria-busy` of the region being loaded stays with that region.
 */
export function LoadingState({ label, variant = 'page', inline = false }: LoadingStateProps) {
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag className={variant === 'page' ? 'page-loading' : 'loading-more'} role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </Tag>
  );
}
