import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Check, FileInput, Select, TextArea, TextInput } from './Field';

afterEach(cleanup);

describe('field controls: the native element with the one field look', () => {
  it('TextInput, TextArea and Select carry ui-field before the caller’s class; TextInput is text by default', () => {
    render(
      <>
        <TextInput aria-label="名称" className="extra" />
        <TextInput aria-label="搜索" type="search" />
        <TextArea aria-label="说明" />
        <Select aria-label="状态">
          <option>全部</option>
        </Select>
      </>,
    );
    const name = screen.getByRole('textbox', { name: '名称' }) as HTMLInputElement;
    expect(name.type).toBe('text');
    expect(name.className).toBe('ui-field extra');
    expect(screen.getByRole('searchbox', { name: '搜索' }).className).toBe('ui-field');
    expect(screen.getByRole('textbox', { name: '说明' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('combobox', { name: '状态' }).className).toBe('ui-field');
  });

  it('FileInput is a file chooser of class ui-file', () => {
    render(<FileInput aria-label="文件" accept=".zip" />);
    const file = screen.getByLabelText('文件') as HTMLInputElement;
    expect(file.type).toBe('file');
    expect(file.className).toBe('ui-file');
  });

  it('Check wraps a checkbox or radio in its label, the props on the input', () => {
    const change = vi.fn();
    render(
      <>
        <Check onChange={change}>新上架</Check>
        <Check type="radio" name="c" labelClassName="bo-swatch">
          蓝色
        </Check>
      </>,
    );
    const box = screen.getByRole('checkbox', { name: '新上架' });
    expect(box.closest('label')?.className).toBe('ui-check');
    fireEvent.click(box);
    expect(change).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('radio', { name: '蓝色' }).closest('label')?.className).toBe('bo-swatch');
  });
});
