/**
 * The text rules every path into the catalogue shares (the publish form, the API, the CLI, batch
 * imports, the banner form, and the app before it sends): one link rule ({@link httpUrl}), one
 * rule for name-like texts ({@link hiddenCharacters}: invisible and bidirectional control
 * characters refused), one for longer texts ({@link stripHidden}: those characters removed), and
 * one for the free `contact` text ({@link contactProblem}). Pure functions over strings, with no
 * dependency: the server and the app import the same code.
 *
 * Hidden characters are the ones that change what a text looks like or how it reads without being
 * seen (the "Trojan Source" family, CVE-2021-42574, and Unicode TR #36 / UTS #39 on spoofing):
 * - bidirectional controls: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069;
 * - zero-width and invisible characters: U+00AD, U+034F, U+115F, U+1160, U+17B4, U+17B5, U+180B–U+180F,
 *   U+200B–U+200D, U+2060–U+2064, U+206A–U+206F, U+3164, U+FEFF, U+FFA0, U+FFF9–U+FFFB, the tag
 *   characters U+E0000–U+E007F;
 * - control characters (C0, DEL, C1) and the line and paragraph separators U+2028, U+2029.
 *
 * A joiner is legitimate where it joins something visible, and is then kept: U+200D after an emoji
 * (the zero-width joiner of emoji sequences such as 👩‍💻), U+200C and U+200D between two letters of
 * a script that is written joined (Arabic, Persian, the Indic scripts…), tag characters after
 * U+1F3F4 (the subdivision flags such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿). Longer texts also keep tab, line feed and carriage
 * return.
 *
 * @packageDocumentation
 */

import { BANNER_URL_MESSAGE, PUBLISH_LIMITS } from './constants';

/**
 * Limits of a plugin's ratings and reviews (`PUT plugin/rating`, replies, reports), in characters;
 * the texts follow the description rule ({@link stripHidden}), checked in the browser before sending
 * and again by the server.
 *
 * @example
 * ```ts
 * if ([...title].length > RATING_LIMITS.TITLE) showError('title');
 * ```
 */
export const RATING_LIMITS = {
  /** Stars: 1 to 5. */
  MIN_STARS: 1,
  MAX_STARS: 5,
  TITLE: 100,
  BODY: 5000,
  REPLY: 5000,
  /** A report's reason and a moderator's hiding reason. */
  REASON: 1000,
} as const;

/** The longest link, characters (banner links, support links, homepages, contacts given as links). */
export const LINK_MAX_LENGTH = PUBLISH_LIMITS.URL;

/** Invisible, zero-width and bidirectional control characters (see the module's list). */
const HIDDEN =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is tested on its own (U+034F, U+17B4, U+17B5, U+180B–U+180F are combining marks)
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}]/u;
/** Control characters and the line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/** Control characters a longer text keeps: tab, line feed, carriage return. */
const TEXT_CONTROLS = new Set(['\t', '\n', '\r']);
/** What an emoji sequence's zero-width joiner may follow: an emoji, a skin tone, VS16, a keycap. */
const EMOJI_BEFORE_JOINER = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f|\u20e3)$/u;
/** Letters and marks of the scripts written joined, where U+200C and U+200D shape the text. */
const JOINED_SCRIPT =
  /^[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tibetan}]$/u;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;

/** Whether the code point at `i` of `chars` is a hidden character that its neighbours do not justify. */
function isHidden(chars: readonly string[], i: number, keepTextControls: boolean): boolean {
  const c = chars[i]!;
  if (CONTROL.test(c)) return !(keepTextControls && TEXT_CONTROLS.has(c));
  if (!HIDDEN.test(c)) return false;
  const before = chars[i - 1] ?? '';
  const after = chars[i + 1] ?? '';
  if (c === '\u200d' && EMOJI_BEFORE_JOINER.test(before)) return false;
  if (
    (c === '\u200c' || c === '\u200d') &&
    LETTER_OR_MARK.test(before) &&
    LETTER_OR_MARK.test(after) &&
    JOINED_SCRIPT.test(before) &&
    JOINED_SCRIPT.test(after)
  )
    return false;
  const code = c.codePointAt(0)!;
  if (code >= 0xe0020 && code <= 0xe007f) {
    // A subdivision flag: U+1F3F4 followed by tag characters up to U+E007F (CANCEL TAG).
    for (let j = i - 1; j >= 0; j--) {
      const p = chars[j]!.codePointAt(0)!;
      if (p === 0x1f3f4) return false;
      if (p < 0xe0020 || p > 0xe007e) return true;
    }
  }
  return true;
}

