const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A time (ms since the Unix epoch) as date and time in the locale (`Nov 25, 2026, 11:31 AM`), for
 * submissions and the audit log; '—' when missing or invalid.
 */
export function formatTime(ms: number | null | undefined, locale: string): string {
  if (ms == null || !Number.isFinite(ms)) return '—';
  let f = formats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, f);
  }
  return f.format(ms);
}
