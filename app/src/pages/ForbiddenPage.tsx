import { useTranslation } from '../i18n/i18n';
import { StatusPage } from './StatusPage';

/** `/403` (SPEC §2): the message that you have no permission to access this page, with a back-to-home link. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={403}
      title={t('forbidden.title')}
      heading={t('forbidden.message')}
      backHome={t('forbidden.backHome')}
    />
  );
}
