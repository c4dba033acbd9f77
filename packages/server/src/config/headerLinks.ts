/**
 * Where the site header's links go (group `site`, SPEC §2 "Header links"): the host product's
 * origin for SPEC §2's paths (`SITE_HOST_ORIGIN`), which header parts show (`SITE_HEADER_MENUS`)
 * and a custom menu file (`SITE_HEADER_MENU_FILE`), read and checked at start. A self-hosted install
 * serves only the plugin square, so without an origin the header links nowhere else: no link the
 * header shows answers 404 here ({@link resolveHostHref}).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type CustomHeaderLink,
  type CustomHeaderMenus,
  type HeaderPart,
  LOCALES,
  type Locale,
} from '@plugin-center/contract';
import { Type } from 'typebox';
import { httpUrlOrPath } from '../shared/links';
import { ConfigError, isPlainObject, parseJson, parseOriginList } from './values';
import { about, trim } from './variables';

/** The header parts `SITE_HEADER_MENUS` names, in the header's order. */
export const HEADER_PARTS: readonly HeaderPart[] = ['products', 'resources', 'hotPicks', 'pricing', 'help'];

/** Limits of a custom menu file: links per menu, characters of a label, bytes of the file. */
export const HEADER_MENU_LIMITS = { LINKS: 20, LABEL: 100, FILE_BYTES: 64 * 1024 } as const;

/**
 * Whether this server answers `path` with a page: the plugin square and its pages (`/plugins`,
 * `/plugins/…`). Every other path is another product's.
 */
export function servedHere(path: string): boolean {
  return /^\/plugins(?:[/?#]|$)/.test(path);
}

/**
 * Where a configured header address goes: an http(s) URL as given (normalised by the WHATWG
 * parser); a path this server serves ({@link servedHere}) as given; any other path on the host
 * product's `origin`.
 *
 * @throws ConfigError naming `variable` for an address that is neither an http(s) URL nor a path,
 *   or for a path this server does not serve when there is no `origin` (it would answer 404).
 */
export function resolveHostHref(variable: string, href: string, origin: string | null | undefined): string {
  const url = httpUrlOrPath(href);
  if (url === undefined) {
    throw new ConfigError(
      variable,
      `${JSON.stringify(href)} is not an http(s) URL or a path starting with /`,
    );
  }
  if (!url.startsWith('/') || servedHere(url)) return url;
  if (!origin) {
    throw new ConfigError(
      variable,
      `${JSON.stringify(href)} is a path this server does not serve (only /plugins/): set SITE_HOST_ORIGIN to the host product's origin, or give an http(s) URL`,
    );
  }
  return `${origin}${url}`;
}

/**
 * Reads `SITE_HEADER_MENUS`: the header parts to show, comma-separated, case-insensitive
 * (`products`, `resources`, `hotPicks` or `hot-picks`, `pricing`, `help`), or `none`.
 *
 * @throws ConfigError for a name that is no header part.
 */
export function parseHeaderMenus(variable: string, text: string): HeaderPart[] {
  const out: HeaderPart[] = [];
  for (const part of text.split(',')) {
    const name = part.trim().toLowerCase().replace('-', '');
    if (!name || name === 'none') continue;
    const found = HEADER_PARTS.find((p) => p.toLowerCase() === name);
    if (!found) {
      throw new ConfigError(
        variable,
        `${JSON.stringify(part.trim())} is not a header part (products, resources, hotPicks, pricing, help or none)`,
      );
    }
    if (!out.includes(found)) out.push(found);
  }
  return out;
}

/** One link of a custom menu file, checked (`at` names it in messages). */
function readLink(variable: string, at: string, value: unknown): CustomHeaderLink {
  const fail = (message: string): never => {
    throw new ConfigError(variable, `${at}: ${message}`);
  };
  if (!isPlainObject(value)) return fail('expected an object {"label", "href"}');
  const extra = Object.keys(value).find((key) => key !== 'label' && key !== 'href');
  if (extra !== undefined) fail(`unknown field ${JSON.stringify(extra)}`);
  const text = (label: unknown, where: string) => {
    if (
      typeof label !== 'string' ||
      label.trim() === '' ||
      label.length > HEADER_MENU_LIMITS.LABEL ||
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
      /[\u0000-\u001f\u007f]/.test(label)
    )
      fail(`${where} must be 1 to ${HEADER_MENU_LIMITS.LABEL} characters of text`);
    return (label as string).trim();
  };
  let label: CustomHeaderLink['label'];
  if (isPlainObject(value.label)) {
    const byLocale: Partial<Record<Locale, string>> = {};
    for (const [locale, entry] of Object.entries(value.label)) {
      if (!(LOCALES as readonly string[]).includes(locale)) {
        fail(`label: ${JSON.stringify(locale)} is not a locale (${LOCALES.join(', ')})`);
      }
      byLocale[locale as Locale] = text(entry, `label.${locale}`);
    }
    if (Object.keys(byLocale).length === 0) fail('label names no locale');
    label = byLocale;
  } else {
    label = text(value.label, 'label');
  }
  if (typeof value.href !== 'string') return fail('href must be an http(s) URL or a path starting with /');
  return { label, href: value.href.trim() };
}

/**
 * Reads the custom menu file `SITE_HEADER_MENU_FILE` names (a path, resolved against the working
 * directory; at most 64 KiB): a JSON object with any of `products`, `resources`, `hotPicks`, `help`
 * (arrays of at most 20 links) and `pricing` (one link); a link is `{ "label", "href" }`, `label` 1–100
 * characters or an object of locale → text (`{"zh-CN": "…", "en-US": "…"}`), `href` an http(s) URL or a
 * path (resolved by {@link resolveHostHref} once the origin is known).
 *
 * @throws ConfigError when the file cannot be read, is not JSON, or a menu or link is not of that shape.
 */
export function parseHeaderMenuFile(variable: string, path: string): CustomHeaderMenus {
  let text: string;
  try {
    const bytes = readFileSync(resolve(path));
    if (bytes.length > HEADER_MENU_LIMITS.FILE_BYTES) {
      throw new ConfigError(variable, `${path} is larger than ${HEADER_MENU_LIMITS.FILE_BYTES} bytes`);
    }
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(variable, `cannot read ${path}: ${(error as Error).message}`);
  }
  const value = parseJson(variable, text);
  if (!isPlainObject(value)) {
    throw new ConfigError(
      variable,
      'expected a JSON object of menus (products, resources, hotPicks, pricing, help)',
    );
  }
  const menus: CustomHeaderMenus = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === 'pricing') {
      menus.pricing = readLink(variable, 'pricing', entry);
      continue;
    }
    if (key !== 'products' && key !== 'resources' && key !== 'hotPicks' && key !== 'help') {
      throw new ConfigError(
        variable,
        `unknown menu ${JSON.stringify(key)} (products, resources, hotPicks, pricing, help)`,
      );
    }
    if (!Array.isArray(entry) || entry.length > HEADER_MENU_LIMITS.LINKS) {
      throw new ConfigError(
        variable,
        `${key}: expected an array of at most ${HEADER_MENU_LIMITS.LINKS} links`,
      );
    }
    menus[key] = entry.map((link, i) => readLink(variable, `${key}[${i}]`, link));
  }
  return menus;
}

