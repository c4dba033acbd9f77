/**
 * Texts of the back office's mirroring page (`/backstage-index/mirroring`, docs/mirroring.md) in
 * their own i18next namespace `mirroring`, registered when that lazily loaded page is first imported,
 * so the square's first load (100 KB gzip budget) does not carry them. Every locale is complete, one
 * file each beside this module: zh-CN bundled with them, the others loaded on demand (see
 * `lazyWithTexts`).
 *
 * @packageDocumentation
 */
import { registerNamespace, useTranslation } from '../i18n';
import type { MirroringMessages } from './messages';
import { texts as zhCN } from './zh-CN';

/** The i18next namespace of these texts. */
export const MIRRORING_NS = 'mirroring';

/** Resolves once the current locale's texts of this namespace are there. */
export const mirroringTextsReady = registerNamespace(
  MIRRORING_NS,
  zhCN,
  import.meta.glob<{ texts: MirroringMessages }>(['./*-*.ts', '!./zh-CN.ts']),
);

/**
 * The mirroring texts for a component: like the app's `useTranslation` (re-renders on a language
 * change) with `t` reading the `mirroring` namespace; `locale` is the current interface locale.
 */
export function useMirroringTexts(): {
  t: (key: string, options?: Record<string, unknown>) => string;
  locale: string;
} {
  const { t, locale } = useTranslation();
  return { t: (key, options) => t(key, { ...options, ns: MIRRORING_NS }) as string, locale };
}
