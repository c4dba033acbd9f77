import type { Locale, SiteConfig } from '@plugin-center/contract';
import { LOCALE_ALIASES } from '@plugin-center/contract';
import { useTranslation } from '../../i18n/i18n';
import { site } from '../../site';

/**
 * The language picker (SPEC §1): a native `<select>` offering exactly the site's locales
 * (`config.locales`, each in its own name, `LOCALE_ALIASES[locale].name` of the contract), shown only when there are two or more.
 * Choosing one switches the interface language and keeps it in the `lang` cookie (`setLanguage`).
 * A current language the site does not offer shows as the value (a hidden, disabled option).
 */
export function LanguagePicker({ config = site }: { config?: SiteConfig }) {
  const { t, locale, setLanguage } = useTranslation();
  const offered = config.locales;
  if (offered.length < 2) return null;
  return (
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
        {/* The current language when the site does not offer it (a `lang` cookie from elsewhere):
            shown as the value, never offered, so choosing any offered one is a change. */}
        {!offered.includes(locale) && (
          <option value={locale} lang={locale} disabled hidden>
            {LOCALE_ALIASES[locale].name}
          </option>
        )}
        {offered.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_ALIASES[l].name}
          </option>
        ))}
      </select>
    </label>
  );
}
