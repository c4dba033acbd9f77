import type { enUS } from './locales/en-US';

/** The shape of a complete locale of the main namespace: every key of the en-US resource, each a string. */
export type Messages = MessageShape<typeof enUS>;

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

/**
 * A locale that translates only part of the keys (i18next falls back to en-US for the rest).
 * @deprecated Every locale is complete since issue 15; kept only until ru-RU and es-ES are typed
 * {@link Messages}.
 */
export type PartialMessages = { [K in keyof Messages]?: Partial<Messages[K]> };
