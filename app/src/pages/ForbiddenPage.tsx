import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';
import { useDocumentTitle } from '../useDocumentTitle';

/** `/403` (SPEC §2): the message that you have no permission to access this page, with a back-to-home link. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forbidden.title'));
  return (
    <section className="status-page">
      <p className="status-code" aria-hidden="true">
        403
      </p>
      <h1>{t('forbidden.message')}</h1>
      <Link className="button button-primary" to="/">
        {t('forbidden.backHome')}
      </Link>
    </section>
  );
}
