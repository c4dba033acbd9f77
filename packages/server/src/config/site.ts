/**
 * The site variant (group `site`, SPEC §1, §2): which site this server is, its languages, the
 * workbench link, cookie consent and the product slug, handed to the app in `index.html`
 * (`resolveSiteConfig`, `site.ts`).
 */
import {
  DEFAULT_SITE_PRODUCT,
  LOCALES,
  type Locale,
  localeFromCookieValue,
  PRIVATE_DEPLOYMENT_TYPES,
  SITE_PRODUCT_PATTERN,
  SITE_VARIANTS,
} from '@plugin-center/contract';
import { Type } from 'typebox';
import { HEADER_LINK_VARIABLES } from './headerLinks';
import { ConfigError } from './values';
import { about, trim, trimLower } from './variables';

/**
 * `SITE_LOCALES`: comma-separated locales, each a full name (`ja-JP`) or a `lang` cookie
 * value (`jp`, SPEC §9), case-insensitive; repeats dropped, order kept (the first is the default).
 *
 * @throws ConfigError for an entry that names no locale, or an empty list.
 */
export function parseSiteLocales(variable: string, value: string): Locale[] {
  const out: Locale[] = [];
  for (const part of value.split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    const locale = localeFromCookieValue(entry);
    if (!locale) {
      throw new ConfigError(
        variable,
        `${JSON.stringify(entry)} is not a locale (zh-CN, en-US, ja-JP, ko-KR, ru-RU, es-ES or en, jp, kr, ru, es)`,
      );
    }
    if (!out.includes(locale)) out.push(locale);
  }
  if (out.length === 0) throw new ConfigError(variable, 'names no locale');
  return out;
}

/**
 * An optional address variable of the site: an http(s) URL or a path starting with `/` (not `//`,
 * another host), trimmed; `about` gives its default, summary and description.
 */
function hrefVariable(text: { defaultText: string; summary: string; description: string }) {
  return Type.Optional(
    Type.String({
      pattern: '^(https?://[^\\s]+|/(?!/)[^\\s]*)$',
      ...about({
        group: 'site',
        transform: trim,
        errorMessage: 'must be an http(s) URL or a path starting with / (not //)',
        ...text,
      }),
    }),
  );
}

/** `SITE_VARIANT` … `SITE_PRODUCT`, then the header's links (`headerLinks.ts`). */
export const SITE_VARIABLES = {
  SITE_VARIANT: Type.Enum(SITE_VARIANTS, {
    default: 'domestic',
    ...about({
      group: 'site',
      transform: trimLower,
      blank: 'invalid',
      summary: 'domestic, overseas, private or desktop (default domestic)',
      description:
        "`domestic` (Chinese and English), `overseas` (English, Japanese, Korean, Russian, Spanish; cookie consent on), `private` (a private deployment, see `PRIVATE_DEPLOYMENT_TYPE`) or `desktop` (the desktop client's header)",
    }),
  }),
  PRIVATE_DEPLOYMENT_TYPE: Type.Optional(
    Type.Enum(PRIVATE_DEPLOYMENT_TYPES, {
      ...about({
        group: 'site',
        transform: trimLower,
        blank: 'invalid',
        defaultText: '`pri` when `SITE_VARIANT=private`',
        summary: 'pri, hwdc, hk, nh, gfkd, kdxf or cluster (private only)',
        description:
          'the private deployment type (SPEC §9): `pri`, `hwdc`, `hk`, `nh`, `gfkd`, `kdxf`, `cluster`; `hwdc` hides login, sign-up and the workbench. Only with `SITE_VARIANT=private`',
      }),
    }),
  ),
  SITE_LOCALES: Type.Optional(
    Type.Array(Type.Enum(LOCALES), {
      minItems: 1,
      ...about({
        group: 'site',
        transform: trim,
        parse: parseSiteLocales,
        defaultText:
          "the variant's (domestic, private, desktop: `zh-CN,en-US`; overseas: `en-US,ja-JP,ko-KR,ru-RU,es-ES`)",
        summary: 'locales offered, comma-separated, the first the default',
        description:
          'the interface locales offered, comma-separated (`zh-CN`, `en-US`, `ja-JP`, `ko-KR`, `ru-RU`, `es-ES`, or the `lang` cookie values `en`, `jp`, `kr`, `ru`, `es`), the first the default; the language picker shows only when there are two or more',
      }),
    }),
  ),
  WORKBENCH_URL: hrefVariable({
    defaultText: 'unset (no workbench link)',
    summary: "the header's workbench link for signed-in people",
    description:
      "where the header's workbench link (SPEC §2 `/app`) goes: an http(s) URL or a path on this host. Unset: the link is not shown",
  }),
  SITE_SIGN_IN_URL: hrefVariable({
    defaultText: "unset (this server's login page; none on `hwdc`)",
    summary: "the host product's sign-in page (instead of /user/login/)",
    description:
      "where the app sends a person to sign in instead of this server's login page `/user/login/`: an http(s) URL, or a path on `SITE_HOST_ORIGIN`. The app appends the login query of SPEC §2 (`response_type`, `redirect_uri` as an absolute URL of the page to come back to, `from`). Meant for a private deployment without login (`hwdc`), whose host product signs people in: unset there, a page that needs an account tells the visitor to sign in to the host product first instead of sending them anywhere",
  }),
  COOKIE_CONSENT: Type.Optional(
    Type.Boolean({
      ...about({
        group: 'site',
        transform: trimLower,
        defaultText: '`true` on `overseas`, else `false`',
        summary: 'show the cookie consent notice (default: overseas only)',
        description:
          'show the cookie consent notice (SPEC §1) and keep the analytics tracker from storing or sending anything before consent',
      }),
    }),
  ),
  SITE_PRODUCT: Type.Optional(
    Type.String({
      pattern: SITE_PRODUCT_PATTERN.source,
      ...about({
        group: 'site',
        transform: trimLower,
        errorMessage: 'must be 1–40 lower-case letters, digits and inner hyphens',
        defaultText: `\`${DEFAULT_SITE_PRODUCT}\``,
        summary: "the product slug of the header's enterprise link",
        description:
          "the product's slug in the header's enterprise-edition link `/{product}-enterprise/` (SPEC §2): 1–40 lower-case letters, digits and inner hyphens",
      }),
    }),
  ),
  ...HEADER_LINK_VARIABLES,
};
