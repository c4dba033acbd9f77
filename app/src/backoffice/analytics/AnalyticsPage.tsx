import type { AnalyticsOverview } from '@plugin-center/contract';
import { PluginEvent } from '@plugin-center/contract';
import { useApiClient, useLoader } from '@plugin-center/react';
import { type CSSProperties, useMemo } from 'react';
import { formatNumber, formatPercent } from '../../format';
import { useTranslation } from '../../i18n/i18n';
import { ChartFigure } from '../../reports/ChartFigure';
import { ReportShell } from '../../reports/ReportShell';
import { rangeText as describeRange, formatDay } from '../../reports/range';
import { useReportRange } from '../../reports/useReportRange';
import { EmptyState } from '../../ui/States';
import { Table } from '../../ui/Table';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';

/**
 * The back-office analytics dashboard, route `/backstage-index/analytics` (SPEC §2 back
 * office: admin only, no site header). Behind the admin route check like the rest of the back office
 * (`AdminRoute`: a visitor goes to sign in, a general user to `/403`), then
 * {@link AnalyticsOverviewView}.
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('analytics.title'));
  return (
    <AdminRoute>
      <AnalyticsOverviewView />
    </AdminRoute>
  );
}

/**
 * The dashboard itself (`GET /api/cmt/manager/analytics/overview` for the chosen range) in the
 * {@link ReportShell}: the range picker, then — once loaded — total cards, a line chart of page views and visitors per day, a bar
 * chart of the top plugins (views, installs, likes) and a table of events by name; a loading state,
 * an empty state ('No events in this range yet') and an error state with Retry. Each chart has an
 * `aria-label` and a visually hidden table of its values.
 */
export function AnalyticsOverviewView() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { preset, range, choose } = useReportRange();
  const overview = useLoader<AnalyticsOverview>(
    (signal) => api.plugin.analyticsOverview({ from: range.from, to: range.to }, { signal }),
    [range.from, range.to],
  );

  return (
    <ReportShell
      className="backstage analytics"
      header={<BackstageHeader title={t('analytics.title')} />}
      preset={preset}
      onRangeChange={choose}
      report={overview}
      isEmpty={(data) => data.total_events === 0}
      empty={() => <EmptyState title={t('analytics.empty')} hint={t('analytics.emptyHint')} />}
    >
      {(data) => <OverviewReport data={data} />}
    </ReportShell>
  );
}

/** The loaded dashboard: cards, the two charts, the events table. */
function OverviewReport({ data }: { data: AnalyticsOverview }) {
  const { t, locale } = useTranslation();
  const rangeText = describeRange(t, locale, data.days);
  const eventCount = (name: string) => data.events.find((e) => e.event === name)?.count ?? 0;
  const pageviews = data.days.reduce((n, d) => n + d.pageviews, 0);

  const traffic = useMemo(
    () => ({
      labels: data.days.map((d) => formatDay(d.day, locale)),
      series: [
        { label: t('analytics.pageviews'), values: data.days.map((d) => d.pageviews) },
        { label: t('analytics.visitors'), values: data.days.map((d) => d.visitors) },
      ],
    }),
    [data, locale, t],
  );
  const top = useMemo(
    () => ({
      labels: data.top_plugins.map((p) => p.name),
      series: [
        { label: t('analytics.views'), values: data.top_plugins.map((p) => p.views) },
        { label: t('analytics.installs'), values: data.top_plugins.map((p) => p.installs) },
        { label: t('analytics.likes'), values: data.top_plugins.map((p) => p.likes) },
      ],
    }),
    [data, t],
  );

  const cards: [string, string, string?][] = [
    [t('analytics.pageviews'), formatNumber(pageviews, locale)],
    [t('analytics.uniqueVisitors'), formatNumber(data.visitors, locale), t('analytics.uniqueVisitorsHint')],
    [t('analytics.pluginViews'), formatNumber(eventCount(PluginEvent.VIEW), locale)],
    [t('analytics.pluginInstalls'), formatNumber(eventCount(PluginEvent.INSTALL), locale)],
    [t('analytics.events'), formatNumber(data.total_events, locale)],
  ];
  const most = data.events[0]?.count ?? 1;

  return (
    <div className="analytics-report">
      <p className="analytics-range">{rangeText}</p>
      <dl className="stat-cards" data-testid="analytics-totals">
        {cards.map(([label, value, hint]) => (
          <div key={label} className="stat-card">
            <dt>{label}</dt>
            <dd>
              <span className="stat-value">{value}</span>
              {hint && <span className="stat-hint">{hint}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <ChartFigure
        kind="line"
        title={t('analytics.traffic')}
        rangeText={rangeText}
        labels={traffic.labels}
        labelHeading={t('analytics.day')}
        series={traffic.series}
        height={300}
      />
      <div className="chart-grid">
        {data.top_plugins.length > 0 ? (
          <ChartFigure
            kind="bar"
            title={t('analytics.topPlugins')}
            rangeText={rangeText}
            labels={top.labels}
            labelHeading={t('analytics.plugin')}
            series={top.series}
            height={Math.max(200, 60 + data.top_plugins.length * 36)}
          />
        ) : (
          <section className="chart-figure">
            <h2 className="chart-title">{t('analytics.topPlugins')}</h2>
            <EmptyState title={t('analytics.noPluginEvents')} />
          </section>
        )}
        <section className="chart-figure">
          <h2 className="chart-title" id="events-by-name">
            {t('analytics.eventsByName')}
          </h2>
          <Table
            aria-labelledby="events-by-name"
            columns={[
              { label: t('analytics.event') },
              { label: t('analytics.count'), numeric: true },
              { label: t('analytics.share') },
            ]}
          >
            {data.events.map((e) => {
              const share = data.total_events ? e.count / data.total_events : 0;
              return (
                <tr key={e.event}>
                  <th scope="row">
                    <code>{e.event}</code>
                  </th>
                  <td className="numeric">{formatNumber(e.count, locale)}</td>
                  <td>
                    <span className="meter" aria-hidden="true">
                      <span style={{ '--meter': `${(e.count / most) * 100}%` } as CSSProperties} />
                    </span>
                    <span className="meter-text">{formatPercent(share, locale)}</span>
                  </td>
                </tr>
              );
            })}
          </Table>
        </section>
      </div>
    </div>
  );
}
