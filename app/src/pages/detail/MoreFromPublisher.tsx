import { useMorePlugins } from '@plugin-center/react';
import { PluginCard } from '../../components/PluginCard';
import { useTranslation } from '../../i18n/i18n';
import { DetailHeading } from './DetailHeading';

/** How many plugins "more from this publisher" shows. */
export const MORE_FROM_PUBLISHER_COUNT = 6;

/**
 * "More from this publisher" on the full detail page: up to {@link MORE_FROM_PUBLISHER_COUNT} other
 * listed approved plugins of the plugin's publisher (`useMorePlugins`, `GET /api/cmt/plugin/more`),
 * as the square's cards linking to their own full detail pages. Nothing while they load, when there
 * are none, or when the call failed (the page is complete without them).
 *
 * @param pluginKey - the plugin on the page
 * @param publisher - the publisher's name for the heading; the generic heading when empty
 */
export function MoreFromPublisher({ pluginKey, publisher }: { pluginKey: string; publisher: string | null }) {
  const { t, locale } = useTranslation();
  const more = useMorePlugins(pluginKey, { count: MORE_FROM_PUBLISHER_COUNT, lang: locale });
  if (more.plugins.length === 0) return null;
  return (
    <section className="detail-section detail-more" data-testid="detail-more">
      <DetailHeading>
        {publisher ? t('detail.moreFrom', { name: publisher }) : t('detail.moreFromPublisher')}
      </DetailHeading>
      <ul className="card-grid">
        {more.plugins.map((plugin) => (
          <li key={plugin.plugin_key}>
            <PluginCard plugin={plugin} search="" fromSquare={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
