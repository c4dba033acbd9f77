import type { Locale } from '@plugin-center/api';
import { useSession } from '@plugin-center/react';
import { Link } from 'react-router-dom';
import { LOCALE_NAMES, PICKER_LOCALES, useTranslation } from '../i18n/i18n';
import { signInHere } from '../session';
import { LogoMark } from './Icons';
import { PluginAvatar } from './PluginAvatar';

/** Edge of the header avatar in px (SPEC §9 "avatar 30 px"). */
const HEADER_AVATAR_SIZE = 30;

/**
 * The site header (a first, simple version of SPEC §2's header): product mark and name linking to
 * the square, a link to the square, the language picker (zh-CN / en-US; SPEC §1 shows a picker
 * only when more than one locale is offered) and the session ({@link SessionArea}).
 */
export function SiteHeader() {
  const { t, locale, setLanguage } = useTranslation();
  const offered: readonly Locale[] = PICKER_LOCALES.includes(locale as (typeof PICKER_LOCALES)[number])
    ? PICKER_LOCALES
    : [...PICKER_LOCALES, locale];
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-name">{t('app.name')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('app.name')}>
          <Link to="/" className="nav-link">
            {t('app.home')}
          </Link>
        </nav>
        <div className="header-end">
          {offered.length > 1 && (
            <label className="lang-picker">
              <span className="sr-only">{t('app.language')}</span>
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 0c2.5 2.4 3.7 5.4 3.7 9S14.5 18.6 12 21m0-18C9.5 5.4 8.3 8.4 8.3 12s1.2 6.6 3.7 9M3.5 9h17M3.5 15h17"
                />
              </svg>
              <select value={locale} onChange={(e) => void setLanguage(e.target.value as Locale)}>
                {offered.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {LOCALE_NAMES[l]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <SessionArea />
        </div>
      </div>
    </header>
  );
}

/**
 * The header's session area (SPEC §2 header links, §3 User): for visitors sign-up and log-in buttons
 * (full-page redirect to the login page, back to this page); for signed-in users the avatar
 * (`avatar_url`, else a generated initial-style avatar, 30 px) with the nickname, the links to publish a plugin
 * (`/publish-plugin/new`) and to their plugins (`/my-plugins`), their plugins' data (`/my-analytics`, by ownership), the workbench link `/app`, for admins the management entry opening the back office in a new window, and log-out.
 * Nothing while the SSO client is still starting, so the header never flashes "log in" for a
 * signed-in user.
 */
export function SessionArea() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.status === 'initializing') return <div className="session" aria-busy="true" />;
  if (!session.signedIn || !session.user) {
    return (
      <div className="session">
        <button type="button" className="button button-ghost" onClick={() => void signInHere()}>
          {t('session.logIn')}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void signInHere({ page: 'sign_up' })}
        >
          {t('session.signUp')}
        </button>
      </div>
    );
  }
  const user = session.user;
  const name = user.nick_name || user.user_name || user.email || '?';
  return (
    <div className="session" data-state="signed-in">
      {session.isAdmin && (
        <a
          className="nav-link"
          href={`${import.meta.env.BASE_URL}backstage-index`}
          target="_blank"
          rel="noopener"
        >
          {t('session.admin')}
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
      <a className="nav-link" href="/app">
        {t('session.workbench')}
      </a>
      <span className="session-user" title={user.email ?? name}>
        <PluginAvatar name={name} icon={user.avatar_url} size={HEADER_AVATAR_SIZE} />
        <span className="session-name">{name}</span>
      </span>
      <button
        type="button"
        className="button button-ghost"
        onClick={() => void session.signOut().catch(() => {})}
      >
        {t('session.logOut')}
      </button>
    </div>
  );
}
