/**
 * The shape every text namespace's locale files follow: the en-US file of a namespace
 * (`i18n/<namespace>/en-US.ts`) is the source, its `messages.ts` derives the type with
 * {@link MessageShape}, and every other locale file of the namespace is typed by it.
 *
 * @packageDocumentation
 */

/** The plural categories of `Intl.PluralRules` besides `one` and `other` (CLDR). */
export type ExtraPluralCategory = 'zero' | 'two' | 'few' | 'many';

/**
 * The optional plural siblings of `T`'s `<key>_one` keys: `<key>_zero`, `<key>_two`, `<key>_few`,
 * `<key>_many` (i18next picks them by `Intl.PluralRules`; Russian needs `_few` and `_many`).
 */
export type PluralSiblings<T> = {
  [K in keyof T as K extends `${infer Base}_one` ? `${Base}_${ExtraPluralCategory}` : never]?: string;
};

/**
 * `T` with every leaf widened to `string` (so another locale can give its own texts), and with the
 * optional plural siblings of every `<key>_one` key ({@link PluralSiblings}), which en-US and
 * languages with fewer plural forms leave out.
 */
export type MessageShape<T> = {
  [K in keyof T]: T[K] extends string ? string : MessageShape<T[K]>;
} & PluralSiblings<T>;
