import type { Locale, SiteConfig } from '@plugin-center/contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { LanguagePicker } from './LanguagePicker';
import { HEADER_MENUS, type HeaderMenuId, hasContent, headerLinks } from './links';
import { MenuPanel } from './MenuPanel';
import { SessionArea } from './SessionArea';

/** Props of {@link MobilePanel}. */
export interface MobilePanelProps {
  /** The panel's element id (the menu toggle's `aria-controls`). */
  id: string;
  config: SiteConfig;
  locale: Locale;
  /** Closes the panel (Escape inside it); the caller gives the focus back to the toggle. */
  onClose: () => void;
}

/**
 * The mobile menu panel (SPEC §2 "Mobile has a collapsible menu toggle", §4 "mobile menu open/closed"),
 * opened by the header's menu toggle: the product menus as disclosure sections that expand one at a
 * time (SPEC §4; those with links, `headerLinks`), the pricing link when shown, the session links
 * ({@link SessionArea} in its `panel` layout: my plugins' data, publish, my plugins, the back office
 * for administrators, the workbench, log out; or log-in and sign-up) and the language picker. Escape
 * closes it. It shows only what the bar has no room for (the header's `data-fit`, see `useHeaderFit`):
 * a signed-in person's links alone while the bar keeps the menus and the picker. Loaded lazily (first
 * use of the toggle), outside the square's first load.
 */
export function MobilePanel({ id, config, locale, onClose }: MobilePanelProps) {
  const { t } = useTranslation();
  const sectionId = useId();
  const [open, setOpen] = useState<HeaderMenuId | null>(null);
  const links = headerLinks(config, locale);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it (disclosure)
    <div id={id} className="mobile-panel" onKeyDown={onKeyDown}>
      <nav aria-label={t('header.nav')}>
        <ul className="mobile-sections">
          {HEADER_MENUS.filter((menu) => hasContent(links, menu)).map((menu) => (
            <li key={menu}>
              <button
                type="button"
                className="mobile-section-button"
                aria-expanded={open === menu}
                aria-controls={`${sectionId}-${menu}`}
                onClick={() => setOpen(open === menu ? null : menu)}
              >
                {t(`header.${menu}`)}
                <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path fill="none" stroke="currentColor" strokeWidth="2.5" d="m6 9 6 6 6-6" />
                </svg>
              </button>
              <div id={`${sectionId}-${menu}`} hidden={open !== menu}>
                {open === menu && <MenuPanel menu={menu} config={config} locale={locale} />}
              </div>
            </li>
          ))}
          {links.pricing && (
            <li>
              <a className="mobile-section-button" href={links.pricing.href}>
                {links.pricing.label ?? t('header.pricing')}
              </a>
            </li>
          )}
        </ul>
      </nav>
      <SessionArea config={config} layout="panel" />
      <LanguagePicker config={config} />
    </div>
  );
}
