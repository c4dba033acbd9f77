import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from '../components/SiteFooter';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE,
  CONSENT_VERSION,
  createConsentStore,
  marketingAllowed,
  parseConsent,
} from './consentStore';

afterEach(cleanup);

/** A cookie jar standing in for `document.cookie`: keeps name=value, records every line written. */
function jar(initial = '') {
  const cookies = new Map<string, string>();
  for (const pair of initial.split('; ').filter(Boolean)) {
    const i = pair.indexOf('=');
    cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    },
  };
}

describe('the consent cookie', () => {
  it('parses its own value, and nothing else (another version, hostile text) as no choice', () => {
    expect(parseConsent(`v=${CONSENT_VERSION}&marketing=1&at=1764140000`)).toEqual({
      marketing: true,
      at: 1764140000,
    });
    expect(parseConsent(`v=${CONSENT_VERSION}&marketing=0&at=5`)).toEqual({ marketing: false, at: 5 });
    for (const bad of [
      null,
      undefined,
      '',
      `v=${CONSENT_VERSION + 1}&marketing=1&at=1`, // a later policy: ask again
      'v=0&marketing=1',
      `v=${CONSENT_VERSION}&marketing=yes`,
      `v=${CONSENT_VERSION}&marketing=1\0`,
      '%E0%A4%A', // malformed escape
      encodeURIComponent(`v=${CONSENT_VERSION}&marketing=1&at=1`),
      `v=${CONSENT_VERSION}&marketing=1&at=NaN`,
      `v=${CONSENT_VERSION}&marketing=1&at=1;v=2`,
      `v=${CONSENT_VERSION}&marketing=1&x=${'a'.repeat(100_000)}`,
      42,
      { v: 1 },
    ])
      expect(parseConsent(bad)).toBeNull();
  });

  it('is written for a year, path /, SameSite=Lax, Secure on https, and read back by the next page', () => {
    const doc = jar('lang=en');
    const store = createConsentStore({ doc, required: true, secure: true, now: () => 1764140000_000 });
    expect(store.getSnapshot()).toEqual({ choice: null, required: true, settingsOpen: false });
    let changes = 0;
    store.subscribe(() => changes++);
    store.choose(false);
    expect(doc.writes).toEqual([
      `${CONSENT_COOKIE}=v=${CONSENT_VERSION}&marketing=0&at=1764140000; path=/; max-age=${CONSENT_MAX_AGE}; SameSite=Lax; Secure`,
    ]);
    expect(CONSENT_MAX_AGE).toBe(365 * 24 * 3600);
    expect(store.getSnapshot().choice).toEqual({ marketing: false, at: 1764140000 });
    expect(changes).toBe(1);
    // A reload: a new store over the same cookies.
    expect(createConsentStore({ doc, required: true }).getSnapshot().choice).toEqual({
      marketing: false,
      at: 1764140000,
    });
    // Plain http: no Secure attribute.
    const plain = jar();
    createConsentStore({ doc: plain, secure: false }).choose(true);
    expect(plain.writes[0]).toMatch(/; SameSite=Lax$/);
  });

  it('reads the cookie again on refresh() (a choice made in another tab)', () => {
    const doc = jar();
    const a = createConsentStore({ doc, required: true });
    const b = createConsentStore({ doc, required: true });
    a.choose(true);
    b.refresh();
    expect(b.getSnapshot().choice?.marketing).toBe(true);
  });

  it('allows marketing when accepted, or without a choice where the site asks for none', () => {
    const choice = (marketing: boolean) => ({ marketing, at: 1 });
    expect(marketingAllowed({ required: true, choice: null })).toBe(false);
    expect(marketingAllowed({ required: false, choice: null })).toBe(true);
    expect(marketingAllowed({ required: true, choice: choice(true) })).toBe(true);
    expect(marketingAllowed({ required: false, choice: choice(false) })).toBe(false);
  });
});

