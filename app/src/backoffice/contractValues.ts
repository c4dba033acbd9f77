import type { BANNER_LIMITS, BANNER_URL_MESSAGE } from '@plugin-center/contract';
import type { WEBHOOK_EVENTS } from '@plugin-center/contract/schemas';

/**
 * The contract constants the back-office pages need, as literals checked against the
 * contract at compile time (`satisfies` the constants' types; the same keys and, where the contract
 * types them as literals, the same values). Type-only imports keep the contract's constants module
 * — which the square's first-load chunk already holds — from growing that chunk with these values
 * (same approach as `detail/errorCode.ts`; 100 KB gzip budget).
 *
 * @packageDocumentation
 */

/** `BANNER_LIMITS` of the contract: image bytes (5 MiB), link characters, banners at most. */
export const BANNER_LIMIT_VALUES = {
  IMAGE_BYTES: 5 * 1024 * 1024,
  URL: 2048,
  COUNT: 50,
} as const satisfies typeof BANNER_LIMITS;

/** `BANNER_URL_MESSAGE` of the contract (SPEC §5, exact). */
export const BANNER_URL_TEXT = 'Wrong url, please try again' satisfies typeof BANNER_URL_MESSAGE;

/** `WEBHOOK_EVENTS` of the contract (`./schemas`, docs/webhooks.md), in its order. */
export const WEBHOOK_EVENT_VALUES = [
  'plugin.submitted',
  'plugin.approved',
  'plugin.rejected',
  'plugin.published',
  'plugin.deleted',
  'review.posted',
] as const satisfies typeof WEBHOOK_EVENTS;
