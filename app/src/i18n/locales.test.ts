/**
 * Completeness of every locale ("none falls back to another language"): every key of
 * en-US in every namespace is present and non-empty in each locale whose files exist, with the
 * plural forms its `Intl.PluralRules` needs (Russian: one, few, many, other), no key en-US lacks, the
 * same `{{placeholders}}`, and no text left in English. Prints the per-locale key counts.
 */
import { LOCALES, type Locale } from '@plugin-center/contract';
import { describe, expect, it } from 'vitest';
import { type FlatTexts, NAMESPACES, placeholders, pluralBase, readCatalog } from './catalog';

const catalog = readCatalog();
const present = LOCALES.filter((l) => NAMESPACES.some((ns) => catalog[ns][l]));

/**
 * Texts that may read the same as in en-US (documented allowlist): brand, product and format names,
 * and the back office's SPEC §8 messages, which are exact English in every locale. Texts without a
 * word of two Latin letters (placeholders, numbers, '—', '3D') are not checked at all.
 */
const SAME_AS_ENGLISH = new Set([
  'Figma',
  'FigJam',
  'Sketch',
  'Adobe XD',
  'Penpot',
  'MasterGo',
  'JsDesign',
  'Pexels',
  'AI',
  'HTML',
  'PDF',
  'SVG',
  'JSON',
  'URL',
  'MP4',
  'Cookie',
  'Client ID',
  // Sign-in protocols' names (the back office's sign-in methods).
  'LDAP / Active Directory',
  'OpenID Connect (OIDC)',
  'SAML 2.0',
]);
const SAME_AS_ENGLISH_KEYS = /^backoffice:spec\./;

/**
 * Words a locale spells as English does and uses as its own (checked per locale, not globally):
 * Spanish software writes plugin, banner, color, zoom, token, error and marketing (`{{n}} plugins`, `Banner {{n}}`).
 */
const SAME_IN_LOCALE: Partial<Record<Locale, ReadonlySet<string>>> = {
  'es-ES': new Set([
    'Plugin',
    'Plugins',
    '{{n}} plugin',
    '{{n}} plugins',
    'Banner {{n}}',
    'Banners',
    'Color',
    'Zoom',
    'Token',
    'error',
    'Marketing',
  ]),
};

/** The keys a locale must have: en-US's, with the plural forms of the locale's own rules. */
function expectedKeys(en: FlatTexts, locale: Locale): string[] {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const keys = new Set(Object.keys(en));
  for (const key of Object.keys(en)) {
    const p = pluralBase(key);
    if (p?.category === 'one') for (const c of categories) keys.add(`${p.base}_${c}`);
  }
  return [...keys];
}

describe('every locale is complete', () => {
  it('has the six locales of SPEC §1 in the main namespace', () => {
    expect(Object.keys(catalog.translation).sort()).toEqual([...LOCALES].sort());
  });

  it('prints the per-locale key counts', () => {
    const rows = present.map((l) => ({
      locale: l,
      ...Object.fromEntries(NAMESPACES.map((ns) => [ns, Object.keys(catalog[ns][l] ?? {}).length])),
      total: NAMESPACES.reduce((n, ns) => n + Object.keys(catalog[ns][l] ?? {}).length, 0),
    }));
    console.table(rows);
    expect(rows.length).toBe(present.length);
  });

  describe.each(present)('%s', (locale) => {
    it.each(NAMESPACES)('namespace %s: every en-US key, non-empty, no extra key, same placeholders', (ns) => {
      const en = catalog[ns]['en-US'] ?? {};
      const texts = catalog[ns][locale] ?? {};
      const problems: string[] = [];
      for (const key of expectedKeys(en, locale)) {
        const value = texts[key];
        if (typeof value !== 'string' || value.trim() === '') problems.push(`missing or empty: ${key}`);
      }
      for (const key of Object.keys(texts)) {
        const p = pluralBase(key);
        const known = key in en || (p !== undefined && `${p.base}_one` in en);
        if (!known) problems.push(`not in en-US: ${key}`);
      }
      for (const [key, value] of Object.entries(texts)) {
        const p = pluralBase(key);
        const source = key in en ? en[key] : p ? en[`${p.base}_other`] : undefined;
        if (typeof value !== 'string' || source === undefined) continue;
        if (placeholders(value).join() !== placeholders(source).join())
          problems.push(`placeholders of ${key}: ${placeholders(value)} instead of ${placeholders(source)}`);
      }
      expect(problems).toEqual([]);
    });
  });
});

