import type { PluginDetail } from '@plugin-center/api';
import { platformName } from '../../components/platforms';
import { useTranslation } from '../../i18n/i18n';

/**
 * The plugin's tags (in the current language, else their name) and platforms as two labelled chip
 * lists; nothing when it has neither.
 */
export function DetailChips({ plugin }: { plugin: PluginDetail }) {
  const { t } = useTranslation();
  if (plugin.tags.length === 0 && plugin.platforms.length === 0) return null;
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
      {plugin.platforms.length > 0 && (
        <ul className="chips" aria-label={t('detail.platforms')}>
          {plugin.platforms.map((p) => (
            <li key={p} className="chip chip-outline">
              {platformName(p)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
