/**
 * The visitor's cookie-consent choice (SPEC §1 "cookie consent notice: reject all,
 * settings, accept all; strictly necessary always active, marketing optional"): a framework-free
 * store, kept in a strictly necessary first-party cookie, plus the tiny `useConsent` hook. The only
 * consent code in the square's first load: the notice and its settings dialog are lazily loaded.
 *
 * Categories: `necessary` (language, sign-in, this choice; always on) and `marketing` (the analytics
 * tracker, `@plugin-center/analytics`; optional).
 *
 * @packageDocumentation
 */
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from '../cookies';
import { site } from '../site';

/** Name of the cookie that keeps the choice. */
export const CONSENT_COOKIE = 'cookie_consent';
/**
 * Version of the cookie policy the choice was made under. A choice of another version counts as
 * none: raise it when the policy changes and every visitor is asked again.
 */
export const CONSENT_VERSION = 1;
/**
 * Id of the element the notice renders into: the app places it right after the skip link, so the
 * skip link stays the page's first link and the notice the next stop (WCAG 2.4.1; axe `region`).
 */
export const CONSENT_NOTICE_ROOT_ID = 'consent-notice-root';
/** How long the choice is kept, seconds: one year. */
export const CONSENT_MAX_AGE = 31_536_000;

/** The consent categories: `necessary` cannot be switched off. */
export const ConsentCategory = { NECESSARY: 'necessary', MARKETING: 'marketing' } as const;
export type ConsentCategory = (typeof ConsentCategory)[keyof typeof ConsentCategory];

/** A choice the visitor made. */
export interface ConsentChoice {
  /** Marketing (analytics) accepted. */
  readonly marketing: boolean;
  /** When it was made, seconds since the Unix epoch. */
  readonly at: number;
}

/** What the store holds (a new object on each change, for `useSyncExternalStore`). */
export interface ConsentSnapshot {
  /** The visitor's choice, or null while none was made (or it was made under another policy version). */
  readonly choice: ConsentChoice | null;
  /** Whether this site asks for consent (`site.cookieConsent`): the notice shows until a choice. */
  readonly required: boolean;
  /** Whether the settings dialog is open. */
  readonly settingsOpen: boolean;
}

/** The consent store (see {@link createConsentStore}). */
export interface ConsentStore {
  getSnapshot(): ConsentSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Records a choice: writes the cookie, closes the settings. */
  choose(marketing: boolean): void;
  /** Opens (true) or closes the settings dialog. */
  setSettingsOpen(open: boolean): void;
  /** Reads the cookie again (another tab may have changed it). */
  refresh(): void;
}

/**
 * Parses the consent cookie's value `v=<version>&marketing=<0|1>&at=<seconds>`: null when absent,
 * malformed (any hostile text, wrong type) or of another {@link CONSENT_VERSION}. Never throws.
 */
export function parseConsent(value: unknown): ConsentChoice | null {
  const m =
    typeof value === 'string' &&
    value.match(new RegExp(`^v=${CONSENT_VERSION}&marketing=([01])&at=(\\d{1,12})$`));
  return m ? { marketing: m[1] === '1', at: +m[2]! } : null;
}

/**
 * Whether the analytics tracker may run: the visitor accepted marketing; without a choice, only on a
 * site that does not ask for consent (`required` false: the tracker runs as it always has).
 */
export function marketingAllowed(s: Pick<ConsentSnapshot, 'choice' | 'required'>): boolean {
  return s.choice ? s.choice.marketing : !s.required;
}

/**
 * Creates the consent store over `doc.cookie`. The cookie: `cookie_consent`, path `/`, one year,
 * SameSite=Lax, Secure on https (strictly necessary: it only remembers this choice). Other tabs of
 * the site re-read the cookie when they become visible (a choice made meanwhile in another tab).
 *
 * @param o.required - whether the site asks for consent; default `site.cookieConsent`
 * @param o.doc - the document, default the global one
 * @param o.now - the clock, ms since the Unix epoch
 */
export function createConsentStore(
  o: {
    required?: boolean;
    doc?: Pick<Document, 'cookie'> & Partial<Pick<Document, 'addEventListener' | 'visibilityState'>>;
    secure?: boolean;
    now?: () => number;
  } = {},
): ConsentStore {
  const doc = o.doc ?? document;
  const secure = o.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
  const required = o.required ?? site.cookieConsent;
  const listeners = new Set<() => void>();
  const read = () => parseConsent(readCookie(doc.cookie, CONSENT_COOKIE));
  let snap: ConsentSnapshot = { choice: read(), required, settingsOpen: false };
  const set = (next: Partial<ConsentSnapshot>) => {
    snap = { ...snap, ...next };
    for (const l of listeners) l();
  };
  const refresh = () => {
    const choice = read();
    if (choice?.marketing !== snap.choice?.marketing || !choice !== !snap.choice) set({ choice });
  };
  doc.addEventListener?.('visibilitychange', () => doc.visibilityState === 'visible' && refresh());
  return {
    getSnapshot: () => snap,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    choose(marketing) {
      const at = Math.floor((o.now ?? Date.now)() / 1000);
      // `=` and `&` are cookie-value characters (RFC 6265 cookie-octet): written as they are.
      writeCookie(
        CONSENT_COOKIE,
        `v=${CONSENT_VERSION}&marketing=${marketing ? 1 : 0}&at=${at}`,
        CONSENT_MAX_AGE,
        {
          doc,
          secure,
        },
      );
      set({ choice: { marketing, at }, settingsOpen: false });
    },
    setSettingsOpen(open) {
      if (open !== snap.settingsOpen) set({ settingsOpen: open });
    },
    refresh,
  };
}

/** This page's consent store. */
export const consentStore: ConsentStore = createConsentStore();

/** The consent snapshot of `store` (default this page's), re-rendering on change (`useSyncExternalStore`). */
export function useConsent(store: ConsentStore = consentStore): ConsentSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
