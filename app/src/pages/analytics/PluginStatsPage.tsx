import type { PluginStats, PluginStatsCounts } from '@plugin-center/api';
import { usePluginAction, usePluginStats } from '@plugin-center/react/backoffice';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../format';
import { type Translation, useTranslation } from '../../i18n/i18n';
import { ChartFigure } from '../../reports/ChartFigure';
import { ReportShell } from '../../reports/ReportShell';
import { rangeText as describeRange, formatDay } from '../../reports/range';
import { useReportRange } from '../../reports/useReportRange';
import { saveBlob } from '../../saveBlob';
import { notify } from '../../toast/toastStore';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/States';
import { Table } from '../../ui/Table';
import { useDocumentTitle } from '../../useDocumentTitle';
import { SignedInRoute } from '../SignedInRoute';

/** `YYYY-MM-DD` of the UTC day of an instant (ms). */
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The name the exported CSV is saved under, as the server's `Content-Disposition` names it:
 * `plugin-stats-<plugin_key>-<from>-<to>.csv`, characters of the key other than letters, digits,
 * `.`, `_` and `-` replaced by `_`.
 */
export function statsFileName(pluginKey: string, from: string, to: string): string {
  return `plugin-stats-${pluginKey.replace(/[^\w.-]/g, '_')}-${from}-${to}.csv`;
}

/**
 * `/my-plugins/stats?plugin_key=<key>` (`&days=7|30|90`): one plugin's statistics for its
 * publisher or an administrator (signed in; a visitor is sent to sign in and back). Reached from
 * each plugin of My plugins. Shows {@link PluginStatsView}.
 */
export function PluginStatsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('analytics.stats.docTitle'));
  return (
    <SignedInRoute loading={t('app.loading')} signingIn={t('analytics.signingIn')}>
      <PluginStatsView />
    </SignedInRoute>
  );
}

/**
 * The statistics of the plugin `?plugin_key=` (`GET /api/cmt/plugin/stats`) over the chosen
 * 7 / 30 / 90 UTC days in the {@link ReportShell}: the totals of the range, installs and uninstalls
 * and views and likes per day (line charts, each with its data table for screen readers), a table
 * per version (newest first; "Not recorded" for activity without a version), and "Export CSV"
 * (`GET /api/cmt/plugin/stats/csv`, saved as {@link statsFileName}). Empty state when nothing
 * happened in the range; the error state (with Retry) for a plugin that is not the caller's (403) or
 * does not exist (404).
 */
export function PluginStatsView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const pluginKey = params.get('plugin_key') ?? '';
  if (!pluginKey) {
    return (
      <section className="analytics plugin-stats">
        <EmptyState
          title={t('analytics.stats.docTitle')}
          hint={t('analytics.stats.noPlugin')}
          action={<BackToMine />}
        />
      </section>
    );
  }
  return <PluginStatsShell pluginKey={pluginKey} />;
}

/** The link back to My plugins. */
function BackToMine() {
  const { t } = useTranslation();
  return (
    <Link to="/my-plugins" className={buttonClass('text')}>
      {t('analytics.stats.backToMine')}
    </Link>
  );
}

/** {@link PluginStatsView} for a plugin key: the loader, the export and the shell. */
function PluginStatsShell({ pluginKey }: { pluginKey: string }) {
  const { t } = useTranslation();
  const { preset, range, choose } = useReportRange();
  const from = utcDate(range.from);
  const to = utcDate(range.to);
  const stats = usePluginStats({ plugin_key: pluginKey, from, to });
  const csv = usePluginAction('pluginStatsCsv');

  const exportCsv = async () => {
    const file = statsFileName(pluginKey, from, to);
    const done = await csv.run({ plugin_key: pluginKey, from, to });
    if (done.status === 'success' && done.data) {
      saveBlob(done.data, file);
      notify(t('analytics.stats.exported', { file }), 'success');
    } else notify(t('analytics.stats.exportFailed'), 'error');
  };

  const name = stats.data?.name ?? pluginKey;
  return (
    <ReportShell
      className="analytics plugin-stats"
      header={
        <header className="backstage-head">
          <BackToMine />
          <h1>{t('analytics.stats.title', { name })}</h1>
        </header>
      }
      preset={preset}
      onRangeChange={choose}
      tools={
        <Button
          onClick={exportCsv}
          loading={csv.status === 'running'}
          disabled={stats.data === undefined}
          data-testid="stats-export"
        >
          {t('analytics.stats.exportCsv')}
        </Button>
      }
      report={stats}
      isEmpty={(data) => Object.values(data.totals).every((n) => n === 0)}
      empty={() => <EmptyState title={t('analytics.stats.empty')} hint={t('analytics.stats.emptyHint')} />}
    >
      {(data) => <StatsReport data={data} />}
    </ReportShell>
  );
}

