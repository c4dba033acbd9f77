import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogClose, DialogTitle, PAGE_DIALOG_CLASSES } from './Dialog';

afterEach(cleanup);

describe('Dialog in the app’s look with its own buttons', () => {
  it('uses the page classes, no kit footer nor close button, and DialogClose dismisses it', () => {
    const cancel = vi.fn();
    render(
      <Dialog
        open
        onCancel={cancel}
        title="驳回"
        classNames={PAGE_DIALOG_CLASSES}
        className="extra"
        footer={false}
        closeButton={false}
      >
        <DialogClose>
          <button type="button">取消</button>
        </DialogClose>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: '驳回' });
    expect(dialog.className).toBe('dialog extra');
    expect(document.querySelector('.dialog-overlay')).not.toBeNull();
    expect(dialog.querySelector('.dialog-title')?.textContent).toBe('驳回');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['取消']);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('takes a page’s own close button first, a title from the body and a description by id', () => {
    const cancel = vi.fn();
    render(
      <Dialog
        open
        onCancel={cancel}
        classNames={PAGE_DIALOG_CLASSES}
        footer={false}
        describedBy="intro"
        closeButton={
          <button type="button" className="icon-button dialog-close" aria-label="关闭">
            ×
          </button>
        }
      >
        <DialogTitle className="dialog-title">插件</DialogTitle>
        <p id="intro">简介</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: '插件' });
    expect(dialog.getAttribute('aria-describedby')).toBe('intro');
    const close = screen.getByRole('button', { name: '关闭' });
    expect(dialog.firstElementChild).toBe(close);
    expect(screen.getAllByRole('button')).toEqual([close]);
    fireEvent.click(close);
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});
