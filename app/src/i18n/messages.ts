import type { enUS } from './locales/en-US';

/** The shape of a complete locale: every key of the en-US resource, each a string. */
export type Messages = MessageShape<typeof enUS>;

/** `T` with every leaf widened to `string` (so another locale can give its own texts). */
export type MessageShape<T> = { [K in keyof T]: T[K] extends string ? string : MessageShape<T[K]> };

/** A locale that translates only part of the keys; i18next falls back to en-US for the rest. */
export type PartialMessages = { [K in keyof Messages]?: Partial<Messages[K]> };
