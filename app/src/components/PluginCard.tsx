import type { PluginSummary } from '@plugin-center/api';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { formatCount } from '../format';
import { useTranslation } from '../i18n/i18n';
import { preloadDetail } from '../pages/detail/loadDetail';
import { type DetailLinkState, detailPath } from '../routes';
import { PluginIcon } from './GeneratedCover';
import { DownloadIcon, EyeIcon, HeartIcon } from './Icons';
import { platformName } from './platforms';

/** Props of {@link PluginCard}. */
export interface PluginCardProps {
  plugin: PluginSummary;
  /** The square's query string (`?tag=…`), kept in the detail URL so closing the dialog restores it. */
  search: string;
  /** `compact` for the recommendations strip (no intro clamp to two lines, no platforms). */
  variant?: 'default' | 'compact';
  /** Whether the card is on the square (default): its link then opens the dialog over it, else the full detail page. */
  fromSquare?: boolean;
}

/**
 * A plugin card of the square (SPEC §2): icon, or a generated cover (`GeneratedCover`: hue and
 * pattern from the name and tags, with the initial) without one, name, intro (clamped to two
 * lines), developer, counts (downloads, views, likes; compact notation; the average rating once it has ratings) and platforms. The whole card
 * is a link to `/detail/<plugin_key>` (Enter opens it; the dialog's code is preloaded on hover/focus).
 * Memoised: the square re-renders as each of its answers arrives (tags, recommendations, featured
 * slots, banners), and the cards whose plugin and query string have not changed are left as they
 * are (less main-thread work at first load). A language change still re-renders them
 * through `useTranslation`.
 */
export const PluginCard = memo(function PluginCard({
  plugin,
  search,
  variant = 'default',
  fromSquare = true,
}: PluginCardProps) {
  const { t, locale } = useTranslation();
  const state: DetailLinkState = { fromSquare: true };
  return (
    <Link
      className="card"
      data-variant={variant}
      data-plugin-key={plugin.plugin_key}
      to={{ pathname: detailPath(plugin.plugin_key), search }}
      state={fromSquare ? state : undefined}
      onPointerEnter={preloadDetail}
      onFocus={preloadDetail}
    >
      <span className="card-head">
        <PluginIcon
          name={plugin.name}
          icon={plugin.icon}
          tags={plugin.tags.map((tag) => tag.code)}
          size={variant === 'compact' ? 40 : 48}
        />
        <span className="card-title">
          <span className="card-name">{plugin.name}</span>
          <span className="card-developer">{plugin.developer || t('card.unknownDeveloper')}</span>
        </span>
      </span>
      <span className="card-intro">{plugin.intro}</span>
      <span className="card-foot">
        {variant === 'default' && plugin.platforms.length > 0 && (
          <span className="card-platforms">
            <span className="sr-only">{t('card.platforms')}: </span>
            {plugin.platforms.map((p) => (
              <span key={p} className="chip chip-small">
                {platformName(p)}
              </span>
            ))}
          </span>
        )}
        <span className="card-counts">
          <span className="count" title={t('card.downloads')}>
            <DownloadIcon />
            <span className="sr-only">{t('card.downloads')}</span>
            {formatCount(plugin.download_count, locale)}
          </span>
          <span className="count" title={t('card.views')}>
            <EyeIcon />
            <span className="sr-only">{t('card.views')}</span>
            {formatCount(plugin.view_count, locale)}
          </span>
          <span className="count" title={t('card.likes')}>
            <HeartIcon />
            <span className="sr-only">{t('card.likes')}</span>
            {formatCount(plugin.praise_count, locale)}
          </span>
          {plugin.rating_average !== null && (
            <span className="count" title={t('card.rating')}>
              ★<span className="sr-only">{t('card.rating')}</span>
              {plugin.rating_average.toLocaleString(locale)}
            </span>
          )}
        </span>
      </span>
    </Link>
  );
});

/** A placeholder card shown while plugins load (`count` of them). */
export function SkeletonCards({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
        <li key={i} className="card card-skeleton" aria-hidden="true">
          <span className="card-head">
            <span className="avatar skeleton" />
            <span className="card-title">
              <span className="skeleton skeleton-line" style={{ width: '60%' }} />
              <span className="skeleton skeleton-line" style={{ width: '35%' }} />
            </span>
          </span>
          <span className="skeleton skeleton-line" />
          <span className="skeleton skeleton-line" style={{ width: '80%' }} />
        </li>
      ))}
    </>
  );
}