/** The counters a table row shows, in order. */
const COLUMNS = ['installs', 'uninstalls', 'views', 'likes', 'ratings'] as const;

/** The average stars of counts, two decimals in the locale; '—' without ratings. */
function averageText(c: PluginStatsCounts, locale: string): string {
  return c.ratings === 0
    ? '—'
    : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        c.rating_sum / c.ratings,
      );
}

/** The header cells of a table of counters after its first column. */
function counterColumns(t: Translation['t']) {
  return [
    ...COLUMNS.map((c) => ({ label: t(`analytics.stats.${c}`), numeric: true })),
    { label: t('analytics.stats.average'), numeric: true },
  ];
}

/** The loaded statistics: totals, the two charts and the per-version table. */
function StatsReport({ data }: { data: PluginStats }) {
  const { t, locale } = useTranslation();
  const rangeText = describeRange(t, locale, data.days);
  const charts = useMemo(() => {
    const labels = data.days.map((d) => formatDay(d.day, locale));
    const series = (metric: keyof PluginStatsCounts) => ({
      label: t(`analytics.stats.${metric as (typeof COLUMNS)[number]}`),
      values: data.days.map((d) => d[metric]),
    });
    return {
      labels,
      installs: [series('installs'), series('uninstalls')],
      views: [series('views'), series('likes')],
    };
  }, [data, locale, t]);

  return (
    <div className="analytics-report">
      <p className="analytics-range">{rangeText}</p>
      <section aria-labelledby="stats-totals">
        <h2 className="chart-title" id="stats-totals">
          {t('analytics.stats.totals')}
        </h2>
        <dl className="stat-cards" data-testid="stats-totals">
          {COLUMNS.map((c) => (
            <div key={c} className="stat-card" data-counter={c}>
              <dt>{t(`analytics.stats.${c}`)}</dt>
              <dd>
                <span className="stat-value">{formatNumber(data.totals[c], locale)}</span>
                {c === 'views' && <span className="stat-hint">{t('analytics.stats.viewsHint')}</span>}
              </dd>
            </div>
          ))}
          <div className="stat-card" data-counter="average">
            <dt>{t('analytics.stats.average')}</dt>
            <dd>
              <span className="stat-value">{averageText(data.totals, locale)}</span>
            </dd>
          </div>
        </dl>
      </section>
      <div className="chart-grid">
        <ChartFigure
          kind="line"
          title={t('analytics.stats.installsPerDay')}
          rangeText={rangeText}
          labels={charts.labels}
          labelHeading={t('analytics.day')}
          series={charts.installs}
        />
        <ChartFigure
          kind="line"
          title={t('analytics.stats.viewsPerDay')}
          rangeText={rangeText}
          labels={charts.labels}
          labelHeading={t('analytics.day')}
          series={charts.views}
        />
      </div>
      <section className="chart-figure">
        <h2 className="chart-title" id="stats-versions">
          {t('analytics.stats.perVersion')}
        </h2>
        <div className="table-scroll">
          <Table
            aria-labelledby="stats-versions"
            data-testid="stats-versions"
            columns={[{ label: t('analytics.stats.version') }, ...counterColumns(t)]}
          >
            {data.versions.map((v) => (
              <tr key={v.version ?? ''}>
                <th scope="row">
                  {v.version === null
                    ? t('analytics.stats.unknownVersion')
                    : v.version === data.current_version
                      ? t('analytics.stats.current', { version: v.version })
                      : v.version}
                </th>
                {COLUMNS.map((c) => (
                  <td key={c} className="numeric">
                    {formatNumber(v[c], locale)}
                  </td>
                ))}
                <td className="numeric">{averageText(v, locale)}</td>
              </tr>
            ))}
          </Table>
        </div>
        {data.versions.some((v) => v.version === null) && (
          <p className="state-hint">{t('analytics.stats.unknownVersionHint')}</p>
        )}
      </section>
    </div>
  );
}
