import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { SLIDER_WARNINGS } from './constants';
import { clampSliderValue, Slider, sliderProblems } from './Slider';

let warn: MockInstance<(...args: unknown[]) => void>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  warn.mockRestore();
});

const thumb = () => screen.getByRole('slider');
const warnings = () => warn.mock.calls.map((call) => call[0]);

describe('Slider (SPEC §8, §9)', () => {
  it('defaults to 0..100 step 1 with a 10 px thumb, named by its label, without warnings', () => {
    render(<Slider label="音量" />);
    expect(thumb().getAttribute('aria-label')).toBe('音量');
    expect(thumb().getAttribute('aria-valuemin')).toBe('0');
    expect(thumb().getAttribute('aria-valuemax')).toBe('100');
    expect(thumb().getAttribute('aria-valuenow')).toBe('0');
    expect(
      (document.querySelector('.ui-slider') as HTMLElement).style.getPropertyValue('--ui-slider-thumb'),
    ).toBe('10px');
    expect(warnings()).toEqual([]);
  });

  it('moves with the keys of the WAI-ARIA slider pattern and reports the value', () => {
    const onValueChange = vi.fn();
    render(<Slider label="音量" defaultValue={50} onValueChange={onValueChange} />);
    fireEvent.keyDown(thumb(), { key: 'ArrowRight' });
    expect(thumb().getAttribute('aria-valuenow')).toBe('51');
    fireEvent.keyDown(thumb(), { key: 'End' });
    expect(thumb().getAttribute('aria-valuenow')).toBe('100');
    fireEvent.keyDown(thumb(), { key: 'ArrowRight' });
    expect(thumb().getAttribute('aria-valuenow')).toBe('100');
    fireEvent.keyDown(thumb(), { key: 'Home' });
    expect(onValueChange.mock.calls.map((c) => c[0])).toEqual([51, 100, 0]);
  });

  it('warns "value should not be smaller than min" and clamps a value below min', () => {
    render(<Slider label="v" min={10} max={20} value={5} />);
    expect(warnings()).toEqual([SLIDER_WARNINGS.valueBelowMin]);
    expect(SLIDER_WARNINGS.valueBelowMin).toBe('value should not be smaller than min');
    expect(thumb().getAttribute('aria-valuenow')).toBe('10');
  });

  it('warns "value should not be greater than max" and clamps a value above max, once per value', () => {
    const { rerender } = render(<Slider label="v" value={150} />);
    rerender(<Slider label="v" value={150} />);
    expect(warnings()).toEqual([SLIDER_WARNINGS.valueAboveMax]);
    expect(SLIDER_WARNINGS.valueAboveMax).toBe('value should not be greater than max');
    expect(thumb().getAttribute('aria-valuenow')).toBe('100');
    rerender(<Slider label="v" value={50} />);
    expect(warnings()).toHaveLength(1);
  });

  it('warns "min should not be greater than max" for min >= max and shows the slider disabled at min', () => {
    render(<Slider label="v" min={50} max={10} />);
    expect(warnings()).toEqual([SLIDER_WARNINGS.minGreaterThanMax]);
    expect(SLIDER_WARNINGS.minGreaterThanMax).toBe('min should not be greater than max');
    expect(thumb().getAttribute('aria-valuenow')).toBe('50');
    expect(document.querySelector('.ui-slider')?.hasAttribute('data-disabled')).toBe(true);
    cleanup();
    warn.mockClear();
    render(<Slider label="v" min={5} max={5} />);
    expect(warnings()).toEqual([SLIDER_WARNINGS.minGreaterThanMax]);
  });

  it('warns about a step that is not positive (then steps by 1) or does not divide the range', () => {
    render(<Slider label="v" step={0} defaultValue={3} />);
    expect(warnings()).toEqual([SLIDER_WARNINGS.invalidStep]);
    fireEvent.keyDown(thumb(), { key: 'ArrowRight' });
    expect(thumb().getAttribute('aria-valuenow')).toBe('4');
    cleanup();
    warn.mockClear();
    render(<Slider label="v" step={30} />);
    expect(warnings()).toEqual([SLIDER_WARNINGS.invalidStep]);
    cleanup();
    warn.mockClear();
    render(<Slider label="v" step={25} />);
    render(<Slider label="v" min={0} max={1} step={0.1} />);
    expect(warnings()).toEqual([]);
  });
});

describe('sliderProblems and clampSliderValue', () => {
  it('survive hostile props', () => {
    expect(sliderProblems(Number.NaN, 'x', -1)).toEqual({
      warnings: [SLIDER_WARNINGS.invalidStep],
      min: 0,
      max: 100,
      step: 1,
      broken: false,
    });
    expect(clampSliderValue('7', 0, 10)).toEqual({ value: 0 });
    expect(clampSliderValue(Number.POSITIVE_INFINITY, 0, 10)).toEqual({ value: 0 });
    expect(clampSliderValue(-1, 0, 10)).toEqual({ value: 0, warning: SLIDER_WARNINGS.valueBelowMin });
  });
});
