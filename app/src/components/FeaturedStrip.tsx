import type { FeaturedSlot } from '@plugin-center/api';
import { useFeatured } from '@plugin-center/react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';
import { preloadDetail } from '../pages/detail/loadDetail';
import { type DetailLinkState, detailPath } from '../routes';
import { PluginIcon } from './GeneratedCover';
import './squareCuration.css';

/**
 * The square's featured area (SPEC §2, §4 resource positions): the active slots of
 * `useFeatured` as featured cards — icon first (or its generated placeholder), name, intro (two lines)
 * and the 'new' tag when the slot's `is_new` — each a link to the plugin's detail over the square.
 * Renders nothing (no empty box) while loading, on a failure and when no slot is active; the hook asks
 * again at the answer's `next_change_time`, so a slot appears and disappears on time. The square
 * leaves it out while searching.
 *
 * @param search - the square's query string, kept in the detail URL (like `PluginCard`)
 */
export function FeaturedStrip({ search }: { search: string }) {
  const { t, locale } = useTranslation();
  const { slots } = useFeatured({ lang: locale });
  if (slots.length === 0) return null;
  return (
    <section className="featured" aria-labelledby="featured-title">
      <div className="section-head">
        <h2 id="featured-title">{t('featured.title')}</h2>
      </div>
      <ul className="featured-grid">
        {slots.map((slot) => (
          <li key={slot.id}>
            <FeaturedCard slot={slot} search={search} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One featured card: a link to `/detail/<plugin_key>` (the dialog's code preloaded on hover/focus). */
function FeaturedCard({ slot, search }: { slot: FeaturedSlot; search: string }) {
  const { t } = useTranslation();
  const { plugin } = slot;
  const state: DetailLinkState = { fromSquare: true };
  return (
    <Link
      className="card featured-card"
      data-plugin-key={plugin.plugin_key}
      to={{ pathname: detailPath(plugin.plugin_key), search }}
      state={state}
      onPointerEnter={preloadDetail}
      onFocus={preloadDetail}
    >
      <PluginIcon name={plugin.name} icon={plugin.icon} tags={plugin.tags.map((tag) => tag.code)} size={56} />
      <span className="featured-text">
        <span className="featured-name">
          <span className="card-name">{plugin.name}</span>
          {slot.is_new && <span className="chip chip-small chip-new">{t('featured.new')}</span>}
        </span>
        <span className="card-intro">{plugin.intro}</span>
      </span>
    </Link>
  );
}
