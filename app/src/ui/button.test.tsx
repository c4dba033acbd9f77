import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { BUTTON_SIZES, BUTTON_VARIANTS, ICON_NAMES } from './constants';
import { Icon } from './Icon';

afterEach(cleanup);

describe('Button (SPEC §9 sizes and types)', () => {
  it('renders every size and type as data attributes of a native button of type button', () => {
    render(
      BUTTON_SIZES.flatMap((size) =>
        BUTTON_VARIANTS.map((variant) => (
          <Button key={`${size}-${variant}`} size={size} variant={variant}>
            {`${size}-${variant}`}
          </Button>
        )),
      ),
    );
    const buttons = screen.getAllByRole('button') as HTMLButtonElement[];
    expect(buttons).toHaveLength(15);
    expect(buttons.map((b) => `${b.dataset.size}-${b.dataset.variant}`)).toEqual(
      buttons.map((b) => b.textContent),
    );
    expect(buttons.every((b) => b.type === 'button')).toBe(true);
  });

  it('ignores clicks while loading (busy, still focusable) and while disabled', () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button loading onClick={onClick}>
        保存
      </Button>,
    );
    const button = screen.getByRole('button', { name: '保存' }) as HTMLButtonElement;
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.dataset.state).toBe('loading');
    expect(button.disabled).toBe(false);
    expect(button.querySelector('svg')?.getAttribute('data-icon')).toBe('loading');
    rerender(
      <Button disabled onClick={onClick}>
        保存
      </Button>,
    );
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>保存</Button>);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });
});

describe('Icon (SPEC §9 icon set)', () => {
  it('draws each of the eight icons, decorative', () => {
    render(ICON_NAMES.map((name) => <Icon key={name} name={name} />));
    const svgs = [...document.querySelectorAll('svg')];
    expect(svgs.map((s) => s.getAttribute('data-icon'))).toEqual([...ICON_NAMES]);
    expect(svgs.every((s) => s.getAttribute('aria-hidden') === 'true' && s.childElementCount > 0)).toBe(true);
    expect(svgs.filter((s) => s.hasAttribute('data-spin')).map((s) => s.getAttribute('data-icon'))).toEqual([
      'loading',
      'fontloading',
    ]);
  });
});
