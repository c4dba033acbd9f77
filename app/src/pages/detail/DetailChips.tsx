import type { PluginDetail } from '@plugin-center/api';
import { platformName } from '../../components/platforms';
import { useTranslation } from '../../i18n/i18n';

/**
 * The plugin's tags (in the current language, else their name) and platforms as two labelled chip
 * lists (the platforms left out with `platforms={false}`, where the page shows them itself); nothing
 * when there is neither.
 */
export function DetailChips({ plugin, platforms = true }: { plugin: PluginDetail; platforms?: boolean }) {
  const { t } = useTranslation();
  const shownPlatforms = platforms ? plugin.platforms : [];
  if (plugin.tags.length === 0 && shownPlatforms.length === 0) return null;
  return (
    <div className="detail-chips">
      {plugin.tags.length > 0 && (
        <ul className="chips" aria-label={t('detail.tags')}>
          {plugin.tags.map((tag) => (
            <li key={tag.id} className="chip">
              {t(`tags.${tag.code}`, { defaultValue: tag.name })}
            </li>
          ))}
        </ul>
      )}
      {shownPlatforms.length > 0 && (
        <ul className="chips" aria-label={t('detail.platforms')}>
          {shownPlatforms.map((p) => (
            <li key={p} className="chip chip-outline">
              {platformName(p)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
