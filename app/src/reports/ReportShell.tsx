import type { LoaderState } from '@plugin-center/api';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import { ErrorState, LoadingState } from '../ui/States';
import { RangePicker } from './RangePicker';
import type { RangePreset } from './range';

/** Props of {@link ReportShell}. */
export interface ReportShellProps<T> {
  /** Classes of the page's `<section>` (always with `analytics`, which lays the page out). */
  className: string;
  /** The page's header with its `<h1>` (the back office's `BackstageHeader`, or a plain one). */
  header: ReactNode;
  /** The chosen range, 7, 30 or 90 days (`useReportRange`'s `preset`). */
  preset: RangePreset;
  /** Chooses another range (`useReportRange`'s `choose`). */
  onRangeChange: (preset: RangePreset) => void;
  /** More controls of the toolbar, after the range picker (the administrators' developer field). */
  tools?: ReactNode;
  /** The report's loader (`useLoader`): drives the loading, updating, error and `aria-busy` states. */
  report: LoaderState<T> & { reload(): void };
  /** False while the report cannot be asked for yet (an administrator has not named a developer): no body. */
  enabled?: boolean;
  /** Whether a loaded report has nothing to show (then {@link ReportShellProps.empty} replaces it). */
  isEmpty: (data: T) => boolean;
  /** The page's empty state (an `EmptyState`) for a loaded report with nothing in it. */
  empty: (data: T) => ReactNode;
  /** The loaded report's figures (cards, charts, tables). */
  children: (data: T) => ReactNode;
}

/**
 * What both analytics pages render around their figures: the header, a toolbar with the
 * {@link RangePicker}, any further `tools` and an 'Updating…' status while a new range loads over the
 * shown one, and the `analytics-body` (`aria-busy` while requesting) holding, in this order, the error
 * state with Retry ('Could not load the analytics'), the loading state, the page's empty state
 * (`isEmpty(data)` → `empty(data)`) or the report (`children(data)`).
 */
export function ReportShell<T>({
  className,
  header,
  preset,
  onRangeChange,
  tools,
  report,
  enabled = true,
  isEmpty,
  empty,
  children,
}: ReportShellProps<T>) {
  const { t } = useTranslation();
  const data = enabled ? report.data : undefined;
  const updating = enabled && report.status === 'requesting' && data !== undefined;

  let body: ReactNode = null;
  if (!enabled) body = null;
  else if (report.status === 'error') {
    body = <ErrorState message={t('analytics.error')} onRetry={report.reload} />;
  } else if (data === undefined) {
    body = <LoadingState label={t('analytics.loading')} />;
  } else if (isEmpty(data)) {
    body = empty(data);
  } else {
    body = children(data);
  }

  return (
    <section className={className}>
      {header}
      <div className="analytics-toolbar">
        <RangePicker preset={preset} onChange={onRangeChange} />
        {tools}
        {updating && <LoadingState label={t('analytics.updating')} variant="more" inline />}
      </div>
      <div className="analytics-body" aria-busy={report.status === 'requesting'}>
        {body}
      </div>
    </section>
  );
}
