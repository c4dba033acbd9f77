/** Words written in capitals in tag names. */
const ACRONYMS = new Set([
  'ai',
  'ui',
  'ux',
  'svg',
  'pdf',
  'html',
  'css',
  'api',
  'json',
  'qr',
  'ar',
  'vr',
  'gif',
  'png',
]);
/** Tag names that word-by-word capitalisation gets wrong. */
const SPECIAL_NAMES: Record<string, string> = {
  qrcode: 'QR Code',
  'copy-paste': 'Copy & Paste',
};

/**
 * A readable English name for a tag code of the catalogue (`'ui-kits'` → `'UI Kits'`, `'3d'` →
 * `'3D'`, `'design-tokens'` → `'Design Tokens'`): hyphens become spaces, words are capitalised,
 * known acronyms are upper-cased.
 */
export function tagDisplayName(code: string): string {
  const special = SPECIAL_NAMES[code];
  if (special) return special;
  return code
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => {
      if (ACRONYMS.has(word) || /^\d+d$/.test(word)) return word.toUpperCase();
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}

/** Normalises a tag code: trimmed, lower case, inner whitespace/underscores as hyphens. */
export function normalizeTagCode(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}
