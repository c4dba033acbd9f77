import type { Submission } from '@plugin-center/contract';
import { ReviewStatus } from '@plugin-center/contract';
import { useMyPlugins } from '@plugin-center/react/backoffice';
import { Link } from 'react-router-dom';
import { PluginIcon } from '../../components/GeneratedCover';
import { buttonClass } from '../../ui/Button';
import { Pager } from '../../ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { SignedInRoute } from '../SignedInRoute';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../format';
import { usePublishTexts } from '../../i18n/publish/texts';
import { PublisherSettings } from '../publisher/PublisherSettings';
import { ListingActions, ListingBadges } from './ListingActions';
import { SubmissionHistory } from './SubmissionHistory';

/** Path of a plugin's statistics (router basename `/plugins`). */
export const statsPath = (pluginKey: string) =>
  `/my-plugins/stats?plugin_key=${encodeURIComponent(pluginKey)}`;

/** Path of the edit form of a plugin (router basename `/plugins`). */
export const editPath = (pluginKey: string) =>
  `/publish-plugin/edit?plugin_key=${encodeURIComponent(pluginKey)}`;

/**
 * `/my-plugins`: the signed-in user's plugins; a visitor is sent to sign in (back here
 * afterwards). Shows {@link MyPluginsView}, then the publisher profile ({@link PublisherSettings}:
 * handle, website, domain proof).
 */
export function MyPluginsPage() {
  const { t } = usePublishTexts();
  useDocumentTitle(t('mine.title'));
  return (
    <SignedInRoute loading={t('mine.loading')} signingIn={t('form.signingIn')}>
      <MyPluginsView />
      <PublisherSettings />
    </SignedInRoute>
  );
}

/**
 * The user's plugins from `plugin.userPlugins()` (SubmissionPage, the latest submission of each,
 * "Load more" with `next_cursor`): icon, name, version ("No version yet" for a catalogue plugin given
 * to the user, which has none), review status badge (SPEC §4), the reject reason when not approved,
 * the plugin key (what `plugin-center publish --plugin-key` and the API name it by), its listing
 * state (Unlisted and Deprecated badges, the deprecation message) and actions (unlist or relist,
 * deprecate or withdraw it, delete with a confirmation: {@link ListingActions}; the list is read
 * again after each), its submission history ({@link SubmissionHistory}), and an Edit link to the
 * publish form, a Statistics link (`/my-plugins/stats`); a link to the personal access
 * tokens (`/my-plugins/tokens`). Loading, error (Retry) and empty
 * (with a "Publish a plugin" button) states.
 */
export function MyPluginsView() {
  const { t, locale } = usePublishTexts();
  const list = useMyPlugins();
  const firstPage = list.pages.length > 0;
  const publishButton = (
    <Link to="/publish-plugin/new" className={buttonClass('primary')}>
      {t('mine.publish')}
    </Link>
  );
  return (
    <section className="mine" aria-busy={list.status === 'requesting' || list.isLoadingMore}>
      <header className="mine-head">
        <h1>{t('mine.title')}</h1>
        <span className="mine-head-actions">
          <Link to="/my-plugins/tokens" className={buttonClass('text')}>
            {t('tokens.link')}
          </Link>
          {list.items.length > 0 && publishButton}
        </span>
      </header>
      {!firstPage && list.status !== 'error' && <LoadingState label={t('mine.loading')} />}
      {!firstPage && list.status === 'error' && (
        <ErrorState message={t('mine.error')} onRetry={list.reload} />
      )}
      {firstPage && list.items.length === 0 && (
        <EmptyState title={t('mine.empty')} hint={t('mine.emptyHint')} action={publishButton} />
      )}
      {list.items.length > 0 && (
        <ul className="submission-list" data-testid="my-plugins">
          {list.items.map((s) => (
            <MyPlugin key={s.id} s={s} locale={locale} others={list.items} onChanged={list.reload} />
          ))}
        </ul>
      )}
      <Pager list={list} more={t('mine.loadMore')} loading={t('mine.loading')} error={t('mine.error')} />
    </section>
  );
}

function MyPlugin({
  s,
  locale,
  others,
  onChanged,
}: {
  s: Submission;
  locale: string;
  others: readonly Submission[];
  onChanged(): void;
}) {
  const { t } = usePublishTexts();
  return (
    <li className="submission" data-plugin-key={s.plugin_key}>
      <div className="submission-head">
        <PluginIcon name={s.name} icon={s.icon} size={48} />
        <div className="submission-title">
          <h2>{s.name}</h2>
          <span className="submission-meta">
            {s.version ? t('mine.version', { version: s.version }) : t('listing.noVersion')} ·{' '}
            {t('mine.submitted', { time: formatDateTime(s.create_time, locale) })}
          </span>
        </div>
        <StatusBadge status={s.review_status} />
        <ListingBadges s={s} />
        <Link
          to={statsPath(s.plugin_key)}
          className={buttonClass()}
          aria-label={t('mine.statsName', { name: s.name })}
        >
          {t('mine.stats')}
        </Link>
        <Link
          to={editPath(s.plugin_key)}
          className={buttonClass()}
          aria-label={t('mine.editName', { name: s.name })}
        >
          {t('mine.edit')}
        </Link>
      </div>
      <p className="submission-key">
        {t('mine.pluginKey')}: <code>{s.plugin_key}</code>
      </p>
      {s.review_status === ReviewStatus.UNAPPROVED && s.reject_reason && (
        <p className="submission-reason">{t('mine.rejectReason', { reason: s.reject_reason })}</p>
      )}
      {s.listing.deprecation && (
        <p className="submission-reason listing-note">{s.listing.deprecation.message}</p>
      )}
      <ListingActions s={s} others={others} onChanged={onChanged} />
      <SubmissionHistory pluginKey={s.plugin_key} />
    </li>
  );
}
