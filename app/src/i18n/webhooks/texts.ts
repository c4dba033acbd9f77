/**
 * Texts of the back office's webhooks page (`/backstage-index/webhooks`, docs/webhooks.md) in
 * their own i18next namespace `webhooks`, registered when that lazily loaded page is first imported,
 * so the square's first load (100 KB gzip budget) does not carry them. Every locale is complete, one
 * file each beside this module: zh-CN bundled with them, the others loaded on demand (see
 * `lazyWithTexts`).
 *
 * @packageDocumentation
 */
import { registerNamespace, useTranslation } from '../i18n';
import type { WebhooksMessages } from './messages';
import { texts as zhCN } from './zh-CN';

/** The i18next namespace of these texts. */
export const WEBHOOKS_NS = 'webhooks';

/** Resolves once the current locale's texts of this namespace are there. */
export const webhooksTextsReady = registerNamespace(
  WEBHOOKS_NS,
  zhCN,
  import.meta.glob<{ texts: WebhooksMessages }>(['./*-*.ts', '!./zh-CN.ts']),
);

/**
 * The webhooks texts for a component: like the app's `useTranslation` (re-renders on a language
 * change) with `t` reading the `webhooks` namespace; `locale` is the current interface locale.
 */
export function useWebhooksTexts(): {
  t: (key: string, options?: Record<string, unknown>) => string;
  locale: string;
} {
  const { t, locale } = useTranslation();
  return { t: (key, options) => t(key, { ...options, ns: WEBHOOKS_NS }) as string, locale };
}
