/**
 * The header's links configuration (`headerLinks.ts`): `SITE_HOST_ORIGIN`, `SITE_HEADER_MENUS`,
 * `SITE_HEADER_MENU_FILE` and `WORKBENCH_URL` as `loadConfig` reads them into the site configuration.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './loadConfig';
import { ConfigError } from './values';

let dir: string;
const file = async (name: string, content: unknown) => {
  const path = join(dir, name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plugin-center-menus-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the header links of the site configuration', () => {
  it('defaults: no host origin, every part on, no custom menus', () => {
    expect(loadConfig({}).site?.links).toEqual({
      hostOrigin: null,
      menus: ['products', 'resources', 'hotPicks', 'pricing', 'help'],
      custom: null,
    });
  });

  it('reads SITE_HOST_ORIGIN (normalised) and SITE_HEADER_MENUS (case-insensitive, none)', () => {
    const site = loadConfig({
      SITE_HOST_ORIGIN: ' https://Design.Example.com/ ',
      SITE_HEADER_MENUS: 'Products, hot-picks,help,help',
    }).site;
    expect(site?.links).toMatchObject({
      hostOrigin: 'https://design.example.com',
      menus: ['products', 'hotPicks', 'help'],
    });
    expect(loadConfig({ SITE_HEADER_MENUS: 'none' }).site?.links.menus).toEqual([]);
  });

  it('puts a WORKBENCH_URL path outside /plugins/ on the host origin, and refuses it without one', () => {
    expect(
      loadConfig({ WORKBENCH_URL: '/app', SITE_HOST_ORIGIN: 'https://design.example.com' }).site
        ?.workbenchUrl,
    ).toBe('https://design.example.com/app');
    expect(loadConfig({ WORKBENCH_URL: '/plugins/my-plugins' }).site?.workbenchUrl).toBe(
      '/plugins/my-plugins',
    );
    expect(() => loadConfig({ WORKBENCH_URL: '/app' })).toThrow(
      /WORKBENCH_URL: "\/app" is a path this server does not serve/,
    );
    // Hidden on a deployment without login: nothing to refuse.
    expect(
      loadConfig({ SITE_VARIANT: 'private', PRIVATE_DEPLOYMENT_TYPE: 'hwdc', WORKBENCH_URL: '/app' }).site
        ?.workbenchUrl,
    ).toBeNull();
  });

  it('reads a custom menu file, resolving its paths against the host origin', async () => {
    const path = await file('menus.json', {
      products: [
        { label: 'Plugins', href: '/plugins/' },
        { label: { 'zh-CN': '白板', 'en-US': 'Whiteboard' }, href: '/board/' },
      ],
      hotPicks: [{ label: 'Icons', href: 'https://cdn.example.com/icons?x=1' }],
      pricing: { label: 'Plans', href: '/plans' },
    });
    const links = loadConfig({
      SITE_HEADER_MENU_FILE: path,
      SITE_HOST_ORIGIN: 'https://design.example.com',
    }).site?.links;
    expect(links?.custom).toEqual({
      products: [
        { label: 'Plugins', href: '/plugins/' },
        { label: { 'zh-CN': '白板', 'en-US': 'Whiteboard' }, href: 'https://design.example.com/board/' },
      ],
      hotPicks: [{ label: 'Icons', href: 'https://cdn.example.com/icons?x=1' }],
      pricing: { label: 'Plans', href: 'https://design.example.com/plans' },
    });
    expect(() => loadConfig({ SITE_HEADER_MENU_FILE: path })).toThrow(
      /SITE_HEADER_MENU_FILE: "\/board\/" is a path this server does not serve/,
    );
  });

  it.each([
    ['SITE_HOST_ORIGIN', 'design.example.com'],
    ['SITE_HOST_ORIGIN', 'https://design.example.com/path'],
    ['SITE_HOST_ORIGIN', 'https://a.example, https://b.example'],
    ['SITE_HOST_ORIGIN', 'javascript:alert(1)'],
    ['SITE_HOST_ORIGIN', 'https://user:pw@design.example.com'],
    ['SITE_HEADER_MENUS', 'products,footer'],
    ['SITE_HEADER_MENUS', 'products\u0000'],
    ['WORKBENCH_URL', '//evil.example/app'],
  ])('refuses %s=%j', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '[]'],
    ['an unknown menu', { footer: [] }],
    ['a menu that is not an array', { products: { label: 'x', href: '/plugins/' } }],
    ['too many links', { help: Array.from({ length: 21 }, () => ({ label: 'x', href: '/plugins/' })) }],
    ['a link with another field', { help: [{ label: 'x', href: '/plugins/', target: '_blank' }] }],
    ['an empty label', { help: [{ label: ' ', href: '/plugins/' }] }],
    ['a label with a NUL', { help: [{ label: 'a\u0000b', href: '/plugins/' }] }],
    ['a huge label', { help: [{ label: 'x'.repeat(101), href: '/plugins/' }] }],
    ['a label of an unknown locale', { help: [{ label: { fr: 'Aide' }, href: '/plugins/' }] }],
    ['a label of the wrong type', { help: [{ label: 42, href: '/plugins/' }] }],
    ['a javascript: address', { help: [{ label: 'x', href: 'javascript:alert(1)' }] }],
    ['a protocol-relative address', { help: [{ label: 'x', href: '//evil.example/' }] }],
    ['an address of the wrong type', { pricing: { label: 'x', href: 7 } }],
    ['a file over 64 KiB', `{"help":[],"x":"${'x'.repeat(70_000)}"}`],
  ])('refuses a menu file with %s', async (name, content) => {
    const path = await file(`${name.replaceAll(' ', '-')}.json`, content);
    expect(() =>
      loadConfig({ SITE_HEADER_MENU_FILE: path, SITE_HOST_ORIGIN: 'https://design.example.com' }),
    ).toThrow(/^SITE_HEADER_MENU_FILE: /);
  });

  it('refuses a menu file that cannot be read', () => {
    expect(() => loadConfig({ SITE_HEADER_MENU_FILE: join(dir, 'missing.json') })).toThrow(
      /SITE_HEADER_MENU_FILE: cannot read/,
    );
  });
});
