/** HTML escaping for the pages the server renders itself (login pages, the app's site meta). */

/** Text safe inside HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
