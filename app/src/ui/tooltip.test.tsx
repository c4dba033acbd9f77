import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './constants';
import { Tooltip, TooltipProvider } from './Tooltip';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const hover = (el: Element) => {
  fireEvent.pointerEnter(el, { pointerType: 'mouse' });
  fireEvent.pointerMove(el, { pointerType: 'mouse' });
};
/** The pointer leaves the trigger and moves away (Radix keeps a hoverable tooltip open over the gap to it). */
const leave = (el: Element) => {
  fireEvent.pointerLeave(el, { pointerType: 'mouse', clientX: 0, clientY: 0 });
  fireEvent.pointerMove(document.body, { pointerType: 'mouse', clientX: 900, clientY: 900 });
};
const tip = () => document.querySelector<HTMLElement>('.ui-tooltip');

describe('Tooltip (SPEC §9)', () => {
  it('opens 500 ms after the pointer rests on its trigger, at most 350 px wide, at z-index 9999, placed top-end 10 px away', () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="复制链接">
        <button type="button">share</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'share' });
    hover(trigger);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(tip()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const content = tip() as HTMLElement;
    expect(content.textContent).toContain('复制链接');
    expect(content.getAttribute('data-state')).toBe('delayed-open');
    expect(content.style.maxWidth).toBe('350px');
    expect(content.style.zIndex).toBe('9999');
    expect(content.style.getPropertyValue('--ui-tooltip-enter')).toBe('300ms');
    expect(content.style.getPropertyValue('--ui-tooltip-leave')).toBe('250ms');
    expect(content.getAttribute('data-side')).toBe('top');
    expect(content.getAttribute('data-align')).toBe('end');
    // The trigger is described by the tooltip (WAI-ARIA tooltip pattern).
    expect(screen.getByRole('tooltip').textContent).toBe('复制链接');
    expect(trigger.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('opens at once on keyboard focus and closes on Escape', () => {
    render(
      <Tooltip content="帮助">
        <button type="button">help</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'help' });
    fireEvent.focus(trigger);
    expect(tip()?.getAttribute('data-state')).toBe('instant-open');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('skips the delay for another trigger within 100 ms of a tooltip closing, not after', () => {
    vi.useFakeTimers();
    render(
      <TooltipProvider>
        <Tooltip content="A">
          <button type="button">a</button>
        </Tooltip>
        <Tooltip content="B">
          <button type="button">b</button>
        </Tooltip>
        <Tooltip content="C">
          <button type="button">c</button>
        </Tooltip>
      </TooltipProvider>,
    );
    const [a, b, c] = screen.getAllByRole('button');
    hover(a as Element);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip').textContent).toBe('A');
    leave(a as Element);
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 10));
    hover(b as Element);
    expect(screen.getByRole('tooltip').textContent).toBe('B');
    leave(b as Element);
    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 10));
    hover(c as Element);
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole('tooltip').textContent).toBe('C');
  });

  it('shows rich content as markup, and a string as text (never parsed as HTML)', () => {
    const { unmount } = render(
      <Tooltip
        defaultOpen
        content={
          <>
            <strong>粗体</strong> 说明
          </>
        }
      >
        <button type="button">rich</button>
      </Tooltip>,
    );
    expect(tip()?.querySelector('strong')?.textContent).toBe('粗体');
    unmount();
    render(
      <Tooltip defaultOpen content={'<img src=x onerror="alert(1)"><b>x</b>'}>
        <button type="button">text</button>
      </Tooltip>,
    );
    expect(tip()?.querySelector('img, b')).toBeNull();
    expect(screen.getByRole('tooltip').textContent).toBe('<img src=x onerror="alert(1)"><b>x</b>');
  });
});
