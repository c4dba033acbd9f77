import { useTranslation } from '../i18n/i18n';
import { StatusPage } from './StatusPage';

/** Any path the router does not know: a short message and a back-to-home link. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={404}
      title={t('notFound.title')}
      heading={t('notFound.title')}
      message={t('notFound.message')}
      backHome={t('notFound.backHome')}
    />
  );
}
