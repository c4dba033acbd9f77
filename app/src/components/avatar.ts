/**
 * The generated placeholder of a plugin without an icon (SPEC §3 shows an initial-style avatar when
 * there is no image): initials on a colour derived from the name.
 *
 * @packageDocumentation
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Up to two initials of a name: the first letter or digit of the first two words (upper-cased), or
 * the first two characters when the name starts with CJK text. Emoji and punctuation are skipped;
 * `'?'` when nothing is left. `'⚓️ Sketch - SelectPlus'` → `'SS'`, `'复制与替换'` → `'复制'`.
 */
export function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const first = words[0];
  if (!first) return '?';
  if (CJK.test(first[0] ?? '')) return Array.from(first).slice(0, 2).join('');
  const letters = words
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join('');
  return letters.toLocaleUpperCase();
}

/**
 * A stable colour for a name: FNV-1a hash → hue (0–359°), fixed saturation 50% and lightness 31%, so
 * white initials keep a contrast ratio of at least 4.5:1 on every hue.
 */
export function avatarColor(name: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `hsl(${(hash >>> 0) % 360} 50% 31%)`;
}
