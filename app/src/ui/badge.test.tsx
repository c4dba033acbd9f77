import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Badge, badgeText } from './Badge';

afterEach(cleanup);

describe('badgeText (SPEC §5, §9: max 99 then "99+")', () => {
  it('shows counts up to 99, then 99+', () => {
    expect([1, 9, 98, 99, 100, 1234, Number.POSITIVE_INFINITY].map((n) => badgeText(n))).toEqual([
      '1',
      '9',
      '98',
      '99',
      '99+',
      '99+',
      '99+',
    ]);
  });

  it('hides 0 unless asked, treats negatives as 0 and rounds fractions down', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(0, 99, true)).toBe('0');
    expect(badgeText(-5)).toBeNull();
    expect(badgeText(-5, 99, true)).toBe('0');
    expect(badgeText(3.9)).toBe('3');
  });

  it('handles input that is not a count: numeric strings count, anything else shows nothing', () => {
    expect(badgeText('7')).toBe('7');
    expect(badgeText('150')).toBe('99+');
    for (const bad of [
      Number.NaN,
      'abc',
      '',
      '1e3',
      '\u0000',
      'x'.repeat(100_000),
      null,
      undefined,
      {},
      [],
      true,
    ]) {
      expect(badgeText(bad)).toBeNull();
    }
  });

  it('takes another max, and falls back to 99 for a max that is not a positive integer', () => {
    expect(badgeText(10, 9)).toBe('9+');
    expect(badgeText(100, 0)).toBe('99+');
    expect(badgeText(100, Number.NaN)).toBe('99+');
  });
});

describe('Badge', () => {
  it('renders the count on its children, with an accessible label when given', () => {
    render(
      <Badge count={120} label="120 条未读">
        <button type="button">消息</button>
      </Badge>,
    );
    const badge = document.querySelector('.ui-badge') as HTMLElement;
    expect(badge.dataset.state).toBe('visible');
    expect(badge.querySelector('[aria-hidden="true"]')?.textContent).toBe('99+');
    expect(screen.getByText('120 条未读')).toBeTruthy();
  });

  it('is hidden for 0 and for nonsense, standing alone without children', () => {
    const { rerender } = render(<Badge count={0} />);
    const badge = document.querySelector('.ui-badge') as HTMLElement;
    expect(badge.dataset.state).toBe('hidden');
    expect(badge.textContent).toBe('');
    rerender(<Badge count={'<script>' as unknown as number} />);
    expect(badge.dataset.state).toBe('hidden');
    rerender(<Badge count={0} showZero />);
    expect(badge.textContent).toBe('0');
    expect(badge.hasAttribute('data-standalone')).toBe(true);
  });
});
