import { useTranslation } from '../i18n/i18n';
import { useDocumentTitle } from '../useDocumentTitle';

/**
 * `/protocol` (SPEC §2): the terms of the plugin center, ending with what the site stores in the
 * browser: the strictly necessary cookies and login record, and the analytics tracker's cookie and
 * `pcsa_` storage entries that accepting marketing creates (named exactly; a test compares them
 * with what the tracker writes).
 */
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
      <p id="privacy">{t('protocol.privacy')}</p>
      <p id="analytics">{t('protocol.analytics')}</p>
    </article>
  );
}
