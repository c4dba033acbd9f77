import type { Locale, SiteConfig } from '@plugin-center/contract';
import { useTranslation } from '../../i18n/i18n';
import { HotPicks } from './HotPicks';
import { type HeaderMenuId, headerLinks } from './links';

/** Props of {@link MenuPanel}. */
export interface MenuPanelProps {
  menu: HeaderMenuId;
  config: SiteConfig;
  locale: Locale;
}

/**
 * The contents of one header menu's dropdown section (SPEC §2 header links, {@link headerLinks}
 * for the site configuration and language), with the hot-picks carousel in the resource menu when
 * there are hot picks. Loaded lazily by `HeaderMenus` and the mobile panel.
 */
export function MenuPanel({ menu, config, locale }: MenuPanelProps) {
  const { t } = useTranslation();
  const all = headerLinks(config, locale);
  const links = all.menus[menu];
  return (
    <div className="header-panel" data-menu={menu}>
      <ul className="header-panel-links">
        {links.map((link) => (
          <li key={link.key}>
            <a className="header-panel-link" href={link.href}>
              {link.label ?? t(`header.${link.key}`)}
            </a>
          </li>
        ))}
      </ul>
      {menu === 'resources' && all.hotPicks.length > 0 && <HotPicks picks={all.hotPicks} />}
    </div>
  );
}
