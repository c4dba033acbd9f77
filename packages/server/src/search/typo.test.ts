import { describe, expect, it } from 'vitest';
import { allowedEdits, deletionVariants, editDistance, hasVariants } from './typo';

describe('typo tolerance', () => {
  it('allows edits by word length: none below 4, one from 4, two from 8', () => {
    expect([3, 4, 7, 8, 12].map(allowedEdits)).toEqual([0, 1, 1, 2, 2]);
  });

  it('counts insertions, deletions, substitutions and transpositions as one edit', () => {
    expect(editDistance('pexles', 'pexels', 2)).toBe(1);
    expect(editDistance('tokns', 'tokens', 2)).toBe(1);
    expect(editDistance('wirefame', 'wireframe', 2)).toBe(1);
    expect(editDistance('colr', 'color', 2)).toBe(1);
    expect(editDistance('anmation', 'animation', 2)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });

  it('meets a misspelling and its word through a shared deletion', () => {
    const typed = new Set(deletionVariants('anmation', 2));
    expect(deletionVariants('animation').some((v) => typed.has(v))).toBe(true);
    expect(deletionVariants('abc')).toEqual(['abc', 'bc', 'ac', 'ab']);
    expect(hasVariants('svg')).toBe(true);
    expect(hasVariants('图标')).toBe(false);
  });
});
