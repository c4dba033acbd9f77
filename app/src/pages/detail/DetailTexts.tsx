import type { PluginDetail } from '@plugin-center/api';
import { useContext } from 'react';
import { useTranslation } from '../../i18n/i18n';
import './detail.css';
import { DetailHeading, DetailHeadingLevelContext } from './DetailHeading';
import { Linkified } from './Linkified';
import { Markdown } from './Markdown';

/** A titled section of free text (whitespace kept, URLs linked). */
function TextSection({ title, text }: { title: string; text: string }) {
  return (
    <section className="detail-section">
      <DetailHeading>{title}</DetailHeading>
      <p className="prewrap">
        <Linkified text={text} />
      </p>
    </section>
  );
}

/**
 * The publish form's preview of a description (Markdown) as the detail renders it, or `empty` while
 * there is no text.
 */
export function DescriptionPreview({ text, empty }: { text: string; empty: string }) {
  if (text.trim() === '') return <p className="publish-hint">{empty}</p>;
  return <Markdown text={text} headingOffset={1} />;
}

/**
 * The plugin's long texts: its description as safe Markdown (see `Markdown`; left out when empty or
 * the same as the intro shown above), its gallery and video ({@link DetailMedia}; left out with
 * `media={false}`, where the page shows them itself) and the current version's content (left out
 * when empty).
 */
export function DetailTexts({ plugin, media = true }: { plugin: PluginDetail; media?: boolean }) {
  const { t } = useTranslation();
  const level = useContext(DetailHeadingLevelContext);
  return (
    <>
      {plugin.description && plugin.description.trim() !== plugin.intro.trim() && (
        <section className="detail-section" data-testid="detail-description">
          <DetailHeading>{t('detail.description')}</DetailHeading>
          <Markdown text={plugin.description} headingOffset={level} />
        </section>
      )}
      {media && <DetailMedia plugin={plugin} />}
      {plugin.version_content && (
        <TextSection title={t('detail.versionContent')} text={plugin.version_content} />
      )}
    </>
  );
}

/**
 * The plugin's gallery (`images`, each a lazily loaded image numbered in its alt text) and its demo
 * video (`<video controls preload="metadata">`); nothing when it has neither. The gallery scrolls
 * sideways on a narrow screen.
 */
export function DetailMedia({ plugin }: { plugin: PluginDetail }) {
  const { t } = useTranslation();
  const images = plugin.images ?? [];
  if (images.length === 0 && !plugin.video) return null;
  return (
    <section className="detail-section" data-testid="detail-media">
      <DetailHeading>{t('detail.gallery')}</DetailHeading>
      {images.length > 0 && (
        <ul className="detail-gallery">
          {images.map((src, i) => (
            <li key={src}>
              <img
                src={src}
                alt={t('detail.galleryImage', { name: plugin.name, n: i + 1, total: images.length })}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
      {plugin.video && (
        // biome-ignore lint/a11y/useMediaCaption: a plugin's demo video has no caption track
        <video
          className="detail-video"
          src={plugin.video}
          controls
          preload="metadata"
          aria-label={t('detail.video', { name: plugin.name })}
        />
      )}
    </section>
  );
}
