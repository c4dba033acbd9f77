import type { SiteConfig } from '@plugin-center/contract';
import { useSession } from '@plugin-center/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DESKTOP_HEADER_AVATAR_PX, MANAGEMENT_HREF } from '../components/header/constants';
import { LanguagePicker } from '../components/header/LanguagePicker';
import { displayName, SignInButtons } from '../components/header/SessionArea';
import { SvgIcon } from '../components/Icons';
import { PluginAvatar } from '../components/PluginAvatar';
import { useTranslation } from '../i18n/i18n';
import { site } from '../site';
import { openFiles, supports } from './bridge';
import { DesktopMenu } from './DesktopMenu';
import { useBridgeSync } from './useBridgeSync';
import { useDesktopHistory } from './useDesktopHistory';
import './desktop.css';

/** The desktop header's 18 px icons. */
const Icon = ({ children }: { children: ReactNode }) => <SvgIcon size={18}>{children}</SvgIcon>;

/** Props of {@link DesktopHeader}. */
export interface DesktopHeaderProps {
  /** The site configuration (default: this page's `site`); `showLogin` decides the visitor buttons. */
  config?: SiteConfig;
  /** Render no header (back-office paths, SPEC §2) while keeping the history and the bridge in step. */
  hidden?: boolean;
  /** Where the history lives (default `sessionStorage`). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * The desktop client's header (SPEC §2 "Desktop header"), shown instead of the site header
 * when `site.variant` is `'desktop'` or the desktop bridge is detected: back and forward buttons over
 * the session-stored history of this window (`useDesktopHistory`: back enabled when the index is
 * above 0, forward when below the list's end), the plugin-home button to `/plugins/`, the client's
 * open-file dialog (only when the client offers `openFiles`), the web header's language picker
 * (`LanguagePicker`: the site's locales, only when there are two or more), and the session: for visitors log-in and
 * sign-up (when `config.showLogin`), for signed-in users the admin menu (administrators: the
 * management entry opening the audit list in a new window) and the account menu behind the 32 px
 * avatar (generated initials without `avatar_url`) with the publishing links and log-out.
 *
 * Always mounted in the desktop client, even where it renders nothing (`hidden`), so the history and
 * the bridge (`useBridgeSync`: log-out and theme) follow every page. Lazily loaded by `App.tsx`.
 */
export function DesktopHeader({ config = site, hidden = false, storage }: DesktopHeaderProps) {
  const { t } = useTranslation();
  const nav = useDesktopHistory(storage);
  useBridgeSync();
  if (hidden) return null;
  return (
    <header className="desktop-header">
      <nav className="desktop-nav" aria-label={t('desktop.navigation')}>
        <button
          type="button"
          className="desktop-icon-button"
          aria-label={t('desktop.back')}
          title={t('desktop.back')}
          disabled={!nav.canGoBack}
          onClick={nav.back}
        >
          <Icon>
            <path d="M15 18l-6-6 6-6" />
          </Icon>
        </button>
        <button
          type="button"
          className="desktop-icon-button"
          aria-label={t('desktop.forward')}
          title={t('desktop.forward')}
          disabled={!nav.canGoForward}
          onClick={nav.forward}
        >
          <Icon>
            <path d="M9 18l6-6-6-6" />
          </Icon>
        </button>
        <Link to="/" className="desktop-icon-button" aria-label={t('desktop.home')} title={t('desktop.home')}>
          <Icon>
            <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />
          </Icon>
        </Link>
      </nav>
      <span className="desktop-brand">{t('app.name')}</span>
      <div className="desktop-header-end">
        <LanguagePicker config={config} />
        {supports('openFiles') && (
          <button
            type="button"
            className="desktop-icon-button"
            aria-label={t('desktop.openFile')}
            title={t('desktop.openFile')}
            onClick={() => void openFiles({ urls: [] })}
          >
            <Icon>
              <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
            </Icon>
          </button>
        )}
        <DesktopSession showLogin={config.showLogin} showSignUp={config.showSignUp !== false} />
      </div>
    </header>
  );
}

/**
 * The desktop header's session area: nothing while the SSO client starts; for visitors the log-in and
 * sign-up buttons (full-page redirect to the login page and back, only when `showLogin`; sign-up only
 * when `showSignUp`, default true); for signed-in
 * users the admin menu (administrators only) and the account menu.
 */
export function DesktopSession({
  showLogin,
  showSignUp = true,
}: {
  showLogin: boolean;
  showSignUp?: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status === 'initializing') return <div className="desktop-session" aria-busy="true" />;
  if (!session.signedIn || !session.user) {
    if (!showLogin) return null;
    return (
      <SignInButtons
        className="desktop-session"
        buttonClassName="desktop-text-button"
        primaryClassName="desktop-text-button desktop-text-button-primary"
        signUp={showSignUp}
      />
    );
  }
  const user = session.user;
  const name = displayName(user);
  return (
    <div className="desktop-session" data-state="signed-in">
      {session.isAdmin && (
        <DesktopMenu
          label={t('desktop.adminMenu')}
          button={
            <Icon>
              <circle cx="12" cy="12" r="3" />
              <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0-1.2-2.9H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 2.9-1.2V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9h.1a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
            </Icon>
          }
        >
          {() => (
            <a
              role="menuitem"
              className="desktop-menu-item"
              href={MANAGEMENT_HREF}
              target="_blank"
              rel="noopener"
            >
              {t('desktop.management')}
              <span className="sr-only"> {t('desktop.newWindow')}</span>
            </a>
          )}
        </DesktopMenu>
      )}
      <DesktopMenu
        label={t('desktop.account', { name })}
        buttonClassName="desktop-avatar-button"
        button={<PluginAvatar name={name} icon={user.avatar_url} size={DESKTOP_HEADER_AVATAR_PX} />}
      >
        {() => (
          <>
            <div className="desktop-menu-name" title={user.email ?? name}>
              {name}
            </div>
            <Link role="menuitem" className="desktop-menu-item" to="/publish-plugin/new">
              {t('session.publish')}
            </Link>
            <Link role="menuitem" className="desktop-menu-item" to="/my-plugins">
              {t('session.myPlugins')}
            </Link>
            <Link role="menuitem" className="desktop-menu-item" to="/my-analytics">
              {t('session.myAnalytics')}
            </Link>
            <button
              type="button"
              role="menuitem"
              className="desktop-menu-item"
              onClick={() => void session.signOut().catch(() => {})}
            >
              {t('session.logOut')}
            </button>
          </>
        )}
      </DesktopMenu>
    </div>
  );
}
