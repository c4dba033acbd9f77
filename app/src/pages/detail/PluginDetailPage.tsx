import type { PluginDetail } from '@plugin-center/api';
import { usePluginDetail } from '@plugin-center/react';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '../../i18n/i18n';
import { publisherPath } from '../../routes';
import { buttonClass } from '../../ui/Button';
import { ErrorState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { DesignTools } from './DesignTools';
import { DetailActionBar } from './DetailActionBar';
import { DetailChips } from './DetailChips';
import { DetailFacts } from './DetailFacts';
import { DetailGallery } from './DetailGallery';
import { DetailHeader } from './DetailHeader';
import { DetailHeading, DetailHeadingLevelContext } from './DetailHeading';
import { DetailSkeletonLines } from './DetailStates';
import { DetailTexts } from './DetailTexts';
import { DetailErrorCode, errorCode } from './errorCode';
import { DetailNotice, RatingsSection } from './lazyParts';
import { MoreFromPublisher } from './MoreFromPublisher';
import { PublisherName } from './PublisherName';
import { RatingStars } from './RatingStars';
import { usePluginView } from './usePluginView';
import { useReloadOnUserChange } from './useReloadOnUserChange';
import { VersionHistory } from './VersionHistory';
import './detailPage.css';

/** The trail above the page: the square, then the plugin (the current page) once its name is known. */
function Breadcrumbs({ name }: { name: string | undefined }) {
  const { t } = useTranslation();
  return (
    <nav className="breadcrumbs" aria-label={t('detail.breadcrumbs')}>
      <ol>
        <li>
          <Link to="/">{t('detail.allPlugins')}</Link>
        </li>
        {name && <li aria-current="page">{name}</li>}
      </ol>
    </nav>
  );
}

/**
 * The publisher's section of the page: its name ({@link PublisherName}, a link to the publisher's page
 * when the owner chose a handle) and, when signed in as its owner, a note that the plugin is theirs.
 */
function PublisherSection({ plugin }: { plugin: PluginDetail }) {
  const { t } = useTranslation();
  return (
    <section className="detail-section" data-testid="detail-publisher">
      <DetailHeading>{t('detail.publisher')}</DetailHeading>
      <p className="detail-publisher">
        <PublisherName
          name={plugin.developer}
          to={plugin.publisher_handle ? publisherPath(plugin.publisher_handle) : undefined}
        />
      </p>
      {plugin.is_owner && <p className="state-hint">{t('detail.yourPlugin')}</p>}
    </section>
  );
}

/** A loaded plugin on its page: the head, the notices, counts and actions, then the two columns. */
function DetailPageBody({ plugin, onChanged }: { plugin: PluginDetail; onChanged: () => void }) {
  return (
    <article className="detail detail-page" data-plugin-key={plugin.plugin_key}>
      <DetailHeader plugin={plugin} preview />
      <p className="detail-page-rating">
        <RatingStars average={plugin.rating_average} count={plugin.rating_count} />
      </p>
      {(plugin.deprecation || (plugin.unlisted && plugin.is_owner)) && (
        <Suspense fallback={null}>
          <DetailNotice plugin={plugin} />
        </Suspense>
      )}
      <DetailActionBar plugin={plugin} onChanged={onChanged} />
      <div className="detail-page-columns">
        <div className="detail-page-main">
          <DetailGallery plugin={plugin} />
          <DetailTexts plugin={plugin} media={false} />
          <VersionHistory versions={plugin.versions} />
          <Suspense fallback={null}>
            <RatingsSection plugin={plugin} onChanged={onChanged} />
          </Suspense>
        </div>
        <aside className="detail-page-side">
          <PublisherSection plugin={plugin} />
          <DesignTools platforms={plugin.platforms} />
          <DetailChips plugin={plugin} platforms={false} />
          <DetailFacts plugin={plugin} />
        </aside>
      </div>
      <MoreFromPublisher pluginKey={plugin.plugin_key} publisher={plugin.developer} />
    </article>
  );
}

/** The page while the plugin loads: an `aria-busy` skeleton of the head, the intro and the columns. */
function DetailPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="detail detail-page" aria-busy="true" data-testid="detail-page-loading">
      <h1 className="sr-only">{t('detail.loading')}</h1>
      <DetailSkeletonLines />
    </div>
  );
}

/**
 * The page when the plugin could not be loaded: for `PLUGIN_NOT_FOUND` a 'not found' heading with a
 * link back to the square, else the error state with Retry.
 */
function DetailPageError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (errorCode(error) === DetailErrorCode.PLUGIN_NOT_FOUND)
    return (
      <div className="state state-empty" data-testid="detail-page-not-found">
        <h1>{t('detail.notFound')}</h1>
        <Link className={buttonClass()} to="/">
          {t('detail.backToSquare')}
        </Link>
      </div>
    );
  return (
    <>
      <h1 className="sr-only">{t('detail.error')}</h1>
      <ErrorState message={t('detail.error')} onRetry={onRetry} />
    </>
  );
}

/**
 * A plugin's full detail page, `/detail/:pluginKey` opened directly (a shared link, a reload, a new
 * tab, a link of another detail page; from the square the same path opens the dialog, see
 * `showsSquare` in `routes.ts`): breadcrumbs back to the square; the plugin's name as the page's `h1`
 * with its publisher and intro, its average rating in stars, the deprecation and unlisted notices,
 * counts (installs, views, likes) with like, install and copy link; then the gallery of covers and
 * images with the video, the Markdown description (sanitised), the version's notes, the history
 * versions and the ratings and reviews (lazily loaded) beside the publisher, the design tools, the
 * tags and the details (licence, links, dates in the current locale); then "more from this
 * publisher". The same components as the dialog, their section headings at level 2. A skeleton while
 * loading, 'not found' or an error with Retry. The document title is the plugin's name (as the
 * server's page head has it, `pageMeta.ts`); the view is counted once, as in the dialog, and the
 * detail read again when the signed-in user changes.
 */
export function PluginDetailPage() {
  const { pluginKey = '' } = useParams();
  const { locale } = useTranslation();
  const detail = usePluginDetail(pluginKey || null, { lang: locale });
  const plugin = detail.plugin?.plugin_key === pluginKey ? detail.plugin : undefined;
  useDocumentTitle(plugin?.name);
  useReloadOnUserChange(detail.reload);
  const viewCount = usePluginView(plugin ? pluginKey : '');
  return (
    <div className="detail-page-shell">
      <Breadcrumbs name={plugin?.name} />
      <DetailHeadingLevelContext.Provider value={2}>
        {plugin ? (
          <DetailPageBody
            key={plugin.plugin_key}
            plugin={{ ...plugin, view_count: Math.max(plugin.view_count, viewCount ?? 0) }}
            onChanged={detail.reload}
          />
        ) : detail.status === 'error' ? (
          <DetailPageError error={detail.error} onRetry={detail.reload} />
        ) : (
          <DetailPageSkeleton />
        )}
      </DetailHeadingLevelContext.Provider>
    </div>
  );
}
