import { formatDateTime } from '../../format';

/**
 * A time (ms since the Unix epoch) as date and time in the locale (`Nov 25, 2026, 11:31 AM`), for
 * submissions and the audit log; '—' when missing or invalid. See `formatDateTime` in `format.ts`.
 */
export function formatTime(ms: number | null | undefined, locale: string): string {
  return formatDateTime(ms, locale);
}
