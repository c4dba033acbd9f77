import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextInput } from './Field';
import { FormField, fieldControlProps } from './FormField';

afterEach(cleanup);

const texts = () => [...document.querySelectorAll('.publish-field p')].map((p) => [p.id, p.textContent]);

describe('FormField: label, control, hint and error', () => {
  it('labels the control, marks it required, and by default shows the error in the hint’s place', () => {
    const { rerender } = render(
      <FormField id="f" label="名称" required requiredTitle="必填" hint="最多 20 字">
        <TextInput id="f" />
      </FormField>,
    );
    expect(screen.getByLabelText('名称 *').id).toBe('f');
    expect(screen.getByTitle('必填').textContent).toBe(' *');
    expect(texts()).toEqual([['f-hint', '最多 20 字']]);
    rerender(
      <FormField id="f" label="名称" hint="最多 20 字" error="请输入名称">
        <TextInput id="f" />
      </FormField>,
    );
    expect(texts()).toEqual([['f-error', '请输入名称']]);
    expect(document.querySelector('.publish-field')?.hasAttribute('data-invalid')).toBe(true);
  });

  it('keeps the hint above the error with keepHint, in the hint class asked for', () => {
    render(
      <FormField
        id="g"
        label="简介"
        hint="一句话"
        error="太长"
        keepHint
        hintClassName="state-hint publish-hint"
      >
        <TextInput id="g" />
      </FormField>,
    );
    expect(texts()).toEqual([
      ['g-hint', '一句话'],
      ['g-error', '太长'],
    ]);
    expect(document.getElementById('g-hint')?.className).toBe('state-hint publish-hint');
  });
});

describe('fieldControlProps: the control names what its FormField shows', () => {
  it('points at the hint until there is an error, then at the error alone', () => {
    expect(fieldControlProps('f', { hint: 'Hint' })).toEqual({
      id: 'f',
      'aria-invalid': undefined,
      'aria-describedby': 'f-hint',
    });
    expect(fieldControlProps('f', { hint: 'Hint', error: 'Wrong' })).toEqual({
      id: 'f',
      'aria-invalid': true,
      'aria-describedby': 'f-error',
    });
  });

  it('names both with keepHint, and nothing without a hint or an error', () => {
    expect(fieldControlProps('f', { hint: 'Hint', error: 'Wrong', keepHint: true })['aria-describedby']).toBe(
      'f-hint f-error',
    );
    expect(fieldControlProps('f', { error: '' })).toEqual({
      id: 'f',
      'aria-invalid': undefined,
      'aria-describedby': undefined,
    });
  });

  it('matches the ids FormField renders', () => {
    render(
      <FormField id="g" label="Name" hint="Hint" error="Wrong">
        <TextInput {...fieldControlProps('g', { hint: 'Hint', error: 'Wrong' })} />
      </FormField>,
    );
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-describedby')).toBe('g-error');
    expect(document.getElementById('g-error')?.textContent).toBe('Wrong');
  });
});
