import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { type ConsentStore, consentStore, useConsent } from '../consent/consentStore';
import { useTranslation } from '../i18n/i18n';

/** The cookie notice and settings, loaded only when one of them shows. */
const ConsentUi = lazy(() => import('../consent/ConsentUi').then((m) => ({ default: m.ConsentUi })));

/**
 * The site footer: link to the protocol (terms) page, and the "Cookie settings" button that opens
 * the cookie settings to change the choice later (SPEC §1; on every variant, also where no notice is
 * asked). Mounts the lazily loaded cookie notice while the site asks for consent and none was given.
 */
export function SiteFooter({ store = consentStore }: { store?: ConsentStore }) {
  const { t } = useTranslation();
  const consent = useConsent(store);
  return (
    <footer className="site-footer">
      <span>© {t('app.name')}</span>
      <Link to="/protocol">{t('app.protocol')}</Link>
      <button
        type="button"
        className="site-footer-button"
        aria-haspopup="dialog"
        onClick={() => store.setSettingsOpen(true)}
      >
        {t('consent.settingsTitle')}
      </button>
      {((consent.required && !consent.choice) || consent.settingsOpen) && (
        <Suspense fallback={null}>
          <ConsentUi store={store} />
        </Suspense>
      )}
    </footer>
  );
}
