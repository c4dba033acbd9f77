/**
 * The desktop bridge (SPEC §1): detection per action, a no-op outside the client, payloads
 * checked before the client sees them, and a throwing or rejecting host caught and logged once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callBridge,
  changeTheme,
  cleanOpenFilesRequest,
  cleanTitle,
  DESKTOP_BRIDGE_GLOBAL,
  type DesktopBridge,
  isDesktopClient,
  logOut,
  MAX_OPEN_FILES,
  MAX_TITLE_LENGTH,
  openFiles,
  setTitle,
  supports,
} from './bridge';

const globals = window as unknown as Record<string, unknown>;

/** A host like an Electron preload: every action records its argument. */
function installHost(actions: Partial<Record<keyof DesktopBridge, (arg?: unknown) => unknown>> = {}) {
  const calls: [string, unknown][] = [];
  const record = (name: string) => (arg?: unknown) => {
    calls.push([name, arg]);
  };
  globals[DESKTOP_BRIDGE_GLOBAL] = {
    openFiles: record('openFiles'),
    setTitle: record('setTitle'),
    logOut: record('logOut'),
    changeTheme: record('changeTheme'),
    ...actions,
  };
  return calls;
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  delete globals[DESKTOP_BRIDGE_GLOBAL];
  warn.mockRestore();
});

describe('outside the desktop client', () => {
  it('detects nothing and every action is a no-op that returns false', () => {
    expect(isDesktopClient()).toBe(false);
    expect(supports('setTitle')).toBe(false);
    expect(setTitle('Plugin square')).toBe(false);
    expect(openFiles()).toBe(false);
    expect(logOut()).toBe(false);
    expect(changeTheme('teal')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('ignores a global that is no object, and a global whose getter throws', () => {
    globals[DESKTOP_BRIDGE_GLOBAL] = 'pluginCenterDesktop';
    expect(isDesktopClient()).toBe(false);
    expect(setTitle('x')).toBe(false);
    Object.defineProperty(window, DESKTOP_BRIDGE_GLOBAL, {
      configurable: true,
      get() {
        throw new Error('hostile');
      },
    });
    expect(isDesktopClient()).toBe(false);
    expect(supports('logOut')).toBe(false);
    expect(logOut()).toBe(false);
  });
});

describe('inside the desktop client', () => {
  it('detects the client and each action it offers', () => {
    installHost({ openFiles: undefined });
    expect(isDesktopClient()).toBe(true);
    expect(supports('setTitle')).toBe(true);
    expect(supports('openFiles')).toBe(false);
  });

  it('calls each action as a method of the bridge with its checked payload', () => {
    const calls = installHost();
    const host = globals[DESKTOP_BRIDGE_GLOBAL] as Record<string, unknown>;
    let self: unknown;
    host.logOut = function (this: unknown) {
      self = this;
      calls.push(['logOut', undefined]);
    };
    expect(setTitle('  Protocol · Plugin Center ')).toBe(true);
    expect(logOut()).toBe(true);
    expect(changeTheme('teal')).toBe(true);
    expect(openFiles({ urls: ['/plugins/files/a.fig', 'https://cdn.example.com/b.fig'] })).toBe(true);
    expect(openFiles()).toBe(true);
    expect(self).toBe(host);
    expect(calls).toEqual([
      ['setTitle', 'Protocol · Plugin Center'],
      ['logOut', undefined],
      ['changeTheme', { topicColor: 'teal', accent: '#0d9488' }],
      ['openFiles', { urls: [`${location.origin}/plugins/files/a.fig`, 'https://cdn.example.com/b.fig'] }],
      ['openFiles', { urls: [] }],
    ]);
  });

  it('is a no-op for an action the client lacks', () => {
    const calls = installHost({ changeTheme: undefined });
    expect(changeTheme('teal')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('refuses invalid payloads without calling the client', () => {
    const calls = installHost();
    expect(setTitle('')).toBe(false);
    expect(setTitle(' \u0000\n\t ')).toBe(false);
    expect(setTitle(42 as unknown as string)).toBe(false);
    expect(changeTheme('chartreuse')).toBe(false);
    expect(changeTheme('__proto__')).toBe(false);
    expect(changeTheme({} as unknown as string)).toBe(false);
    expect(openFiles({ urls: ['javascript:alert(1)', 'file:///etc/passwd', 7 as unknown as string] })).toBe(
      false,
    );
    expect(openFiles({ urls: 'https://a.example/x' } as unknown as { urls: string[] })).toBe(false);
    expect(openFiles(null as unknown as { urls: string[] })).toBe(false);
    expect(calls).toEqual([]);
  });

  it('catches a throwing host and logs the first failure of each action once', () => {
    installHost({
      setTitle: () => {
        throw new Error('window gone');
      },
    });
    expect(() => setTitle('One')).not.toThrow();
    expect(() => setTitle('Two')).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('setTitle');
  });

  it('catches a host that returns a rejected promise', async () => {
    installHost({ logOut: () => Promise.reject(new Error('ipc closed')) });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      expect(logOut()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('callBridge reports whether the call was made', () => {
    installHost();
    expect(callBridge('logOut')).toBe(true);
    delete globals[DESKTOP_BRIDGE_GLOBAL];
    expect(callBridge('logOut')).toBe(false);
  });
});

describe('payload checks', () => {
  it('cleans a title: control characters and line breaks to one space, trimmed, capped without splitting a pair', () => {
    expect(cleanTitle('a\u0000b\r\n\u0085c  d')).toBe('a b c d');
    expect(cleanTitle('x'.repeat(100_000))).toHaveLength(MAX_TITLE_LENGTH);
    const emoji = `${'a'.repeat(MAX_TITLE_LENGTH - 1)}😀`;
    expect(cleanTitle(emoji)).toBe('a'.repeat(MAX_TITLE_LENGTH - 1));
    expect(cleanTitle(undefined)).toBe('');
  });

  it('keeps at most the first 20 good URLs, resolved against the page', () => {
    const urls = Array.from({ length: 30 }, (_, i) => `/plugins/f${i}`);
    const clean = cleanOpenFilesRequest(
      { urls: ['\u0000bad', `https://x.example/${'a'.repeat(3000)}`, ...urls] },
      'https://pc.example/plugins/',
    );
    expect(clean?.urls).toHaveLength(MAX_OPEN_FILES);
    expect(clean?.urls[0]).toBe('https://pc.example/plugins/f0');
    expect(cleanOpenFilesRequest({ urls: [] })).toEqual({ urls: [] });
  });
});
