import { useEffect } from 'react';
import { useTranslation } from './i18n/i18n';

/** Sets `document.title` to `<title> · <product name>` (just the product name without a title). */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
