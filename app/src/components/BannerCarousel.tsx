import type { Banner } from '@plugin-center/api';
import { useBanners } from '@plugin-center/react';
import { lazy, Suspense, useEffect } from 'react';

const NO_BANNERS: Banner[] = [];

/** Imports the carousel's chunk (once; later calls share the same promise). */
const loadCarousel = () => import('./Carousel');
const Carousel = lazy(() => loadCarousel().then((m) => ({ default: m.Carousel })));

/**
 * The square's banner carousel (issue 14, SPEC §3 Banner): the banners of `useBanners` shown by
 * `Carousel` (the WAI-ARIA carousel, see there), whose code is a chunk of its own, fetched alongside
 * the banners (kept out of the square's first-load JavaScript, budget 100 KB gzipped). Renders
 * nothing while loading, on a failure and when there is no banner; the square leaves it out while
 * searching.
 */
export function BannerCarousel() {
  const { data } = useBanners();
  const banners: Banner[] = Array.isArray(data) ? data : NO_BANNERS;
  useEffect(() => {
    void loadCarousel();
  }, []);
  if (banners.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Carousel banners={banners} />
    </Suspense>
  );
}
