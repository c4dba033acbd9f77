import type { PluginDetail } from '@plugin-center/api';
import { useTranslation } from '../../i18n/i18n';
import { Linkified } from './Linkified';

/** A titled section of free text (whitespace kept, URLs linked). */
function TextSection({ title, text }: { title: string; text: string }) {
  return (
    <section className="detail-section">
      <h3>{title}</h3>
      <p className="prewrap">
        <Linkified text={text} />
      </p>
    </section>
  );
}

/**
 * The plugin's long texts: its description (left out when empty or the same as the intro shown
 * above) and the current version's content (left out when empty).
 */
export function DetailTexts({ plugin }: { plugin: PluginDetail }) {
  const { t } = useTranslation();
  return (
    <>
      {plugin.description && plugin.description.trim() !== plugin.intro.trim() && (
        <TextSection title={t('detail.description')} text={plugin.description} />
      )}
      {plugin.version_content && (
        <TextSection title={t('detail.versionContent')} text={plugin.version_content} />
      )}
    </>
  );
}
