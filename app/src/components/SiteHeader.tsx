import type { SiteConfig } from '@plugin-center/contract';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';
import { site } from '../site';
import type { HeaderMenuId } from './header/constants';
import { LanguagePicker } from './header/LanguagePicker';
import { SessionArea } from './header/SessionArea';
import { useHeaderFit } from './header/useHeaderFit';
import { LogoMark } from './Icons';
import './header/header.css';

export { SessionArea } from './header/SessionArea';

// Outside the square's first load (100 KB gzip budget): the menus fill the space between the brand and
// the end of the bar as soon as they arrive, moving nothing; the mobile panel on first use.
const loadDeferred = () => import('./header/deferred');
const HeaderMenus = lazy(() => loadDeferred().then((m) => ({ default: m.HeaderMenus })));
const HeaderScroll = lazy(() => loadDeferred().then((m) => ({ default: m.HeaderScroll })));
const MobilePanel = lazy(() => import('./header/MobilePanel').then((m) => ({ default: m.MobilePanel })));

/** Props of {@link SiteHeader}. */
export interface SiteHeaderProps {
  /** The site configuration (default: this page's `site`, read from the server's meta). */
  config?: SiteConfig;
}

/**
 * The site header of every variant but the desktop client's (SPEC §2 "Header links",
 * "Header variants"; §4 "Header"; §9): the product mark linking to the square; the product menus
 * (`HeaderMenus`, loaded lazily: Products, Resources with the hot-picks carousel, Pricing, Help; links per
 * variant and language, one section open at a time); the language picker (`config.locales`, when two
 * or more); the session ({@link SessionArea}); a menu toggle (`aria-expanded`, `aria-controls`) opening
 * the mobile panel (lazily loaded). What the bar shows follows what fits it, measured, not the
 * window's width (`useHeaderFit`, `data-fit` of `<header>`): everything; the avatar without the
 * name; for signed-in people their links in the toggle's panel (the bar keeps the avatar); the
 * menus, picker and session links all in the panel. States, as attributes of
 * `<header>`: `data-scrolled` once the window is scrolled 20 px or more, `data-tag-banner` once
 * `scrollY + 40` reaches the square's banner height, `data-menu-open` while the mobile panel is open.
 * A scroll-to-top button (labelled, keyboard reachable) shows after any scroll (these scroll states
 * come with `HeaderScroll`, loaded lazily). A navigation closes
 * the menus and the panel.
 */
export function SiteHeader({ config = site }: SiteHeaderProps) {
  const { t, locale } = useTranslation();
  const { pathname } = useLocation();
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const brand = useRef<HTMLAnchorElement>(null);
  const header = useRef<HTMLElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useHeaderFit(header, bar);
  const [menu, setMenu] = useState<HeaderMenuId | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes everything on navigation
  useEffect(() => {
    setMenu(null);
    setMobileOpen(false);
  }, [pathname]);

  const closePanel = useCallback(() => {
    setMobileOpen(false);
    toggle.current?.focus();
  }, []);

  return (
    <>
      <header ref={header} className="site-header" data-menu-open={mobileOpen || undefined}>
        <div ref={bar} className="site-header-inner">
          <Link ref={brand} to="/" className="brand">
            <LogoMark />
            <span className="brand-name">{t('app.name')}</span>
          </Link>
          <Suspense fallback={null}>
            <HeaderMenus config={config} locale={locale} open={menu} onOpenChange={setMenu} />
          </Suspense>
          <div className="header-end">
            <LanguagePicker config={config} />
            <SessionArea config={config} />
            <button
              ref={toggle}
              type="button"
              className="menu-toggle"
              aria-expanded={mobileOpen}
              aria-controls={panelId}
              aria-label={t('header.menu')}
              onClick={() => setMobileOpen((open) => !open)}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  d={mobileOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
                />
              </svg>
            </button>
          </div>
        </div>
        {mobileOpen ? (
          <Suspense fallback={<div id={panelId} className="mobile-panel" aria-busy="true" />}>
            <MobilePanel id={panelId} config={config} locale={locale} onClose={closePanel} />
          </Suspense>
        ) : (
          <div id={panelId} className="mobile-panel" hidden />
        )}
      </header>
      <Suspense fallback={null}>
        <HeaderScroll header={header} focusAfterTop={brand} pathname={pathname} />
      </Suspense>
    </>
  );
}
