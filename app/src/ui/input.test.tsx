import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { Input } from './Input';
import { PasswordInput } from './PasswordInput';
import { SearchInput } from './SearchInput';

afterEach(async () => {
  cleanup();
  await act(() => setLanguage('zh-CN'));
});

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Input (SPEC §5: maxlength and error text)', () => {
  it('counts characters against maxLength as the person types, the counter linked to the field', () => {
    render(<Input label="名称" maxLength={10} />);
    const field = screen.getByRole('textbox', { name: '名称' }) as HTMLInputElement;
    expect(field.maxLength).toBe(10);
    expect(describedBy(field)).toEqual(['0/10']);
    fireEvent.change(field, { target: { value: '插件中心' } });
    expect(describedBy(field)).toEqual(['4/10']);
  });

  it('marks a value set by code beyond maxLength as over', () => {
    render(<Input aria-label="名称" maxLength={3} value={'x'.repeat(100_000)} onChange={() => {}} />);
    const count = document.querySelector('.ui-input-count') as HTMLElement;
    expect(count.textContent).toBe('100000/3');
    expect(count.dataset.state).toBe('over');
  });

  it('links its error text by aria-describedby and sets aria-invalid, error first, then hint', () => {
    const { rerender } = render(<Input label="邮箱" hint="工作邮箱" />);
    const field = screen.getByRole('textbox', { name: '邮箱' });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(field)).toEqual(['工作邮箱']);
    rerender(<Input label="邮箱" hint="工作邮箱" error="请输入有效的邮箱地址" aria-describedby="extra" />);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field).slice(0, 2)).toEqual(['请输入有效的邮箱地址', '工作邮箱']);
    expect(field.getAttribute('aria-describedby')?.split(' ').at(-1)).toBe('extra');
    expect(document.querySelector('.ui-input')?.getAttribute('data-state')).toBe('error');
    rerender(<Input label="邮箱" error="" />);
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('PasswordInput (SPEC §5: show/hide)', () => {
  it('toggles between hidden and shown with a labelled toggle button that reports aria-pressed', () => {
    render(<PasswordInput label="密码" defaultValue="s3cret" />);
    const field = screen.getByLabelText('密码') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: '显示密码' });
    expect(field.type).toBe('password');
    expect(field.autocomplete).toBe('current-password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(field.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(field.value).toBe('s3cret');
    fireEvent.click(toggle);
    expect(field.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('default labels follow the current language', () => {
  it('search placeholder 搜索 and the password toggle switch with the language', async () => {
    render(
      <>
        <SearchInput />
        <PasswordInput aria-label="pw" />
      </>,
    );
    const search = screen.getByRole('searchbox', { name: '搜索' }) as HTMLInputElement;
    expect(search.placeholder).toBe('搜索');
    await act(() => setLanguage('en-US'));
    expect(search.placeholder).toBe('Search');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBe(search);
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
    await act(() => setLanguage('ja-JP'));
    expect(search.placeholder).toBe('検索');
    expect(screen.getByRole('button', { name: 'パスワードを表示' })).toBeTruthy();
  });

  it('a search field named by its label keeps the placeholder default', () => {
    render(<SearchInput label="搜索插件" />);
    const search = screen.getByRole('searchbox', { name: '搜索插件' }) as HTMLInputElement;
    expect(search.placeholder).toBe('搜索');
  });
});
