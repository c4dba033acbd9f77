/**
 * Simplified Chinese names of the catalogue's tag codes, for search (a Chinese keyword such as
 * `图标` or `切图` reaching English-tagged plugins) and for showing tags to Chinese readers.
 *
 * The names are `tagNames.zh.json` beside this file, `{ "<code>": "<简体中文名>" }`, one entry per
 * tag code used by the shipped catalogue (`catalogue/plugins.json` and `catalogue/zh.json`; a test
 * checks that none is missing), chosen from the words Chinese design tools and designers use
 * (`artboards` → `画板`, `mockups` → `样机`, `handoff` → `设计交付`). Acronyms stay as they are
 * (`svg` → `SVG`, `3d` → `3D`). The file is bundled into the build; nothing is read at run time.
 */
import { normalizeTagCode } from '../shared/tags';
import names from './tagNames.zh.json' with { type: 'json' };

const TAG_NAMES_ZH = new Map<string, string>(Object.entries(names));

/**
 * The simplified Chinese name of a tag code (`'icons'` → `'图标'`, `'ui-kits'` → `'UI 套件'`),
 * the code normalised like the server stores it first (`' UI_Kits '` → `'ui-kits'`, see
 * `normalizeTagCode`); `undefined` for a code without a Chinese name (a tag created later by a
 * publisher).
 */
export function tagNameZh(code: string): string | undefined {
  return TAG_NAMES_ZH.get(normalizeTagCode(code));
}
