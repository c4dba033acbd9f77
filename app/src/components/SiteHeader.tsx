import type { Locale } from '@plugin-center/api';
import { Link } from 'react-router-dom';
import { LOCALE_NAMES, PICKER_LOCALES, useTranslation } from '../i18n/i18n';
import { LogoMark } from './Icons';

/**
 * The site header (a first, simple version of SPEC §2's header): product mark and name linking to
 * the square, a link to the square, and the language picker (zh-CN / en-US; SPEC §1 shows a picker
 * only when more than one locale is offered). Sign-in comes with its own issue (the `header-end` slot).
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
        </div>
      </div>
    </header>
  );
}

/** The site footer: link to the protocol (terms) page. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <span>© {t('app.name')}</span>
      <Link to="/protocol">{t('app.protocol')}</Link>
    </footer>
  );
}