describe('no English in another language', () => {
  it.each(present.filter((l) => l !== 'en-US'))('%s has no text left in English', (locale) => {
    const english: string[] = [];
    for (const ns of NAMESPACES) {
      const en = catalog[ns]['en-US'] ?? {};
      for (const [key, value] of Object.entries(catalog[ns][locale] ?? {})) {
        if (value !== en[key] || typeof value !== 'string') continue;
        if (!/[A-Za-z]{2}/.test(value.replace(/\{\{[^}]*\}\}/g, ''))) continue;
        if (SAME_AS_ENGLISH.has(value) || SAME_IN_LOCALE[locale]?.has(value)) continue;
        if (SAME_AS_ENGLISH_KEYS.test(`${ns}:${key}`)) continue;
        english.push(`${ns}:${key} = ${value}`);
      }
    }
    expect(english).toEqual([]);
  });
});

/**
 * What a native reader catches and key coverage does not (the reviewer checklist is
 * docs/translations.md): English sentences start with a capital, 插件广场 is never rendered word for
 * word, and the CJK locales leave no label in English.
 */
describe('reads as a native product', () => {
  /**
   * en-US texts that are fragments inside other texts or ARIA role descriptions, so rightly start in
   * lower case ('by {{developer}}' under a card's name; 'carousel', 'slide': `aria-roledescription`; 'required': the field marker;
   * the match fields of a similar-name flag; the side of a review change in a thumbnail's alt text,
   * 'Icon (before)'; the UI kit's message type names; a placeholder's "e.g.").
   */
  const LOWER_CASE_FRAGMENTS = new Set([
    'translation:card.by',
    'translation:header.carousel',
    'translation:header.slide',
    'publish:form.required',
    'publish:audit.unknownSubmitter',
    'publish:audit.matchDetail',
    'publish:audit.matchField.manifest_id',
    'publish:audit.matchField.name',
    'publish:audit.matchField.repository',
    'publish:audit.sideBefore',
    'publish:audit.sideAfter',
    'publish:tokens.namePlaceholder',
    'uiKit:typeSuccess',
    'uiKit:typeError',
    'uiKit:typeWarning',
    'uiKit:typeInfo',
    'uiKit:typeLoading',
  ]);

  it('en-US: every sentence and label starts with a capital (the toasts: "Liked", "Link copied")', () => {
    const lower: string[] = [];
    for (const ns of NAMESPACES)
      for (const [key, value] of Object.entries(catalog[ns]['en-US'] ?? {}))
        if (typeof value === 'string' && /^[a-z]/.test(value) && !LOWER_CASE_FRAGMENTS.has(`${ns}:${key}`))
          lower.push(`${ns}:${key} = ${value}`);
    expect(lower).toEqual([]);
    const toasts = [
      'action.liked',
      'action.unliked',
      'action.installed',
      'action.uninstalled',
      'detail.linkCopied',
    ];
    expect(toasts.map((k) => catalog.translation['en-US']?.[k])).toEqual([
      'Liked',
      'Like removed',
      'Plugin installed',
      'Plugin uninstalled',
      'Link copied',
    ]);
  });

  it('names the square as each language does: no word-for-word "plugin square" (插件广场 stays Chinese)', () => {
    const literal = /plugin square|広場|광장|площад|plaza de plugins/i;
    const found: string[] = [];
    for (const locale of present.filter((l) => l !== 'zh-CN'))
      for (const ns of NAMESPACES)
        for (const [key, value] of Object.entries(catalog[ns][locale] ?? {}))
          if (typeof value === 'string' && literal.test(value))
            found.push(`${locale} ${ns}:${key} = ${value}`);
    expect(found).toEqual([]);
    expect(catalog.translation['zh-CN']?.['square.title']).toBe('插件广场');
  });

  /** Texts of the CJK locales that are a name or format only, so have no CJK character. */
  const LATIN_ONLY = new Set([
    'AI',
    'HTML',
    'PDF',
    'SVG',
    'Cookie',
    'Pexels',
    'LDAP / Active Directory',
    'OpenID Connect (OIDC)',
    'SAML 2.0',
  ]);

  it.each(['zh-CN', 'ja-JP', 'ko-KR'] as const)(
    '%s: no label left in English (Client Secret, API Key: translated, the term in parentheses)',
    (locale) => {
      const cjk = /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;
      const english: string[] = [];
      for (const ns of NAMESPACES)
        for (const [key, value] of Object.entries(catalog[ns][locale] ?? {})) {
          if (typeof value !== 'string' || cjk.test(value) || LATIN_ONLY.has(value)) continue;
          if (!/[A-Za-z]{2}/.test(value.replace(/\{\{[^}]*\}\}/g, ''))) continue;
          if (SAME_AS_ENGLISH_KEYS.test(`${ns}:${key}`)) continue;
          english.push(`${ns}:${key} = ${value}`);
        }
      expect(english).toEqual([]);
    },
  );
});
