import type { SiteConfig } from '@plugin-center/contract';
import { useSession } from '@plugin-center/react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/i18n';
import { signInHere } from '../../session';
import { site } from '../../site';
import { Button, buttonClass } from '../../ui/Button';
import { PluginAvatar } from '../PluginAvatar';
import { DESKTOP_HEADER_AVATAR_PX, HEADER_AVATAR_PX, MANAGEMENT_HREF } from './constants';

/** The notification bell, in the header's chunk loaded after the first paint (`deferred.ts`). */
const NotificationBell = lazy(() => import('./deferred').then((m) => ({ default: m.NotificationBell })));

/** The name the header shows for a signed-in person: nickname, else user name, else email. */
export const displayName = (user: {
  nick_name?: string | null;
  user_name?: string | null;
  email?: string | null;
}) => user.nick_name || user.user_name || user.email || '?';

/**
 * Class names of {@link SignInButtons}: the row, each button, and the sign-up button's extra class;
 * `signUp` false leaves the sign-up button out (the site's `showSignUp`).
 */
export interface SignInButtonsProps {
  className: string;
  buttonClassName?: string;
  primaryClassName?: string;
  signUp?: boolean;
}

/**
 * A visitor's log-in and sign-up buttons (SPEC §2 "sign-up/login for visitors"): a full-page
 * redirect to the login page (sign-up with `page=sign_up`) that comes back to this page. Shared by
 * the site header and the desktop client's header, which style them differently.
 */
export function SignInButtons({
  className,
  buttonClassName = buttonClass('text'),
  primaryClassName = buttonClass('primary'),
  signUp = true,
}: SignInButtonsProps) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <button type="button" className={buttonClassName} onClick={() => void signInHere()}>
        {t('session.logIn')}
      </button>
      {signUp && (
        <button
          type="button"
          className={primaryClassName}
          onClick={() => void signInHere({ page: 'sign_up' })}
        >
          {t('session.signUp')}
        </button>
      )}
    </div>
  );
}

/** Props of {@link SessionArea}. */
export interface SessionAreaProps {
  /** The site configuration (default: this page's `site`). */
  config?: SiteConfig;
  /**
   * `bar` (default): the header's row; `panel`: the mobile menu panel's list (the same links, one a
   * line, and no avatar).
   */
  layout?: 'bar' | 'panel';
}

/**
 * The header's session area (SPEC §2 header links, §3 User, §9 avatar). For visitors, sign-up and
 * log-in buttons (full-page redirect to the login page and back here), unless the site hides login
 * (`config.showLogin` false, SPEC §2 private deployment `hwdc`: then nothing), without sign-up when
 * `config.showSignUp` is false (directory sign-in only). For signed-in people:
 * for administrators the management entry opening the audit list `/plugins/backstage-index/audit-list`
 * in a new window (`target=_blank rel=noopener`); their plugins' data `/my-analytics`, publish
 * `/publish-plugin/new`, their plugins `/my-plugins`; the workbench (`config.workbenchUrl`, hidden
 * when `null` or when login is hidden); the avatar (`avatar_url`, else a generated initials avatar;
 * 30 px, 32 px in the desktop client) with the nickname; the notification bell with the unread
 * count (`NotificationBell`, lazily loaded); log out. Nothing while the SSO client is
 * still starting, so the header never flashes "log in" for a signed-in person.
 */
export function SessionArea({ config = site, layout = 'bar' }: SessionAreaProps) {
  const { t } = useTranslation();
  const session = useSession();
  const panel = layout === 'panel';
  const className = panel ? 'session session-panel' : 'session';
  if (session.status === 'initializing') return <div className={className} aria-busy="true" />;
  if (!session.signedIn || !session.user) {
    if (!config.showLogin) return null;
    return <SignInButtons className={className} signUp={config.showSignUp !== false} />;
  }
  const user = session.user;
  const name = displayName(user);
  const avatarSize = config.variant === 'desktop' ? DESKTOP_HEADER_AVATAR_PX : HEADER_AVATAR_PX;
  const workbench = config.showLogin ? config.workbenchUrl : null;
  return (
    <div className={className} data-state="signed-in">
      {session.isAdmin && (
        <a className="nav-link" href={MANAGEMENT_HREF} target="_blank" rel="noopener">
          {t('session.admin')}
          <span className="sr-only">{t('header.newWindow')}</span>
        </a>
      )}
      <Link className="nav-link" to="/my-analytics">
        {t('session.myAnalytics')}
      </Link>
      <Link className="nav-link" to="/publish-plugin/new">
        {t('session.publish')}
      </Link>
      <Link className="nav-link" to="/my-plugins">
        {t('session.myPlugins')}
      </Link>
      {workbench && (
        <a className="nav-link" href={workbench}>
          {t('session.workbench')}
        </a>
      )}
      <Suspense fallback={null}>
        <NotificationBell />
      </Suspense>
      <span className="session-user" title={user.email ?? name}>
        <PluginAvatar name={name} icon={user.avatar_url} size={avatarSize} />
        <span className="session-name">{name}</span>
      </span>
      <Button variant="text" onClick={() => void session.signOut().catch(() => {})}>
        {t('session.logOut')}
      </Button>
    </div>
  );
}
