/**
 * `parseSiteConfig`: the site configuration meta the server writes into index.html is
 * read field by field, and a hostile or broken one never throws nor lets a bad value through.
 */
import { DEFAULT_SITE_CONFIG, SITE_CONFIG_META } from '@plugin-center/contract';
import { describe, expect, it } from 'vitest';
import { parseSiteConfig, readSiteConfig } from './site';

const json = (value: unknown) => JSON.stringify(value);

describe('parseSiteConfig', () => {
  it('reads a valid configuration as given', () => {
    const config = {
      variant: 'private',
      deploymentType: 'hwdc',
      locales: ['ja-JP', 'en-US'],
      workbenchUrl: null,
      cookieConsent: true,
      showLogin: false,
      signInUrl: 'https://design.example.com/sign-in',
      product: 'acme-design',
      links: {
        hostOrigin: 'https://design.example.com',
        menus: ['products', 'help'],
        custom: {
          products: [{ label: { 'zh-CN': '插件', 'en-US': 'Plugins' }, href: '/plugins/' }],
          pricing: { label: 'Plans', href: 'https://design.example.com/plans' },
        },
      },
      analyticsProject: 'oversea_production',
    };
    expect(parseSiteConfig(json(config))).toEqual(config);
    expect(
      parseSiteConfig(json({ variant: 'overseas', workbenchUrl: 'https://design.example.com/app?x=1' })),
    ).toMatchObject({ variant: 'overseas', workbenchUrl: 'https://design.example.com/app?x=1' });
    expect(parseSiteConfig(json({ workbenchUrl: '/app' })).workbenchUrl).toBe('/app');
  });

  it('keeps only the fitting parts of the header links', () => {
    const links = parseSiteConfig(
      json({
        links: {
          hostOrigin: 'javascript:alert(1)//',
          menus: ['products', 'footer', 7, 'products'],
          custom: {
            help: [
              { label: 'ok', href: '/plugins/' },
              { label: 'x', href: 'javascript:alert(1)' },
              { label: 'x', href: '//evil.example/' },
              { label: '', href: '/plugins/' },
              { label: { fr: 'Aide' }, href: '/plugins/' },
              null,
            ],
            pricing: { label: 42, href: '/plugins/' },
          },
        },
      }),
    ).links;
    expect(links).toEqual({
      hostOrigin: null,
      menus: ['products'],
      custom: { help: [{ label: 'ok', href: '/plugins/' }] },
    });
    expect(parseSiteConfig(json({ links: 'all' })).links).toEqual(DEFAULT_SITE_CONFIG.links);
  });

  it.each([
    ['no meta', null],
    ['empty', ''],
    ['bad JSON', '{"variant": "overseas"'],
    ['NUL bytes', '\u0000{"variant":"overseas"}\u0000'],
    ['an array', '["overseas"]'],
    ['a string', '"overseas"'],
    ['a number', '42'],
    ['null', 'null'],
    ['100k characters', `{"variant":"${'o'.repeat(100_000)}"}`],
  ])('takes the domestic defaults for %s', (_name, content) => {
    expect(parseSiteConfig(content)).toEqual(DEFAULT_SITE_CONFIG);
  });

  it('replaces each wrong field by its default, keeping the right ones', () => {
    expect(
      parseSiteConfig(
        json({
          variant: 'intranet',
          deploymentType: 'hwdc',
          locales: 'en-US',
          workbenchUrl: 42,
          cookieConsent: 'yes',
          showLogin: 1,
          product: { name: 'acme' },
          analyticsProject: ['production'],
        }),
      ),
    ).toEqual(DEFAULT_SITE_CONFIG);
    // A deployment type means something only on a private deployment.
    expect(parseSiteConfig(json({ variant: 'overseas', deploymentType: 'hwdc' })).deploymentType).toBeNull();
    expect(parseSiteConfig(json({ variant: 'private', deploymentType: 'aws' })).deploymentType).toBeNull();
  });

  it('keeps only known locales, once each, in order; none known → the default locales', () => {
    expect(
      parseSiteConfig(json({ locales: ['fr-FR', 'ko-KR', 7, null, 'ko-KR', 'en-US', 'x'.repeat(100_000)] }))
        .locales,
    ).toEqual(['ko-KR', 'en-US']);
    expect(parseSiteConfig(json({ locales: ['fr-FR', 'de-DE'] })).locales).toEqual(
      DEFAULT_SITE_CONFIG.locales,
    );
    expect(parseSiteConfig(json({ locales: [] })).locales).toEqual(DEFAULT_SITE_CONFIG.locales);
    const many = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? 'es-ES' : 'zz'));
    expect(parseSiteConfig(json({ locales: many })).locales).toEqual(['es-ES']);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/app',
    'app',
    'https://exa mple.com',
    `/${'a'.repeat(100_000)}`,
    '',
  ])('drops the workbench URL and the sign-in page %j', (href) => {
    expect(parseSiteConfig(json({ workbenchUrl: href })).workbenchUrl).toBeNull();
    expect(parseSiteConfig(json({ signInUrl: href })).signInUrl).toBeNull();
  });

  it('carries a closed sign-up (showSignUp false) only while login is shown', () => {
    expect(parseSiteConfig(json({ showLogin: true, showSignUp: false })).showSignUp).toBe(false);
    expect(parseSiteConfig(json({ showLogin: true, showSignUp: true }))).not.toHaveProperty('showSignUp');
    expect(parseSiteConfig(json({ showLogin: true, showSignUp: 'no' }))).not.toHaveProperty('showSignUp');
    expect(parseSiteConfig(json({ showLogin: false, showSignUp: false }))).not.toHaveProperty('showSignUp');
  });

  it('hides the workbench with login (showLogin false)', () => {
    expect(parseSiteConfig(json({ showLogin: false, workbenchUrl: '/app' }))).toMatchObject({
      showLogin: false,
      workbenchUrl: null,
    });
  });

  it.each(['../admin', 'Pixso', '-pixso', 'a'.repeat(41), 'pix so', '', 'x'.repeat(100_000)])(
    'drops the product slug %j',
    (product) => {
      expect(parseSiteConfig(json({ product })).product).toBe(DEFAULT_SITE_CONFIG.product);
    },
  );

  it.each(['', 'pro duction', 'a\u0000b', 'x'.repeat(65), 42, null])(
    'takes the test project for the collector project %j',
    (analyticsProject) => {
      expect(parseSiteConfig(json({ analyticsProject })).analyticsProject).toBe('default');
    },
  );

  it('readSiteConfig reads the meta of a document', () => {
    const doc = document.implementation.createHTMLDocument('t');
    const meta = doc.createElement('meta');
    meta.name = SITE_CONFIG_META;
    meta.content = json({ variant: 'overseas', locales: ['en-US', 'es-ES'] });
    doc.head.append(meta);
    expect(readSiteConfig(doc)).toMatchObject({ variant: 'overseas', locales: ['en-US', 'es-ES'] });
    expect(readSiteConfig(document.implementation.createHTMLDocument('none'))).toEqual(DEFAULT_SITE_CONFIG);
    expect(readSiteConfig(undefined)).toEqual(DEFAULT_SITE_CONFIG);
  });
});
