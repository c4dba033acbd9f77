/**
 * The conditional-GET helpers: strong tags from the answer's bytes, and `If-None-Match`
 * matched as RFC 9110 §13.1.2 says (a list, the weak comparison, `*`), nothing else matching.
 */
import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, strongEtag } from './etag';

describe('strongEtag', () => {
  it('is a quoted 128-bit base64url digest, equal for equal bytes and different for others', () => {
    const tag = strongEtag('{"code":0}');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(strongEtag(Buffer.from('{"code":0}'))).toBe(tag);
    expect(strongEtag('{"code":1}')).not.toBe(tag);
    expect(strongEtag('')).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  });
});

describe('ifNoneMatchHits', () => {
  const tag = '"abcDEF123_-"';
  it.each([
    [tag, true],
    [`W/${tag}`, true],
    [`"x", ${tag}`, true],
    [`"x",${tag},"y"`, true],
    ['*', true],
    [' * ', true],
    [[`"x"`, tag], true],
    [undefined, false],
    ['', false],
    ['"abcDEF123_"', false],
    ['abcDEF123_-', false],
    ['"ABCdef123_-"', false],
    ['W/', false],
    ['","', false],
    ['*, "x"', false],
    [`"${'a'.repeat(10_000)}"`, false],
    [`"\u0000${tag.slice(1)}`, false],
  ] as const)('%j → %s', (header, hits) => {
    expect(ifNoneMatchHits(header as string | string[] | undefined, tag)).toBe(hits);
  });
});
