import type { PublisherPage as PublisherPageData } from '@plugin-center/api';
import { usePublisherPage } from '@plugin-center/react';
import { useParams } from 'react-router-dom';
import { PluginAvatar } from '../../components/PluginAvatar';
import { PluginCard } from '../../components/PluginCard';
import { formatCount } from '../../format';
import { useTranslation } from '../../i18n/i18n';
import { usePublishersTexts } from '../../i18n/publishers/texts';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { errorCode } from '../detail/errorCode';
import { StatusPage } from '../StatusPage';
import { VerifiedBadge } from './VerifiedBadge';
import './publisher.css';

/**
 * `/plugins/publisher/<handle>`: a publisher's page (`GET plugin/publisher`): header with the
 * avatar, name, handle, verified badge and website, the totals (plugins, installs, likes, average
 * rating) and its approved, listed plugins as the square's cards (newest first, at most 100; a note
 * says so when there are more). Loading, error (Retry), empty, and a 404 page for a handle nobody
 * holds (`PUBLISHER_NOT_FOUND`).
 */
export function PublisherPage() {
  const { handle = '' } = useParams();
  const { locale } = useTranslation();
  const { t } = usePublishersTexts();
  const { page, status, error, reload } = usePublisherPage(handle, { lang: locale as never });
  useDocumentTitle(
    page ? t('pageTitle', { name: page.profile.name, handle: page.profile.handle }) : undefined,
  );
  if (status === 'error' && errorCode(error) === 'PUBLISHER_NOT_FOUND') {
    return (
      <StatusPage
        code={404}
        title={t('notFoundTitle')}
        heading={t('notFoundTitle')}
        message={t('notFound', { handle })}
        backHome={t('backHome')}
      />
    );
  }
  if (status === 'error' && !page) {
    return (
      <section className="publisher-page">
        <ErrorState message={t('error')} onRetry={reload} />
      </section>
    );
  }
  if (!page) {
    return (
      <section className="publisher-page" aria-busy="true">
        <LoadingState label={t('loading')} />
      </section>
    );
  }
  return <PublisherView page={page} />;
}

/** The loaded page: header, totals and the plugin cards (see {@link PublisherPage}). */
export function PublisherView({ page }: { page: PublisherPageData }) {
  const { locale } = useTranslation();
  const { t } = usePublishersTexts();
  const { profile, totals } = page;
  const unrated = totals.rating_average === null;
  // label, value, and whether the value is a text saying there is none yet
  const figures: [string, string, boolean][] = [
    [t('plugins'), formatCount(totals.plugin_count, locale), false],
    [t('installs'), formatCount(totals.download_count, locale), false],
    [t('likes'), formatCount(totals.praise_count, locale), false],
    [t('rating'), unrated ? t('noRating') : `★ ${totals.rating_average?.toFixed(1)}`, unrated],
  ];
  return (
    <section className="publisher-page">
      <header className="publisher-head">
        <PluginAvatar name={profile.name || profile.handle} icon={profile.avatar_url} size={72} />
        <div className="publisher-identity">
          <h1 className="publisher-name">
            {profile.name || profile.handle}
            {profile.verified && <VerifiedBadge by={profile.verified_by} domain={profile.verified_domain} />}
          </h1>
          <p className="publisher-handle">@{profile.handle}</p>
          {profile.website && (
            <p className="publisher-website">
              <span className="sr-only">{t('website')}: </span>
              <a href={profile.website} rel="noopener noreferrer nofollow ugc" target="_blank">
                {profile.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </a>
            </p>
          )}
        </div>
      </header>
      <dl className="publisher-totals" aria-label={t('totals')}>
        {figures.map(([label, value, none]) => (
          <div key={label} className="publisher-total">
            <dt>{label}</dt>
            <dd data-empty={none || undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="publisher-section-title">
        {t('pluginsHeading', { name: profile.name || profile.handle })}
      </h2>
      {page.plugin_list.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <ul className="card-grid" aria-label={t('pluginsHeading', { name: profile.name || profile.handle })}>
          {page.plugin_list.map((plugin) => (
            <li key={plugin.plugin_key}>
              <PluginCard plugin={plugin} search="" />
            </li>
          ))}
        </ul>
      )}
      {page.truncated && (
        <p className="publisher-note">{t('truncated', { count: page.plugin_list.length })}</p>
      )}
    </section>
  );
}