/**
 * `menus` with every `href` resolved against `origin` ({@link resolveHostHref}).
 *
 * @throws ConfigError `SITE_HEADER_MENU_FILE: …` for an address that would answer 404 here.
 */
export function resolveHeaderMenus(menus: CustomHeaderMenus, origin: string | null): CustomHeaderMenus {
  const variable = 'SITE_HEADER_MENU_FILE';
  const link = (l: CustomHeaderLink): CustomHeaderLink => ({
    label: l.label,
    href: resolveHostHref(variable, l.href, origin),
  });
  const out: CustomHeaderMenus = {};
  for (const key of ['products', 'resources', 'hotPicks', 'help'] as const) {
    const list = menus[key];
    if (list) out[key] = list.map(link);
  }
  if (menus.pricing) out.pricing = link(menus.pricing);
  return out;
}

const LINK_SCHEMA = Type.Object({
  label: Type.Union([Type.String(), Type.Record(Type.String(), Type.String())]),
  href: Type.String(),
});

/** `SITE_HOST_ORIGIN`, `SITE_HEADER_MENUS`, `SITE_HEADER_MENU_FILE`. */
export const HEADER_LINK_VARIABLES = {
  SITE_HOST_ORIGIN: Type.Optional(
    Type.String({
      ...about({
        group: 'site',
        transform: trim,
        parse: (variable, text) => {
          const [origin, more] = parseOriginList(variable, text);
          if (!origin || more) throw new ConfigError(variable, 'expected one origin, http(s)://host[:port]');
          return origin;
        },
        defaultText: 'unset (the header links only to this server: the plugin square)',
        summary: "the host product's origin for the header's links",
        description:
          "the host product's origin (`https://design.example.com`) that the header's SPEC §2 links are on: products, resources, pricing, help, the hot picks, and a `WORKBENCH_URL` or menu-file path outside `/plugins/`. Unset: the header shows only what this server serves (the plugin square), so no link answers 404",
      }),
    }),
  ),
  SITE_HEADER_MENUS: Type.Array(Type.String(), {
    default: [...HEADER_PARTS],
    ...about({
      group: 'site',
      transform: trim,
      parse: parseHeaderMenus,
      defaultText: '`products,resources,hotPicks,pricing,help`',
      summary: 'header parts shown, comma-separated, or none',
      description:
        "the header parts shown, comma-separated: `products`, `resources`, `hotPicks` (the resource menu's carousel), `pricing`, `help`, or `none`. A menu with no link left (see `SITE_HOST_ORIGIN`) is not shown either",
    }),
  }),
  SITE_HEADER_MENU_FILE: Type.Optional(
    Type.Object(
      {
        products: Type.Optional(Type.Array(LINK_SCHEMA)),
        resources: Type.Optional(Type.Array(LINK_SCHEMA)),
        hotPicks: Type.Optional(Type.Array(LINK_SCHEMA)),
        pricing: Type.Optional(LINK_SCHEMA),
        help: Type.Optional(Type.Array(LINK_SCHEMA)),
      },
      {
        ...about({
          group: 'site',
          transform: trim,
          parse: parseHeaderMenuFile,
          defaultText: "unset (SPEC §2's menus)",
          summary: 'JSON file of custom header menus',
          description:
            'path of a JSON file whose menus replace the built-in ones (see [Header links](#header-links)): any of `products`, `resources`, `hotPicks`, `help` (arrays of at most 20 `{ "label", "href" }`) and `pricing` (one link); a menu left out is not shown. `label` is text or `{ "zh-CN": "…", "en-US": "…" }`; `href` an http(s) URL or a path (outside `/plugins/` it needs `SITE_HOST_ORIGIN`)',
        }),
      },
    ),
  ),
};
