import type { Banner } from '@plugin-center/api';
import { type FocusEvent, type TouchEvent, useId, useRef } from 'react';
import { useTranslation } from '../i18n/i18n';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './Icons';
import './squareCuration.css';
import { useRotation } from './useRotation';

/** How long a banner shows before the carousel rotates to the next one, in ms. */
export const BANNER_ROTATION_MS = 5000;
/** A horizontal swipe at least this long (px) on a touch screen shows the next or previous banner. */
const SWIPE_PX = 40;
/** The links a banner may open: absolute http(s) (what the server accepts; never `javascript:`). */
const SAFE_LINK = /^https?:\/\//i;

/** The link's host for its label ('' when it is not a URL). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * The square's banner carousel (SPEC §3 Banner) for `banners` (at least one), following
 * the WAI-ARIA APG carousel pattern: a region with `aria-roledescription="carousel"` and a label; each
 * banner a group with `aria-roledescription="slide"` labelled "n of m"; only the current one shown.
 * With two or more banners: the rotation button first (stop / start), then previous and next (they
 * wrap), and a swipe on touch screens. It rotates every {@link BANNER_ROTATION_MS} unless stopped,
 * pausing while the pointer is over it or the focus is in it (except on the rotation button itself);
 * with `prefers-reduced-motion: reduce` it starts stopped. The slides are `aria-live="polite"` only
 * while not rotating. Each banner is a link to its `redirect_url` opened in a new tab with
 * `rel="noopener noreferrer"`; a link that is not http(s) shows the image without a link.
 * Loaded lazily by `BannerCarousel` (it fetches the banners), outside the square's first-load JS.
 */
export function Carousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const id = useId();
  const count = banners.length;
  const {
    index: current,
    go: show,
    rotating,
    playing,
    setPlaying,
    setHovered,
    setFocused,
  } = useRotation(count, BANNER_ROTATION_MS);
  const touchX = useRef<number | null>(null);
  const go = (step: number) => show(current + step);
  const onFocus = (e: FocusEvent) => setFocused(!(e.target as Element).closest('.carousel-rotation'));
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start == null || end == null || Math.abs(end - start) < SWIPE_PX || count < 2) return;
    go(end < start ? 1 : -1);
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      data-state={rotating ? 'rotating' : 'paused'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {count > 1 && (
        <div className="carousel-controls">
          <button
            type="button"
            className="carousel-button carousel-rotation"
            aria-label={t(playing ? 'carousel.stop' : 'carousel.start')}
            title={t(playing ? 'carousel.stop' : 'carousel.start')}
            onClick={() => setPlaying((p) => !p)}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className="carousel-button carousel-previous"
            aria-controls={id}
            aria-label={t('carousel.previous')}
            title={t('carousel.previous')}
            onClick={() => go(-1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="carousel-button carousel-next"
            aria-controls={id}
            aria-label={t('carousel.next')}
            title={t('carousel.next')}
            onClick={() => go(1)}
          >
            <ChevronRightIcon />
          </button>
          <span className="carousel-count" aria-hidden="true">
            {current + 1} / {count}
          </span>
        </div>
      )}
      <div
        id={id}
        className="carousel-slides"
        aria-live={rotating ? 'off' : 'polite'}
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={onTouchEnd}
      >
        {banners.map((banner, i) => {
          const n = i + 1;
          const safe = SAFE_LINK.test(banner.redirect_url);
          const image = (
            <img
              src={banner.image}
              alt={
                safe
                  ? t('carousel.link', { n, host: hostOf(banner.redirect_url) })
                  : t('carousel.image', { n })
              }
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          );
          return (
            // A slide is a group with aria-roledescription "slide" (WAI-ARIA APG carousel), not a form's fieldset.
            // biome-ignore lint/a11y/useSemanticElements: see above
            <div
              key={banner.id}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { n, count })}
              hidden={i !== current}
            >
              {safe ? (
                <a href={banner.redirect_url} target="_blank" rel="noopener noreferrer">
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
