import { useTranslation } from '../i18n/i18n';
import { useDocumentTitle } from '../useDocumentTitle';

/** `/protocol` (SPEC §2): the terms of the plugin center. */
export function ProtocolPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('protocol.title'));
  return (
    <article className="prose">
      <h1>{t('protocol.title')}</h1>
      <p>{t('protocol.intro')}</p>
      <p>{t('protocol.listing')}</p>
      <p>{t('protocol.use')}</p>
      <p>{t('protocol.publish')}</p>
      <p>{t('protocol.privacy')}</p>
    </article>
  );
}