/** `U+202E` for a character. */
export function codePointName(c: string): string {
  return `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The hidden characters of a name-like text (a plugin's name, developer, copyright holder, a tag, a
 * contact, a token's name), each once, in order of appearance: empty when the text has none. Such a
 * text is refused when this is not empty (a name with U+202E or U+200B reads as another name).
 * Control characters count, tab and line feed included (a name is one line).
 */
export function hiddenCharacters(text: string): string[] {
  const chars = [...text];
  const found: string[] = [];
  for (let i = 0; i < chars.length; i++)
    if (isHidden(chars, i, false) && !found.includes(chars[i]!)) found.push(chars[i]!);
  return found;
}

/**
 * The message fragment for a name-like text with hidden characters, e.g. `must not contain invisible
 * or bidirectional control characters (U+202E)` (at most three code points named), or undefined
 * when the text has none. Callers prefix the field: `name: must not contain…`.
 */
export function hiddenCharactersProblem(text: string): string | undefined {
  const found = hiddenCharacters(text);
  if (found.length === 0) return undefined;
  const named = found.slice(0, 3).map(codePointName).join(', ');
  return `must not contain invisible or bidirectional control characters (${named}${found.length > 3 ? ', …' : ''})`;
}

/**
 * A longer text (an intro, a description, version notes, a reason) without its hidden characters,
 * and how many were removed. Tab, line feed and carriage return stay; joiners stay where they join
 * (emoji sequences, joined scripts).
 */
export function stripHidden(text: string): { text: string; removed: number } {
  const chars = [...text];
  let removed = 0;
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    if (isHidden(chars, i, true)) removed++;
    else out += chars[i];
  }
  return { text: removed === 0 ? text : out, removed };
}

/** A scheme and `//` written out: `https:example.com` and `https:/\host` are refused, not repaired. */
const HTTP_PREFIX = /^https?:\/\//i;
/**
 * What a link may not contain anywhere: control characters, a backslash (the URL parser reads it as
 * `/`), white space other than U+0020 (tab and line breaks are dropped by the parser, the old
 * `java\tscript:` trick), and invisible format characters (Unicode category Cf: bidirectional
 * controls, zero-width characters, U+FEFF…).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const LINK_UNSAFE = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]|[^\S ]|\p{Cf}/u;

/**
 * The one link rule: an absolute http(s) URL, normalised by the WHATWG URL parser (`url.href`), or
 * undefined when the text is not one — empty, longer than `maxLength` characters (before or after
 * normalisation), with spaces at either end, relative, another scheme (`javascript:`, `data:`,
 * `file:`, `ftp:`…, in any case), the scheme not followed by `//` (`https:/\host`), a backslash,
 * control, invisible or white-space character other than an inner U+0020 (a space in a path becomes
 * `%20`), no host, or credentials before the host (`https://user:pw@host/`,
 * `https://trusted.example@evil.example/` reads like a trusted link and is not). SPEC §5's message
 * for a refused link is {@link BANNER_URL_MESSAGE}.
 *
 * @param maxLength - characters, default {@link LINK_MAX_LENGTH} (2048)
 */
export function httpUrl(text: string, maxLength: number = LINK_MAX_LENGTH): string | undefined {
  if (
    text.length === 0 ||
    text.length > maxLength ||
    text !== text.trim() ||
    !HTTP_PREFIX.test(text) ||
    LINK_UNSAFE.test(text)
  )
    return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username !== '' || url.password !== '') return undefined;
  return url.href.length > maxLength ? undefined : url.href;
}

/** Schemes a browser runs or opens as a document of its own: never in a contact. */
const ACTIVE_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'livescript',
  'data',
  'file',
  'blob',
  'filesystem',
]);

/** The message fragment of a contact that is refused for its scheme. */
export const CONTACT_MESSAGE = 'must be an email address, a phone number, an account name or an http(s) link';

/**
 * The contact rule. A contact is one line of text: an email address, a phone number, an account
 * ("WeChat: pixso_dev", "QQ:12345"), a `mailto:` or `tel:` address, or an http(s) link. Refused,
 * with the message fragment returned (the caller prefixes the field):
 * - hidden characters ({@link hiddenCharactersProblem});
 * - a text that starts, once white space and control characters are dropped and case ignored (as
 *   a browser reads a scheme), with `javascript:`, `vbscript:`, `data:`, `file:`, `blob:` or
 *   `filesystem:` ({@link CONTACT_MESSAGE});
 * - a text that starts with `http:` or `https:` and is not a link by {@link httpUrl}
 *   ({@link BANNER_URL_MESSAGE});
 * - any other `scheme://` address (`ftp://`, `intent://`…: {@link CONTACT_MESSAGE}).
 *
 * @returns undefined when the contact is fine
 */
export function contactProblem(text: string, maxLength: number = LINK_MAX_LENGTH): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser drops these inside a scheme
  const squeezed = text.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(squeezed)?.[1];
  if (scheme !== undefined && ACTIVE_SCHEMES.has(scheme)) return CONTACT_MESSAGE;
  const hidden = hiddenCharactersProblem(text);
  if (hidden) return hidden;
  if (scheme === 'http' || scheme === 'https')
    return httpUrl(text.trim(), maxLength) === undefined ? BANNER_URL_MESSAGE : undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim())) return CONTACT_MESSAGE;
  return undefined;
}
