import type { PublisherAnalytics } from '@plugin-center/api';
import { useSession } from '@plugin-center/react';
import { usePublisherAnalytics } from '@plugin-center/react/backoffice';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatNumber } from '../../format';
import { useTranslation } from '../../i18n/i18n';
import { ChartFigure } from '../../reports/ChartFigure';
import { ReportShell } from '../../reports/ReportShell';
import { rangeText as describeRange, formatDay } from '../../reports/range';
import { useReportRange } from '../../reports/useReportRange';
import { detailPath } from '../../routes';
import { Button, buttonClass } from '../../ui/Button';
import { TextInput } from '../../ui/Field';
import { EmptyState } from '../../ui/States';
import { Table } from '../../ui/Table';
import { useDocumentTitle } from '../../useDocumentTitle';
import { SignedInRoute } from '../SignedInRoute';

/** How many plugins the per-day charts draw (the most viewed; the totals table lists all). */
export const CHARTED_PLUGINS = 8;

/**
 * A publisher's analytics, route `/my-analytics`: any signed-in user sees the
 * plugins their account owns; a visitor is sent to sign in (back here afterwards). Administrators
 * may also name a developer. Shows {@link PublisherAnalyticsView}.
 */
export function PublisherAnalyticsPage() {
  const { t } = useTranslation();
  const session = useSession();
  useDocumentTitle(t('analytics.publisherTitle'));
  return (
    <SignedInRoute loading={t('app.loading')} signingIn={t('analytics.signingIn')}>
      <PublisherAnalyticsView isAdmin={session.isAdmin} />
    </SignedInRoute>
  );
}

/**
 * The publisher report (`GET /api/cmt/plugin/analytics` for the chosen range) in the
 * {@link ReportShell}: the plugins the caller's account owns (the server decides by ownership) with
 * views and installs per day (one line per plugin, the {@link CHARTED_PLUGINS} most viewed) and a
 * table of totals. An administrator also gets the developer field (`?developer=`): empty reports on
 * their own plugins, a name on the plugins with exactly that developer text; general users never
 * send `developer`. Empty state (no plugin of the account, or of that developer name): with a way to publish one.
 *
 * @param isAdmin - whether the signed-in user is an administrator (shows the developer field)
 */
export function PublisherAnalyticsView({ isAdmin = false }: { isAdmin?: boolean }) {
  const { t } = useTranslation();
  const { preset, range, choose } = useReportRange();
  const [params, setParams] = useSearchParams();
  const developer = isAdmin ? (params.get('developer') ?? '').trim() : '';
  const report = usePublisherAnalytics({ from: range.from, to: range.to, developer: developer || undefined });

  const chooseDeveloper = (name: string) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (name) out.set('developer', name);
      else out.delete('developer');
      return out;
    });

  return (
    <ReportShell
      className="analytics analytics-publisher"
      header={
        <header className="backstage-head">
          <h1>{t('analytics.publisherTitle')}</h1>
          <p className="state-hint" data-testid="publisher-subject">
            {developer ? t('analytics.subjectDeveloper', { name: developer }) : t('analytics.subjectOwn')}
          </p>
        </header>
      }
      preset={preset}
      onRangeChange={choose}
      tools={
        isAdmin ? <DeveloperForm key={developer} value={developer} onSubmit={chooseDeveloper} /> : undefined
      }
      report={report}
      isEmpty={(data) => data.plugins.length === 0}
      empty={(data) =>
        developer ? (
          <EmptyState
            title={t('analytics.publisherEmpty')}
            hint={t('analytics.publisherEmptyHint', { name: data.developer ?? developer })}
          />
        ) : (
          <EmptyState
            title={t('analytics.publisherEmpty')}
            hint={t('analytics.ownEmptyHint')}
            action={
              <Link to="/publish-plugin/new" className={buttonClass('primary')}>
                {t('analytics.publishPlugin')}
              </Link>
            }
          />
        )
      }
    >
      {(data) => <PublisherReport data={data} />}
    </ReportShell>
  );
}

/** The administrators' developer field: the publisher to report on. */
function DeveloperForm({ value, onSubmit }: { value: string; onSubmit: (developer: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(text.trim());
  };
  return (
    <form className="developer-form" onSubmit={submit}>
      <label htmlFor={id}>{t('analytics.developer')}</label>
      <TextInput
        id={id}
        type="text"
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <Button variant="primary" type="submit">
        {t('analytics.show')}
      </Button>
      <span id={`${id}-hint`} className="state-hint">
        {t('analytics.developerHint')}
      </span>
    </form>
  );
}

/** The loaded report: views and installs per day per plugin, and the totals table. */
function PublisherReport({ data }: { data: PublisherAnalytics }) {
  const { t, locale } = useTranslation();
  const rangeText = describeRange(t, locale, data.plugins[0]?.days ?? []);
  const perDay = useMemo(() => {
    const labels = (data.plugins[0]?.days ?? []).map((d) => formatDay(d.day, locale));
    const charted = data.plugins.slice(0, CHARTED_PLUGINS);
    const series = (metric: 'views' | 'installs') =>
      charted.map((p) => ({ label: p.name, values: p.days.map((d) => d[metric]) }));
    return { labels, views: series('views'), installs: series('installs') };
  }, [data, locale]);

  return (
    <div className="analytics-report">
      <p className="analytics-range">{rangeText}</p>
      <div className="chart-grid">
        <ChartFigure
          kind="line"
          title={t('analytics.viewsPerDay')}
          rangeText={rangeText}
          labels={perDay.labels}
          labelHeading={t('analytics.day')}
          series={perDay.views}
        />
        <ChartFigure
          kind="line"
          title={t('analytics.installsPerDay')}
          rangeText={rangeText}
          labels={perDay.labels}
          labelHeading={t('analytics.day')}
          series={perDay.installs}
        />
      </div>
      {data.plugins.length > CHARTED_PLUGINS && (
        <p className="state-hint">{t('analytics.chartLimit', { n: CHARTED_PLUGINS })}</p>
      )}
      <section className="chart-figure">
        <h2 className="chart-title" id="publisher-totals">
          {t('analytics.totals')}
        </h2>
        <Table
          aria-labelledby="publisher-totals"
          columns={[
            { label: t('analytics.plugin') },
            { label: t('analytics.views'), numeric: true },
            { label: t('analytics.installs'), numeric: true },
            { label: t('analytics.likes'), numeric: true },
          ]}
        >
          {data.plugins.map((p) => (
            <tr key={p.plugin_key}>
              <th scope="row">
                <Link to={detailPath(p.plugin_key)}>{p.name}</Link>
              </th>
              <td className="numeric">{formatNumber(p.views, locale)}</td>
              <td className="numeric">{formatNumber(p.installs, locale)}</td>
              <td className="numeric">{formatNumber(p.likes, locale)}</td>
            </tr>
          ))}
        </Table>
      </section>
    </div>
  );
}
