/**
 * Copies `text` to the clipboard; falls back to a hidden textarea and `execCommand('copy')` where the
 * Clipboard API is missing (pages served over plain http).
 *
 * @throws Error when neither way could copy (the caller shows 'link copy failed', SPEC §8)
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}
