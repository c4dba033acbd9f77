import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UI_KIT_TEXTS } from '../i18n/catalog';
import { setLanguage } from '../i18n/i18n';
import { dismissToast, useToasts } from '../toast/toastStore';
import { UiKitPage } from './UiKitPage';

let toastIds: number[] = [];
/** Records the ids of the toasts in the store. */
function ToastProbe() {
  toastIds = useToasts().map((t) => t.id);
  return null;
}

afterEach(async () => {
  for (const id of toastIds) act(() => dismissToast(id));
  cleanup();
  await act(() => setLanguage('zh-CN'));
});

describe('/ui-kit developer page', () => {
  it('lists every component in the current language and switches with it', async () => {
    render(<UiKitPage />);
    const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings()).toEqual([
      '按钮',
      '对话框',
      '轻提示',
      '文字提示',
      '徽标',
      '数字输入框',
      '滑块',
      '下拉菜单',
      '输入框',
      '常量',
    ]);
    expect(screen.getByRole('spinbutton', { name: '数量' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: '音量' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: '搜索插件' }).getAttribute('placeholder')).toBe('搜索');
    expect(screen.getByRole('textbox', { name: '邮箱' }).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.title).toContain('UI 组件库')); // set in a microtask after the commit
    await act(() => setLanguage('en-US'));
    expect(headings()).toEqual([
      'Buttons',
      'Dialog',
      'Toasts',
      'Tooltip',
      'Badge',
      'Number input',
      'Slider',
      'Dropdown menu',
      'Inputs',
      'Constants',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search plugins' }).getAttribute('placeholder')).toBe(
      'Search',
    );
  });

  it('opens its sample dialog with the default labels, and shows a toast of each type', () => {
    render(
      <>
        <UiKitPage />
        <ToastProbe />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: '打开对话框' }));
    const dialog = screen.getByRole('dialog', { name: '示例对话框' });
    expect(within(dialog).getByRole('button', { name: '确定' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    for (const type of ['成功', '错误', '警告', '信息', '加载中'])
      fireEvent.click(screen.getByRole('button', { name: type }));
    expect(toastIds).toHaveLength(5);
  });

  it('has its texts complete in all six locales', () => {
    const keys = Object.keys(UI_KIT_TEXTS['en-US']).sort();
    for (const [locale, texts] of Object.entries(UI_KIT_TEXTS)) {
      expect(Object.keys(texts).sort(), locale).toEqual(keys);
      for (const [key, text] of Object.entries(texts)) expect(text.trim(), `${locale} ${key}`).not.toBe('');
    }
  });
});
