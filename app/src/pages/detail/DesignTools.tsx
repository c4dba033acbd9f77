import { platformName } from '../../components/platforms';
import { useTranslation } from '../../i18n/i18n';
import { DetailHeading } from './DetailHeading';

/** The short mark drawn before a design tool's name (its initials; a slug's first letter when unknown). */
const TOOL_MARKS: Readonly<Record<string, string>> = {
  figma: 'F',
  figjam: 'FJ',
  sketch: 'S',
  'adobe-xd': 'Xd',
  penpot: 'P',
  mastergo: 'M',
  jsdesign: 'JS',
};

/**
 * The design tools a plugin runs in (its `platforms`): each tool's name (`platformName`: `adobe-xd`
 * → Adobe XD) after a small coloured mark of its initials (decorative, `data-platform` picks the
 * colour); 'Not stated' when the plugin names none.
 */
export function DesignTools({ platforms }: { platforms: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <section className="detail-section" data-testid="detail-tools">
      <DetailHeading>{t('detail.designTools')}</DetailHeading>
      {platforms.length === 0 ? (
        <p className="state-hint">{t('detail.noDesignTools')}</p>
      ) : (
        <ul className="design-tools">
          {platforms.map((slug) => (
            <li key={slug}>
              <span className="tool-mark" data-platform={slug} aria-hidden="true">
                {Object.hasOwn(TOOL_MARKS, slug) ? TOOL_MARKS[slug] : slug.slice(0, 1).toUpperCase()}
              </span>
              {platformName(slug)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
