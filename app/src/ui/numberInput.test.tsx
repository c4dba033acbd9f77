import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { NUMBER_INPUT_REPEAT_MS } from './constants';
import { NumberInput, parseNumberText } from './NumberInput';

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await act(() => setLanguage('zh-CN'));
});

const field = () => screen.getByRole('spinbutton') as HTMLInputElement;
const plus = () => screen.getByRole('button', { name: '增加' }) as HTMLButtonElement;
const minus = () => screen.getByRole('button', { name: '减少' }) as HTMLButtonElement;
const hold = (button: HTMLElement) => fireEvent.pointerDown(button, { button: 0, pointerType: 'mouse' });
const release = (button: HTMLElement) => fireEvent.pointerUp(button, { button: 0, pointerType: 'mouse' });

/** A controlled number input that shows every value it is given. */
function Controlled({ onValue }: { onValue(v: number): void }) {
  const [value, setValue] = useState(2);
  return (
    <NumberInput
      aria-label="数量"
      value={value}
      onValueChange={(v) => {
        onValue(v);
        setValue(v);
      }}
    />
  );
}

describe('NumberInput (SPEC §5, §9)', () => {
  it('is a spinbutton from 0 to 10 by default, with labelled − and + buttons out of the tab order', () => {
    render(<NumberInput aria-label="数量" />);
    expect(field().value).toBe('0');
    expect(field().getAttribute('aria-valuemin')).toBe('0');
    expect(field().getAttribute('aria-valuemax')).toBe('10');
    expect(field().getAttribute('aria-valuenow')).toBe('0');
    expect(field().type).toBe('text');
    expect(field().inputMode).toBe('numeric');
    expect(plus().tabIndex).toBe(-1);
    expect(minus().disabled).toBe(true);
  });

  it('steps by 1 with the arrow keys, 10 with Page Up/Down, and Home/End go to min/max, never leaving the range', () => {
    render(<NumberInput aria-label="数量" defaultValue={5} />);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(field().value).toBe('6');
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().value).toBe('4');
    fireEvent.keyDown(field(), { key: 'PageUp' });
    expect(field().value).toBe('10');
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(field().getAttribute('aria-valuenow')).toBe('10');
    fireEvent.keyDown(field(), { key: 'Home' });
    expect(field().value).toBe('0');
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().value).toBe('0');
    fireEvent.keyDown(field(), { key: 'End' });
    expect(field().value).toBe('10');
  });

  it('repeats every 100 ms while + is held, and stops on release', () => {
    vi.useFakeTimers();
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    hold(plus());
    expect(field().value).toBe('3');
    act(() => vi.advanceTimersByTime(NUMBER_INPUT_REPEAT_MS - 1));
    expect(field().value).toBe('3');
    act(() => vi.advanceTimersByTime(1));
    expect(field().value).toBe('4');
    act(() => vi.advanceTimersByTime(2 * NUMBER_INPUT_REPEAT_MS));
    expect(field().value).toBe('6');
    expect(document.querySelector('.ui-number')?.getAttribute('data-state')).toBe('repeating');
    release(plus());
    act(() => vi.advanceTimersByTime(1000));
    expect(field().value).toBe('6');
    expect(onValue.mock.calls.map((c) => c[0])).toEqual([3, 4, 5, 6]);
    expect(document.querySelector('.ui-number')?.getAttribute('data-state')).toBe('idle');
  });

  it('stops repeating at the bound while still held', () => {
    vi.useFakeTimers();
    render(<NumberInput aria-label="数量" defaultValue={2} />);
    hold(minus());
    act(() => vi.advanceTimersByTime(10 * NUMBER_INPUT_REPEAT_MS));
    expect(field().value).toBe('0');
    expect(document.querySelector('.ui-number')?.getAttribute('data-state')).toBe('idle');
    expect(minus().disabled).toBe(true);
  });

  it('takes typed text that is a valid number in range on blur', () => {
    const onValueChange = vi.fn();
    render(<NumberInput aria-label="数量" defaultValue={3} onValueChange={onValueChange} />);
    fireEvent.change(field(), { target: { value: '7' } });
    expect(onValueChange).not.toHaveBeenCalled();
    fireEvent.blur(field());
    expect(field().value).toBe('7');
    expect(field().getAttribute('aria-valuenow')).toBe('7');
    expect(onValueChange).toHaveBeenCalledWith(7);
  });

  it.each([
    ['abc'],
    ['11'],
    ['-1'],
    ['1e1'],
    ['0x5'],
    [''],
    ['Infinity'],
    ['\u00005'],
    ['9'.repeat(100_000)],
  ])('reverts "%s" to the last valid value on blur', (typed) => {
    const onValueChange = vi.fn();
    render(<NumberInput aria-label="数量" defaultValue={4} onValueChange={onValueChange} />);
    fireEvent.change(field(), { target: { value: typed } });
    fireEvent.blur(field());
    expect(field().value).toBe('4');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('commits typed text on Enter and steps from it', () => {
    render(<NumberInput aria-label="数量" defaultValue={1} />);
    fireEvent.change(field(), { target: { value: '8' } });
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(field().value).toBe('9');
    fireEvent.change(field(), { target: { value: '2' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(field().getAttribute('aria-valuenow')).toBe('2');
  });

  it('clamps a value given from outside, and steps in decimals without float noise', () => {
    render(<NumberInput aria-label="a" value={50} />);
    expect(field().value).toBe('10');
    cleanup();
    render(<NumberInput aria-label="b" min={0} max={1} step={0.1} defaultValue={0.2} />);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    expect(field().value).toBe('0.3');
    expect(field().inputMode).toBe('decimal');
  });

  it('names its buttons in the current language', async () => {
    render(<NumberInput aria-label="n" />);
    await act(() => setLanguage('en-US'));
    expect(screen.getByRole('button', { name: 'Increase' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decrease' })).toBeTruthy();
  });
});

describe('parseNumberText', () => {
  it('takes plain decimals only', () => {
    expect(['3', ' 3 ', '-2.5', '+1', '.5', '4.'].map(parseNumberText)).toEqual([3, 3, -2.5, 1, 0.5, 4]);
    expect(['', '-', '1e3', '0x1', 'NaN', '1,000', '1 2'].map(parseNumberText)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
