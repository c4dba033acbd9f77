/**
 * Webhooks (group `webhooks`, docs/webhooks.md): how long the delivery log keeps a finished
 * delivery. The worker deletes older ones in batches (`webhooks/worker.ts`).
 */
import { Type } from 'typebox';
import { about, trim } from './variables';

/** `WEBHOOK_RETENTION_DAYS` when unset. */
export const WEBHOOK_RETENTION_DAYS_DEFAULT = 30;

/** `WEBHOOK_RETENTION_DAYS`. */
export const WEBHOOK_VARIABLES = {
  WEBHOOK_RETENTION_DAYS: Type.Integer({
    minimum: 0,
    maximum: 36_500,
    default: WEBHOOK_RETENTION_DAYS_DEFAULT,
    ...about({
      group: 'webhooks',
      transform: trim,
      summary: 'days a finished webhook delivery stays in the log (0: forever)',
      description:
        'days a delivered or failed webhook delivery stays in the delivery log, counted from its last attempt; the worker deletes older ones at start and every hour, 500 rows a statement. Pending deliveries (still being tried) are never deleted. 0 keeps them forever',
    }),
  }),
};
