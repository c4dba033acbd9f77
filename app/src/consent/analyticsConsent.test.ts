import { PluginEvent } from '@plugin-center/contract';
import type { SsoClient } from '@plugin-center/sso';
import { LOGIN_RECORD_KEY } from '@plugin-center/sso';
import { network } from '@plugin-center/test-fakes/analytics';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAnalytics, trackPluginEvent } from '../analytics';
import { readCatalog } from '../i18n/catalog';
import { LANG_COOKIE } from '../i18n/i18n';
import { CONSENT_COOKIE, createConsentStore } from './consentStore';

// The marketplace's tracker under the consent store: happy-dom's own cookies and
// localStorage, the network edge (`fetch`) faked. The terms page names exactly what the tracker
// and the strictly necessary storage write.

const net = network();
const session = {
  getSnapshot: () => ({ status: 'signed-out', user: null }),
  subscribe: () => () => {},
  onSignOut: () => () => {},
} as unknown as SsoClient;

beforeAll(() => {
  vi.stubGlobal('fetch', net.fetch);
  navigator.sendBeacon = () => true;
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const TRACKER_COOKIE = 'plugincenter2015jssdkcross';
const trackerCookie = () => document.cookie.includes(`${TRACKER_COOKIE}=`);
const trackerKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('pcsa_'));

describe('the terms page', () => {
  it('names the strictly necessary cookies and the login record in every language', () => {
    const necessary = [LANG_COOKIE, CONSENT_COOKIE, LOGIN_RECORD_KEY];
    const unnamed = Object.entries(readCatalog().translation).flatMap(([locale, texts]) =>
      necessary
        .filter((name) => !String(texts?.['protocol.privacy']).includes(name))
        .map((n) => `${locale}: ${n}`),
    );
    expect(unnamed).toEqual([]);
  });
});

describe('the tracker under cookie consent', () => {
  it('starts only after marketing is accepted, and a refusal stops it and clears its storage', async () => {
    const store = createConsentStore({ required: true });
    const stop = startAnalytics(session, store);
    trackPluginEvent(PluginEvent.VIEW, 'k1'); // before consent: dropped
    await new Promise((r) => setTimeout(r, 50));
    expect(net.requests).toEqual([]);
    expect(trackerCookie()).toBe(false);
    expect(trackerKeys()).toEqual([]);

    store.choose(true);
    await vi.waitFor(() => expect(trackerCookie()).toBe(true), { timeout: 5000 });
    trackPluginEvent(PluginEvent.INSTALL, 'k2');
    await vi.waitFor(async () => {
      const events = (await net.records()).map((r) => r.event);
      expect(events).toContain('$pageview');
      expect(events).toContain('PluginInstall');
    });
    expect((await net.records()).map((r) => r.event)).not.toContain('PluginView');
    expect(trackerKeys().length).toBeGreaterThan(0);
    // The terms page names, in every language, exactly what accepting created: the tracker's cookie
    // and each storage entry (one per open page for `pcsa_pageleave-<page id>`, named `pcsa_pageleave-…`).
    const created = [TRACKER_COOKIE, ...trackerKeys().map((k) => k.replace(/-\d+$/, '-…'))];
    const unnamed = Object.entries(readCatalog().translation).flatMap(([locale, texts]) =>
      created
        .filter((name) => !String(texts?.['protocol.analytics']).includes(`${name}`))
        .map((n) => `${locale}: ${n}`),
    );
    expect(unnamed).toEqual([]);

    store.choose(false);
    await vi.waitFor(() => expect(trackerCookie()).toBe(false));
    expect(trackerKeys()).toEqual([]);
    const sent = net.requests.length;
    trackPluginEvent(PluginEvent.INSTALL, 'k3');
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((r) => setTimeout(r, 50));
    expect(net.requests.length).toBe(sent);
    expect(trackerCookie()).toBe(false);

    // Accepted again: starts afresh.
    store.choose(true);
    await vi.waitFor(() => expect(trackerCookie()).toBe(true));
    stop();
    store.choose(false); // no longer followed
    expect(trackerCookie()).toBe(true);
  });
});
