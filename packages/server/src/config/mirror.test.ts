import { describe, expect, it } from 'vitest';
import { loadConfig } from './loadConfig';

describe('mirroring configuration', () => {
  it('is not a mirror without UPSTREAM_URL, and the feed is public without MIRROR_FEED_TOKEN', () => {
    const config = loadConfig({});
    expect(config.mirror).toBeUndefined();
    expect(config.mirrorFeedToken).toBeUndefined();
  });

  it('reads the upstream, its token, the allowlists and the interval', () => {
    const config = loadConfig({
      UPSTREAM_URL: ' https://plugins.example.com/ ',
      UPSTREAM_TOKEN: 'a'.repeat(32),
      MIRROR_ALLOW_KEYS: 'grid-builder-1a2b, ,Contrast-Pro',
      MIRROR_ALLOW_TAGS: 'layout,layout',
      MIRROR_ALLOW_PUBLISHERS: 'acme',
      MIRROR_PULL_MINUTES: '15',
      MIRROR_FEED_TOKEN: 'b'.repeat(16),
    });
    expect(config.mirror).toEqual({
      upstream: 'https://plugins.example.com',
      token: 'a'.repeat(32),
      allowKeys: ['grid-builder-1a2b', 'contrast-pro'],
      allowTags: ['layout'],
      allowPublishers: ['acme'],
      intervalMinutes: 15,
    });
    expect(config.mirrorFeedToken).toBe('b'.repeat(16));
    // An allowlist without an upstream: for bundle imports, no automatic pull.
    expect(loadConfig({ MIRROR_ALLOW_TAGS: 'layout' }).mirror).toEqual({
      upstream: undefined,
      token: undefined,
      allowKeys: [],
      allowTags: ['layout'],
      allowPublishers: [],
      intervalMinutes: 0,
    });
    expect(loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:8080' }).mirror).toMatchObject({
      allowKeys: [],
      intervalMinutes: 60,
    });
  });

  it('refuses bad values naming the variable', () => {
    const bad: Record<string, string>[] = [
      { UPSTREAM_URL: 'ftp://example.com' },
      { UPSTREAM_URL: 'https://example.com/path' },
      { UPSTREAM_URL: 'https://a.example,https://b.example' },
      { UPSTREAM_URL: 'https://example.com', UPSTREAM_TOKEN: 'short' },
      { UPSTREAM_TOKEN: 'a'.repeat(32) },
      { UPSTREAM_URL: 'https://example.com', MIRROR_ALLOW_KEYS: 'ok,bad key' },
      { UPSTREAM_URL: 'https://example.com', MIRROR_ALLOW_TAGS: 'nul\u0000' },
      { UPSTREAM_URL: 'https://example.com', MIRROR_PULL_MINUTES: '-1' },
      { UPSTREAM_URL: 'https://example.com', MIRROR_PULL_MINUTES: '99999999' },
      { MIRROR_FEED_TOKEN: 'x'.repeat(513) },
    ];
    for (const env of bad) {
      const variable = Object.keys(env).at(-1)!;
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(variable);
    }
  });
});
