import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';

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
