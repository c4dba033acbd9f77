import { type RefObject, useEffect } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useHeaderScroll } from './useHeaderScroll';

/** Whether the person asked the system for reduced motion (scrolling to the top then jumps). */
const prefersReducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Props of {@link HeaderScroll}. */
export interface HeaderScrollProps {
  /** The `<header>` that gets the state attributes. */
  header: RefObject<HTMLElement | null>;
  /** Where the focus goes after scrolling to the top (the brand link). */
  focusAfterTop: RefObject<HTMLElement | null>;
  /** The current pathname: a new page is measured at once. */
  pathname: string;
}

/**
 * The header's scroll states (SPEC §4 "Header", {@link useHeaderScroll}) as attributes of the
 * `<header>`: `data-scrolled` once the window is scrolled 20 px or more, `data-tag-banner` once
 * `scrollY + 40` reaches the square's banner height; and the scroll-to-top button (labelled,
 * keyboard reachable, shown after any scroll) that scrolls smoothly to the top (a jump with
 * `prefers-reduced-motion`) and moves the focus to `focusAfterTop`. Loaded lazily by `SiteHeader`.
 */
export function HeaderScroll({ header, focusAfterTop, pathname }: HeaderScrollProps) {
  const { t } = useTranslation();
  const { scrolledAny, scrolled, tagBanner } = useHeaderScroll(pathname);
  useEffect(() => {
    header.current?.toggleAttribute('data-scrolled', scrolled);
    header.current?.toggleAttribute('data-tag-banner', tagBanner);
  }, [header, scrolled, tagBanner]);
  const toTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    focusAfterTop.current?.focus({ preventScroll: true });
  };
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t('header.backToTop')}
      hidden={!scrolledAny}
      onClick={toTop}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeWidth="2.5" d="m6 15 6-6 6 6" />
      </svg>
    </button>
  );
}
