import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { setLanguage } from '../i18n/i18n';
import { Dialog } from './Dialog';

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await act(() => setLanguage('zh-CN'));
});

/** Lets Radix's outside-pointer listener (registered on a timeout after opening) attach. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** A primary-button click on the backdrop as a browser sends it (Radix dismisses on the click that follows the pointer down). */
const clickBackdrop = async () => {
  const overlay = document.querySelector('.ui-dialog-overlay') as Element;
  fireEvent.pointerDown(overlay, { pointerType: 'mouse', button: 0 });
  fireEvent.mouseDown(overlay, { button: 0 });
  fireEvent.pointerUp(overlay, { pointerType: 'mouse', button: 0 });
  fireEvent.mouseUp(overlay, { button: 0 });
  fireEvent.click(overlay, { button: 0 });
  await settle();
};

function Harness(props: Partial<Parameters<typeof Dialog>[0]>) {
  return (
    <>
      <button type="button">before</button>
      <Dialog trigger={<button type="button">open</button>} title="标题" description="说明" {...props} />
    </>
  );
}

/** A page that opens a controlled dialog and shows its state. */
function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        show
      </button>
      <span data-testid="state">{String(open)}</span>
      <Dialog open={open} onOpenChange={setOpen} title="T" />
    </>
  );
}

describe('Dialog (SPEC §4, §9)', () => {
  it('is 600 px wide by default, named by its title and described, with default labels in zh-CN', () => {
    render(<Dialog defaultOpen title="标题" description="说明" />);
    const dialog = screen.getByRole('dialog', { name: '标题' });
    expect(dialog.style.width).toBe('600px');
    expect(dialog.style.maxWidth).toBe('calc(100vw - 24px)');
    expect(dialog.getAttribute('data-state')).toBe('open');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('说明');
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
  });

  it('switches its default labels with the language, and keeps given labels and widths', async () => {
    render(<Dialog defaultOpen title="Title" />);
    await act(() => setLanguage('en-US'));
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    cleanup();
    render(<Dialog defaultOpen title="T" width={420} confirmLabel="Delete" cancelLabel="Keep" />);
    expect(screen.getByRole('dialog').style.width).toBe('420px');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeTruthy();
  });

  it.each([
    ['cancel', () => fireEvent.click(screen.getByRole('button', { name: '取消' }))],
    ['close button', () => fireEvent.click(screen.getByRole('button', { name: '关闭' }))],
    ['Escape', () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })],
  ])('closes on %s without confirming, calling onCancel and onOpenChange(false)', (_, act) => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<Harness defaultOpen onCancel={onCancel} onConfirm={onConfirm} onOpenChange={onOpenChange} />);
    act();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes on confirm after calling onConfirm', () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(<Harness defaultOpen onCancel={onCancel} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a backdrop click only when allowed', async () => {
    render(<Harness defaultOpen closeOnBackdrop={false} />);
    await settle();
    await clickBackdrop();
    expect(screen.getByRole('dialog')).toBeTruthy();
    cleanup();

    const onCancel = vi.fn();
    render(<Harness defaultOpen onCancel={onCancel} />);
    await settle();
    await clickBackdrop();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('moves focus into the dialog, keeps it there, and returns it to the trigger on close', async () => {
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'open' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Focus that tries to leave (the page's first button) is brought back inside (Radix FocusScope).
    screen.getByRole('button', { name: 'before', hidden: true }).focus();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('takes confirm actions closer than 20 ms once', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const onConfirm = vi.fn();
    render(<Dialog defaultOpen title="T" closeOnConfirm={false} onConfirm={onConfirm} />);
    const confirm = screen.getByRole('button', { name: '确定' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    vi.setSystemTime(1_000_019);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000_020);
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('waits for an async confirm: loading meanwhile, closed when it resolves, open when it rejects', async () => {
    let settleIt: { resolve(): void; reject(): void } = { resolve() {}, reject() {} };
    const onConfirm = () =>
      new Promise<void>((resolve, reject) => {
        settleIt = { resolve, reject: () => reject(new Error('no')) };
      });
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    render(<Dialog defaultOpen title="T" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.getByRole('button', { name: '确定' }).getAttribute('aria-busy')).toBe('true');
    await act(async () => settleIt.reject());
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: '确定' }).getAttribute('aria-busy')).toBeNull();
    vi.setSystemTime(1_000_100); // past the 20 ms throttle
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await act(async () => settleIt.resolve());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows a controlled open state', () => {
    render(<Controlled />);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByText('show'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.getByTestId('state').textContent).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog on the kit', () => {
  it('keeps its API: an alert dialog that confirm does not close, cancel reports, busy shows loading', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        title="删除？"
        body="无法撤销"
        confirm="删除"
        cancel="取消"
        busy={false}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: '删除？' });
    expect(dialog.style.width).toBe('600px');
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: '删除' }).getAttribute('data-variant')).toBe('error');
    rerender(
      <ConfirmDialog
        title="删除？"
        body="无法撤销"
        confirm="删除"
        cancel="取消"
        busy
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByRole('button', { name: '删除' }).getAttribute('aria-busy')).toBe('true');
    vi.setSystemTime(1_000_100); // past the 20 ms throttle: only busy stops this one
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
