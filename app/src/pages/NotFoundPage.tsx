import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';
import { useDocumentTitle } from '../useDocumentTitle';

/** Any path the router does not know: a short message and a back-to-home link. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="status-page">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link className="button button-primary" to="/">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
