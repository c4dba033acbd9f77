import type { Locale, SiteConfig } from '@plugin-center/contract';
import { useTranslation } from '../../i18n/i18n';
import { HotPicks } from './HotPicks';
import { type HeaderMenuId, headerMenuLinks } from './links';

/** Props of {@link MenuPanel}. */
export interface MenuPanelProps {
  menu: HeaderMenuId;
  config: SiteConfig;
  locale: Locale;
}

/**
 * The contents of one header menu's dropdown section (SPEC §2 header links, {@link headerMenuLinks}
 * for the site variant and language), with the hot-picks carousel in the resource menu. Loaded
 * lazily by `HeaderMenus` and the mobile panel.
 */
export function MenuPanel({ menu, config, locale }: MenuPanelProps) {
  const { t } = useTranslation();
  const links = headerMenuLinks(config, locale)[menu];
  return (
    <div className="header-panel" data-menu={menu}>
      <ul className="header-panel-links">
        {links.map((link) => (
          <li key={link.key}>
            <a className="header-panel-link" href={link.href}>
              {t(`header.${link.key}`)}
            </a>
          </li>
        ))}
      </ul>
      {menu === 'resources' && <HotPicks />}
    </div>
  );
}
