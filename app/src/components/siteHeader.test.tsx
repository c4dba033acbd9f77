import { DEFAULT_SITE_CONFIG } from '@plugin-center/contract';
import { SsoClientProvider } from '@plugin-center/react';
import * as Dialog from '@radix-ui/react-dialog';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ROUTER_FUTURE } from '../routes';
import {
  ADMIN,
  DOMESTIC,
  HOST,
  hrefs,
  menuButton,
  OVERSEAS,
  PRIVATE_HWDC,
  renderWith,
  Stack,
  setUpHeaderTests,
  sso,
  VISITOR,
} from '../testing/header';
import {
  HEADER_CAROUSEL_INTERVAL_MS,
  HEADER_CAROUSEL_SLIDES,
  HEADER_SCROLLED_THRESHOLD_PX,
  TAG_BANNER_OFFSET_PX,
} from './header/constants';
import { HotPicks } from './header/HotPicks';
import { HOT_PICKS, headerLinks, headerMenuLinks, helpHref, pricingHref } from './header/links';
import { SiteHeader } from './SiteHeader';

setUpHeaderTests();

describe('header links per variant and language (SPEC §2)', () => {
  it('domestic: /price/, /help/ by language, /privatedeploy/, /{product}-enterprise/', () => {
    const zh = headerMenuLinks(DOMESTIC, 'zh-CN');
    expect(zh.products.map((l) => l.href)).toEqual([
      '/plugins/',
      '/prototype-design/',
      '/pixsoboard/',
      '/download/',
      '/pixso-enterprise/',
      '/teamversion/',
      '/education-version/',
      '/privatedeploy/',
    ]);
    expect(zh.resources.map((l) => l.href)).toEqual([
      '/community/home',
      '/community/home?classify=library',
      '/community/activity',
      '/recommend/',
    ]);
    expect(zh.help.map((l) => l.href)).toEqual(['/help/', '/contact-us/']);
    expect(pricingHref(DOMESTIC, 'zh-CN')).toBe('/price/');
    expect(pricingHref(DOMESTIC, 'en-US')).toBe('/price/');
    expect(headerMenuLinks({ ...DOMESTIC, product: 'acme' }, 'zh-CN').products[4]?.href).toBe(
      '/acme-enterprise/',
    );
  });

  it('help centre per language; Russian readers get the English one', () => {
    expect(['zh-CN', 'en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'].map((l) => helpHref(l as never))).toEqual([
      '/help/',
      '/help/en/',
      '/help/jp/',
      '/help/kr/',
      '/help/en/',
      '/help/es/',
    ]);
  });

  it('overseas: a pricing page per language and /private-deployment/; private: no private-deployment page', () => {
    expect(
      ['en-US', 'ja-JP', 'ko-KR', 'ru-RU', 'es-ES'].map((l) => pricingHref(OVERSEAS, l as never)),
    ).toEqual(['/price/en/', '/price/jp/', '/price/kr/', '/price/ru/', '/price/es/']);
    expect(headerMenuLinks(OVERSEAS, 'ja-JP').products.at(-1)?.href).toBe('/private-deployment/');
    expect(headerMenuLinks(OVERSEAS, 'ja-JP').help[0]?.href).toBe('/help/jp/');
    const privateLinks = headerMenuLinks(PRIVATE_HWDC, 'zh-CN').products.map((l) => l.href);
    expect(privateLinks).not.toContain('/privatedeploy/');
    expect(privateLinks).not.toContain('/private-deployment/');
  });

  it('renders the overseas menus in the current language with their links', async () => {
    renderWith(<SiteHeader config={OVERSEAS} />);
    expect((await screen.findByRole('link', { name: 'Pricing' })).getAttribute('href')).toBe(
      `${HOST}/price/en/`,
    );
    fireEvent.click(await menuButton('Help'));
    const help = document.getElementById(
      (await menuButton('Help')).getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    await within(help).findByRole('link', { name: 'Help center' });
    expect(hrefs(help)).toEqual([`${HOST}/help/en/`, `${HOST}/contact-us/`]);
  });
});

describe('header links on a self-hosted install (SITE_HOST_ORIGIN, SITE_HEADER_MENUS, SITE_HEADER_MENU_FILE)', () => {
  const hrefsOf = (config: typeof DOMESTIC) => {
    const links = headerLinks(config, 'en-US');
    return {
      products: links.menus.products.map((l) => l.href),
      resources: links.menus.resources.map((l) => l.href),
      help: links.menus.help.map((l) => l.href),
      hotPicks: links.hotPicks.map((l) => l.href),
      pricing: links.pricing?.href ?? null,
    };
  };

  it('without a host origin links only to the plugin square', async () => {
    expect(hrefsOf(DEFAULT_SITE_CONFIG)).toEqual({
      products: ['/plugins/'],
      resources: [],
      help: [],
      hotPicks: [],
      pricing: null,
    });
    renderWith(<SiteHeader config={DEFAULT_SITE_CONFIG} />);
    await menuButton('Products');
    expect(screen.queryByRole('button', { name: 'Resources' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pricing' })).toBeNull();
  });

  it("puts SPEC §2's paths on the host origin and leaves out the parts switched off", () => {
    const all = hrefsOf(DOMESTIC);
    expect(all.products[0]).toBe('/plugins/');
    expect(all.products.slice(1).every((h) => h.startsWith('https://design.example.com/'))).toBe(true);
    expect(all.pricing).toBe('https://design.example.com/price/');
    expect(all.hotPicks).toEqual(HOT_PICKS.map((p) => `https://design.example.com${p.href}`));
    const some = hrefsOf({ ...DOMESTIC, links: { ...DOMESTIC.links, menus: ['resources', 'help'] } });
    expect(some).toMatchObject({ products: [], hotPicks: [], pricing: null });
    expect(some.resources).toHaveLength(4);
  });

  it('shows a custom menu file instead, each label in the current language', () => {
    const links = headerLinks(
      {
        ...DOMESTIC,
        links: {
          ...DOMESTIC.links,
          custom: {
            products: [{ label: { 'zh-CN': '插件', 'en-US': 'Plugins' }, href: '/plugins/' }],
            help: [{ label: { 'ja-JP': 'ヘルプ' }, href: 'https://help.example.com/' }],
          },
        },
      },
      'en-US',
    );
    expect(links.menus.products).toEqual([{ key: 'products-0', label: 'Plugins', href: '/plugins/' }]);
    expect(links.menus.help[0]?.label).toBe('ヘルプ');
    expect(links.menus.resources).toEqual([]);
    expect(links.pricing).toBeNull();
  });
});

describe('product menus (disclosure, one at a time)', () => {
  it('opening one section closes the other; Escape closes it and gives focus back to its button', async () => {
    renderWith(<SiteHeader config={DOMESTIC} />);
    const products = await menuButton('Products');
    const resources = await menuButton('Resources');
    fireEvent.click(products);
    expect(products.getAttribute('aria-expanded')).toBe('true');
    const productsPanel = document.getElementById(
      products.getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    expect(productsPanel.hidden).toBe(false);
    await within(productsPanel).findByRole('link', { name: 'Download' });

    fireEvent.click(resources);
    expect(resources.getAttribute('aria-expanded')).toBe('true');
    expect(products.getAttribute('aria-expanded')).toBe('false');
    expect(productsPanel.hidden).toBe(true);

    const resourcesPanel = document.getElementById(
      resources.getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    const library = await within(resourcesPanel).findByRole('link', { name: 'Library' });
    library.focus();
    fireEvent.keyDown(library, { key: 'Escape' });
    expect(resources.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(resources);
  });

  it('a mouse hover opens a section and leaving closes it; the hovered resource menu shows the hot picks', async () => {
    renderWith(<SiteHeader config={DOMESTIC} />);
    const resources = await menuButton('Resources');
    const item = resources.closest('li') as HTMLElement;
    fireEvent.pointerEnter(item, { pointerType: 'mouse' });
    expect(resources.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('region', { name: 'Hot picks' })).toBeTruthy();
    // A click on the hovered button keeps it open (pinned) instead of closing it.
    fireEvent.click(resources);
    expect(resources.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerLeave(item, { pointerType: 'mouse' });
    expect(resources.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape belongs to a dialog on top, not to an open header menu (SPEC §2 topmost)', async () => {
    const onOpenChange = vi.fn();
    renderWith(
      <>
        <SiteHeader config={DOMESTIC} />
        <Dialog.Root open onOpenChange={onOpenChange}>
          <Dialog.Portal>
            <Dialog.Content aria-describedby={undefined}>
              <Dialog.Title>Confirm</Dialog.Title>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </>,
    );
    // The modal dialog hides the page from assistive technology (aria-hidden), hence `hidden`.
    const products = await screen.findByRole('button', { name: 'Products', hidden: true });
    // A hover opened it while the dialog was already there (no click reaches the page under a modal).
    fireEvent.pointerEnter(products.closest('li') as HTMLElement, { pointerType: 'mouse' });
    expect(products.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(products.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('Escape closes the topmost dialog only (SPEC §2)', () => {
  it('with a confirm dialog over a detail dialog, Escape closes just the confirm, then the detail', async () => {
    const closeDetail = vi.fn();
    const cancelConfirm = vi.fn();
    const stack = (confirm: boolean) => (
      <MemoryRouter future={ROUTER_FUTURE}>
        <SsoClientProvider client={sso(VISITOR)}>
          <Stack confirm={confirm} closeDetail={closeDetail} cancelConfirm={cancelConfirm} />
        </SsoClientProvider>
      </MemoryRouter>
    );
    // The detail first, then the confirm over it (as in the app: one after the other).
    const view = render(stack(false));
    await screen.findByRole('dialog', { name: 'Detail' });
    view.rerender(stack(true));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sure?' });
    fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(cancelConfirm).toHaveBeenCalledTimes(1);
    expect(closeDetail).not.toHaveBeenCalled();
    view.rerender(stack(false));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Detail' }), { key: 'Escape' });
    expect(closeDetail).toHaveBeenCalledTimes(1);
  });
});

describe('hot-picks carousel (SPEC §2, §9: 4 slides, 2 s)', () => {
  const current = () => screen.getByRole('group').getAttribute('aria-label');

  it('advances every 2000 ms while shown, stops for good on a manual selection', () => {
    vi.useFakeTimers();
    renderWith(<HotPicks />);
    expect(HOT_PICKS).toHaveLength(HEADER_CAROUSEL_SLIDES);
    expect(HEADER_CAROUSEL_INTERVAL_MS).toBe(2000);
    expect(current()).toBe('1 of 4');
    act(() => vi.advanceTimersByTime(1999));
    expect(current()).toBe('1 of 4');
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe('2 of 4');
    act(() => vi.advanceTimersByTime(2000));
    expect(current()).toBe('3 of 4');
    act(() => vi.advanceTimersByTime(2000));
    expect(current()).toBe('4 of 4');
    act(() => vi.advanceTimersByTime(2000));
    expect(current()).toBe('1 of 4'); // around

    fireEvent.click(screen.getByRole('button', { name: 'Show hot pick 3' }));
    expect(current()).toBe('3 of 4');
    expect(screen.getByRole('button', { name: 'Show hot pick 3' }).getAttribute('aria-pressed')).toBe('true');
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe('3 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next hot pick' }));
    expect(current()).toBe('4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next hot pick' }));
    expect(current()).toBe('1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Previous hot pick' }));
    expect(current()).toBe('4 of 4');
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe('4 of 4');
  });

  it('pauses while a link is hovered and goes on after', () => {
    vi.useFakeTimers();
    renderWith(<HotPicks />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(HOT_PICKS[0]?.href);
    fireEvent.pointerEnter(link);
    act(() => vi.advanceTimersByTime(6000));
    expect(current()).toBe('1 of 4');
    fireEvent.pointerLeave(screen.getByRole('link'));
    act(() => vi.advanceTimersByTime(2000));
    expect(current()).toBe('2 of 4');
    expect(screen.getByRole('link').getAttribute('href')).toBe(HOT_PICKS[1]?.href);
  });
});

describe('header states (SPEC §4)', () => {
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });

  it('scrolled at 20 px, tag banner when scroll + 40 reaches the banner, scroll-to-top after any scroll', async () => {
    const BANNER_PX = 300;
    const hero = document.createElement('div');
    const square = document.createElement('div');
    square.className = 'square';
    hero.className = 'hero';
    Object.defineProperty(hero, 'offsetHeight', { value: BANNER_PX });
    square.append(hero);
    document.body.append(square);
    const scrollSpy = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      await scrollTo(0);
      const { container } = renderWith(<SiteHeader config={DOMESTIC} />);
      const header = container.querySelector('header') as HTMLElement;
      // Hidden before any scroll, so not in the accessibility tree: found by its label.
      const toTop = await screen.findByLabelText('Back to top');
      expect(toTop.hidden).toBe(true);
      expect(header.hasAttribute('data-scrolled')).toBe(false);

      await scrollTo(1);
      expect(toTop.hidden).toBe(false);
      expect(header.hasAttribute('data-scrolled')).toBe(false);
      await scrollTo(HEADER_SCROLLED_THRESHOLD_PX - 1);
      expect(header.hasAttribute('data-scrolled')).toBe(false);
      await scrollTo(HEADER_SCROLLED_THRESHOLD_PX);
      expect(header.hasAttribute('data-scrolled')).toBe(true);
      await scrollTo(BANNER_PX - TAG_BANNER_OFFSET_PX - 1);
      expect(header.hasAttribute('data-tag-banner')).toBe(false);
      await scrollTo(BANNER_PX - TAG_BANNER_OFFSET_PX);
      expect(header.hasAttribute('data-tag-banner')).toBe(true);

      fireEvent.click(toTop);
      expect(scrollSpy).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
      expect(document.activeElement?.classList.contains('brand')).toBe(true);
      await scrollTo(0);
      expect(toTop.hidden).toBe(true);
      expect(header.hasAttribute('data-scrolled')).toBe(false);
      expect(header.hasAttribute('data-tag-banner')).toBe(false);
    } finally {
      square.remove();
      scrollSpy.mockRestore();
      await scrollTo(0);
    }
  });
});

describe('mobile panel', () => {
  it('the toggle opens a panel with the menus (one section at a time), the session links and the picker', async () => {
    renderWith(<SiteHeader config={DOMESTIC} />, ADMIN);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panelId = toggle.getAttribute('aria-controls') ?? '';
    const panel = await vi.waitFor(() => {
      const el = document.getElementById(panelId);
      if (!el?.querySelector('.session-panel')) throw new Error('panel not loaded');
      return el;
    });
    const inPanel = within(panel);
    expect(inPanel.getByRole('link', { name: 'My plugins’ data' }).getAttribute('href')).toBe(
      '/my-analytics',
    );
    expect(inPanel.getByRole('link', { name: /Management/ }).getAttribute('href')).toBe(
      '/plugins/backstage-index/audit-list',
    );
    expect(inPanel.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(inPanel.getByRole('combobox', { name: 'Language' })).toBeTruthy();

    const products = inPanel.getByRole('button', { name: 'Products' });
    const help = inPanel.getByRole('button', { name: 'Help' });
    fireEvent.click(products);
    expect(products.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(help);
    expect(help.getAttribute('aria-expanded')).toBe('true');
    expect(products.getAttribute('aria-expanded')).toBe('false');

    fireEvent.keyDown(help, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
