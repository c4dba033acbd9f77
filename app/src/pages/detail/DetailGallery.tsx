import type { PluginDetail } from '@plugin-center/api';
import { type KeyboardEvent, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/Icons';
import { useTranslation } from '../../i18n/i18n';
import { DetailHeading } from './DetailHeading';

/** One picture of the gallery: its URL and its alt text. */
interface GalleryImage {
  src: string;
  alt: string;
}

/**
 * The pictures of a plugin's gallery in order: its plugin-center cover, its panel cover (unless it
 * reuses the center cover or is the same file), then its images; each URL once.
 */
export function galleryImages(
  plugin: PluginDetail,
  coverAlt: (n: number) => string,
  imageAlt: (n: number, total: number) => string,
): GalleryImage[] {
  const covers = [plugin.cover.center, plugin.cover.reuse_center_cover ? null : plugin.cover.panel].filter(
    (src): src is string => Boolean(src),
  );
  const images = plugin.images ?? [];
  const seen = new Set<string>();
  const list: GalleryImage[] = [];
  covers.forEach((src, i) => {
    if (!seen.has(src)) list.push({ src, alt: coverAlt(i + 1) });
    seen.add(src);
  });
  images.forEach((src, i) => {
    if (!seen.has(src)) list.push({ src, alt: imageAlt(i + 1, images.length) });
    seen.add(src);
  });
  return list;
}

/**
 * The full detail page's gallery: the plugin's covers and images ({@link galleryImages}) one at a
 * time, large, with every picture's alt text (the cover named as such, the images numbered); previous
 * and next buttons, a row of thumbnails (buttons, the shown one `aria-current`), and the arrow keys,
 * Home and End inside the gallery; then its demo video (`<video controls preload="metadata">`, never
 * autoplaying, with a link to the file). Nothing when the plugin has neither pictures nor a video.
 */
export function DetailGallery({ plugin }: { plugin: PluginDetail }) {
  const { t } = useTranslation();
  const images = galleryImages(
    plugin,
    (n) =>
      n === 1
        ? t('detail.coverImage', { name: plugin.name })
        : t('detail.panelCoverImage', { name: plugin.name }),
    (n, total) => t('detail.galleryImage', { name: plugin.name, n, total }),
  );
  const [index, setIndex] = useState(0);
  if (images.length === 0 && !plugin.video) return null;
  const shown = Math.min(index, Math.max(images.length - 1, 0));
  const go = (next: number) => setIndex((next + images.length) % images.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (images.length < 2) return;
    const to =
      event.key === 'ArrowLeft'
        ? shown - 1
        : event.key === 'ArrowRight'
          ? shown + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? images.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    go(to);
  };
  const current = images[shown];
  return (
    <section className="detail-section detail-page-gallery" data-testid="detail-gallery">
      <DetailHeading>{t('detail.gallery')}</DetailHeading>
      {current && (
        <section
          className="gallery"
          aria-roledescription={t('detail.galleryRole')}
          aria-label={t('detail.gallery')}
          onKeyDown={onKeyDown}
        >
          <figure className="gallery-stage">
            <img src={current.src} alt={current.alt} />
            {images.length > 1 && (
              <figcaption aria-live="polite">
                {t('detail.galleryPosition', { n: shown + 1, total: images.length })}
              </figcaption>
            )}
          </figure>
          {images.length > 1 && (
            <div className="gallery-controls">
              <button
                type="button"
                className="icon-button"
                aria-label={t('detail.galleryPrevious')}
                onClick={() => go(shown - 1)}
              >
                <ChevronLeftIcon />
              </button>
              <ul className="gallery-thumbs">
                {images.map((image, i) => (
                  <li key={image.src}>
                    <button
                      type="button"
                      aria-current={i === shown ? 'true' : undefined}
                      aria-label={image.alt}
                      onClick={() => setIndex(i)}
                    >
                      <img src={image.src} alt="" loading="lazy" />
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="icon-button"
                aria-label={t('detail.galleryNext')}
                onClick={() => go(shown + 1)}
              >
                <ChevronRightIcon />
              </button>
            </div>
          )}
        </section>
      )}
      {plugin.video && (
        <div className="gallery-video">
          {/* biome-ignore lint/a11y/useMediaCaption: a plugin's demo video has no caption track */}
          <video
            className="detail-video"
            src={plugin.video}
            controls
            preload="metadata"
            aria-label={t('detail.video', { name: plugin.name })}
          />
          <a href={plugin.video} target="_blank" rel="noopener noreferrer">
            {t('detail.openVideo')}
          </a>
        </div>
      )}
    </section>
  );
}