/** The footer of a page, with the notice where the site asks for consent. */
function footer(required: boolean, cookie = '') {
  const doc = jar(cookie);
  const store = createConsentStore({ doc, required });
  render(
    <MemoryRouter>
      <main id="main" tabIndex={-1} />
      <SiteFooter store={store} />
    </MemoryRouter>,
  );
  return { store, doc };
}

describe('the cookie notice (SPEC §1)', () => {
  it('shows a named, non-modal region with reject all, settings, accept all and the protocol link until a choice', async () => {
    const { store, doc } = footer(true);
    const notice = await screen.findByRole('region', { name: '我们使用 Cookie' });
    const buttons = within(notice).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['全部拒绝', '设置', '全部接受']);
    expect(within(notice).getByRole('link', { name: '用户协议' }).getAttribute('href')).toBe('/protocol');
    // Non-modal: the rest of the page is not hidden from assistive technology, nothing is trapped.
    expect(notice.closest('[aria-modal]')).toBeNull();
    expect(screen.getByRole('contentinfo').getAttribute('aria-hidden')).toBeNull();
    buttons[0]!.focus();
    expect(document.activeElement).toBe(buttons[0]);

    fireEvent.click(within(notice).getByRole('button', { name: '全部拒绝' }));
    expect(store.getSnapshot().choice?.marketing).toBe(false);
    expect(document.activeElement?.id).toBe('main'); // not lost with the notice
    expect(doc.cookie).toContain(`${CONSENT_COOKIE}=`);
    await waitFor(() => expect(screen.queryByRole('region', { name: '我们使用 Cookie' })).toBeNull());
  });

  it('accept all records marketing', async () => {
    const { store } = footer(true);
    fireEvent.click(await screen.findByRole('button', { name: '全部接受' }));
    expect(store.getSnapshot().choice?.marketing).toBe(true);
  });

  it('settings: necessary checked and disabled, marketing off until switched on, saved', async () => {
    const { store } = footer(true);
    const opener = await screen.findByRole('button', { name: '设置' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Cookie 设置' });
    const [necessary, marketing] = within(dialog).getAllByRole('switch') as HTMLInputElement[];
    expect(necessary!.checked).toBe(true);
    expect(necessary!.disabled).toBe(true);
    expect(within(dialog).getByText('始终启用')).toBeTruthy();
    expect(marketing!.checked).toBe(false);
    expect(marketing!.disabled).toBe(false);
    fireEvent.click(marketing!);
    expect(marketing!.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(store.getSnapshot()).toMatchObject({ choice: { marketing: true }, settingsOpen: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: '我们使用 Cookie' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe('main')); // the opener is gone
  });

  it('settings closed without saving (Escape) keep the notice and record nothing', async () => {
    const { store } = footer(true);
    fireEvent.click(await screen.findByRole('button', { name: '设置' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.getSnapshot()).toMatchObject({ choice: null, settingsOpen: false });
    expect(screen.getByRole('region', { name: '我们使用 Cookie' })).toBeTruthy();
  });

  it('where the site asks for no consent: no notice; the footer button opens the settings, marketing on, and a refusal is kept', async () => {
    const { store } = footer(false);
    const open = screen.getByRole('button', { name: 'Cookie 设置' });
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    expect(screen.queryByRole('region')).toBeNull();
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Cookie 设置' });
    const marketing = within(dialog).getAllByRole('switch')[1] as HTMLInputElement;
    expect(marketing.checked).toBe(true); // the tracker runs here until refused
    fireEvent.click(marketing);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(store.getSnapshot().choice?.marketing).toBe(false);
    expect(marketingAllowed(store.getSnapshot())).toBe(false);
    expect(screen.queryByRole('region')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open)); // focus restored to the opener
  });

  it('a choice made under another policy version shows the notice again', async () => {
    footer(true, `${CONSENT_COOKIE}=v=${CONSENT_VERSION - 1}&marketing=1&at=1`);
    expect(await screen.findByRole('region', { name: '我们使用 Cookie' })).toBeTruthy();
  });
});
