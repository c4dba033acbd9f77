import { PluginEvent } from '@plugin-center/contract';
import type { SsoClient } from '@plugin-center/sso';
import { network } from '@plugin-center/test-fakes/analytics';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAnalytics, trackPluginEvent } from '../analytics';
import { createConsentStore } from './consentStore';

// The marketplace's tracker under the consent store: happy-dom's own cookies and
// localStorage, the network edge (`fetch`) faked.

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

const trackerCookie = () => document.cookie.includes('plugincenter2015jssdkcross=');
const trackerKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('pcsa_'));

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
