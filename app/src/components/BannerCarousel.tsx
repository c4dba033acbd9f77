import type { Banner } from '@plugin-center/api';
import { useBanners } from '@plugin-center/react';
import { lazy, Suspense } from 'react';

const NO_BANNERS: Banner[] = [];

/** The carousel's chunk, imported the first time there are banners to show. */
const Carousel = lazy(() => import('./Carousel').then((m) => ({ default: m.Carousel })));

/**
 * The square's banner carousel (SPEC §3 Banner): the banners of `useBanners` shown by
 * `Carousel` (the WAI-ARIA carousel, see there), whose code is a chunk of its own (kept out of the
 * square's first-load JavaScript, budget 100 KB gzipped), fetched only once there are banners: a
 * square without banners loads nothing for them, and nothing but the banner list competes with the
 * first paint (Lighthouse counts every request started before it). Renders
 * nothing while loading, on a failure and when there is no banner; the square leaves it out while
 * searching.
 */
export function BannerCarousel() {
  const { data } = useBanners();
  const banners: Banner[] = Array.isArray(data) ? data : NO_BANNERS;
  if (banners.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Carousel banners={banners} />
    </Suspense>
  );
}
