/**
 * Texts of the notifications page (`/plugins/notifications`), the header's bell and the e-mail
 * preferences, in their own i18next namespace `notifications`, registered when one of those lazily
 * loaded parts is first imported, so the square's first load does not carry them. Every locale is
 * complete, one file each beside this module: zh-CN bundled with them, the others loaded on demand
 * (see `lazyWithTexts`).
 *
 * @packageDocumentation
 */
import { registerNamespace, useTranslation } from '../i18n';
import type { NotificationsMessages } from './messages';
import { texts as zhCN } from './zh-CN';

/** The i18next namespace of these texts. */
export const NOTIFICATIONS_NS = 'notifications';

/** Resolves once the current locale's texts of this namespace are there. */
export const notificationsTextsReady = registerNamespace(
  NOTIFICATIONS_NS,
  zhCN,
  import.meta.glob<{ texts: NotificationsMessages }>(['./*-*.ts', '!./zh-CN.ts']),
);

/**
 * The notification texts for a component: like the app's `useTranslation` (re-renders on a language
 * change) with `t` reading the `notifications` namespace; `locale` is the current interface locale.
 */
export function useNotificationsTexts(): {
  t: (key: string, options?: Record<string, unknown>) => string;
  locale: string;
} {
  const { t, locale } = useTranslation();
  return { t: (key, options) => t(key, { ...options, ns: NOTIFICATIONS_NS }) as string, locale };
}
