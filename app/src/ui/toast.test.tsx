import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster as AppToaster } from '../toast/Toaster';
import { dismissToast, notify, type ToastMessage, useToasts } from '../toast/toastStore';
import { TOAST_DURATION_MS, TOAST_STACK_GAP_PX } from './constants';
import { Toaster, type ToastItem } from './Toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const toastsOnScreen = () => [...document.querySelectorAll<HTMLElement>('.ui-toast')];

describe('Toaster (SPEC §4, §9)', () => {
  it('closes each toast after 1500 ms and reports it', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Toaster label="通知" toasts={[{ id: 1, title: '已保存', type: 'success' }]} onDismiss={onDismiss} />,
    );
    expect(screen.getByText('已保存')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledWith(1);
    expect(TOAST_DURATION_MS).toBe(1500);
  });

  it('keeps a toast with its own duration for that long', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Toaster
        label="通知"
        toasts={[{ id: 'x', title: '处理中', type: 'loading', duration: 4000 }]}
        onDismiss={onDismiss}
      />,
    );
    act(() => vi.advanceTimersByTime(3999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledWith('x');
  });

  it('stacks toasts 58 px apart, down from the top and up from the bottom', () => {
    const toasts: ToastItem[] = [
      { id: 1, title: 'a' },
      { id: 2, title: 'b', position: 'bottom' },
      { id: 3, title: 'c' },
      { id: 4, title: 'd', position: 'bottom' },
      { id: 5, title: 'e' },
    ];
    render(<Toaster label="通知" toasts={toasts} onDismiss={() => {}} />);
    const offsets = Object.fromEntries(
      toastsOnScreen().map((el) => [
        el.textContent,
        `${el.dataset.position} ${el.style.getPropertyValue('--ui-toast-offset')}`,
      ]),
    );
    expect(offsets).toEqual({
      a: 'top 0px',
      c: `top ${TOAST_STACK_GAP_PX}px`,
      e: 'top 116px',
      b: 'bottom 0px',
      d: 'bottom 58px',
    });
    expect(
      [...document.querySelectorAll('.ui-toast-viewport')].map((v) => v.getAttribute('data-position')),
    ).toEqual(['top', 'bottom']);
  });

  it('shows the icon of its type (success, error, warning, info, loading), info by default, and a notification with a description', () => {
    const types = ['success', 'error', 'warning', 'info', 'loading'] as const;
    render(
      <Toaster
        label="通知"
        toasts={[
          ...types.map((type) => ({ id: type, title: type, type })),
          { id: 'plain', title: 'plain' },
          { id: 'n', title: '新版本', description: '插件已更新到 2.0' },
        ]}
        onDismiss={() => {}}
      />,
    );
    const icons = toastsOnScreen().map(
      (el) => `${el.dataset.type}:${el.querySelector('svg')?.getAttribute('data-icon')}`,
    );
    expect(icons).toEqual([
      'success:success',
      'error:error',
      'warning:warning',
      'info:info',
      'loading:loading',
      'info:info',
      'info:info',
    ]);
    const notification = toastsOnScreen().at(-1) as HTMLElement;
    expect(notification.dataset.message).toBe('notification');
    expect(notification.textContent).toBe('新版本插件已更新到 2.0');
    expect(toastsOnScreen()[0]?.dataset.message).toBe('toast');
  });
});

let seen: readonly ToastMessage[] = [];
/** The app's toaster fed by the toast store, recording what the store holds. */
function Host() {
  seen = useToasts();
  return <AppToaster toasts={seen} />;
}

describe("the app's toasts on the kit", () => {
  afterEach(() => {
    for (const toast of seen) act(() => dismissToast(toast.id));
  });

  it('notify() shows a toast with the class the browser tests select, which leaves the store after 1500 ms', () => {
    vi.useFakeTimers();
    render(<Host />);
    act(() => notify('链接已复制', 'success'));
    act(() => notify('点赞失败', 'error'));
    act(() => notify('已上传', 'info', 'bottom'));
    const shown = [...document.querySelectorAll<HTMLElement>('.toast')];
    expect(shown.map((el) => `${el.textContent} ${el.dataset.type} ${el.dataset.position}`)).toEqual([
      '链接已复制 success top',
      '点赞失败 error top',
      '已上传 info bottom',
    ]);
    expect(shown[1]?.style.getPropertyValue('--ui-toast-offset')).toBe('58px');
    act(() => vi.advanceTimersByTime(1500));
    expect(seen).toEqual([]);
    expect(document.querySelectorAll('.toast')).toHaveLength(0);
  });
});
