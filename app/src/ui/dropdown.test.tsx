import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { Dropdown, DropdownContent, DropdownItem, DropdownSeparator, DropdownTrigger } from './Dropdown';

afterEach(cleanup);

/** Radix opens a dropdown on a primary-button pointer down (or Enter, Space, ArrowDown). */
const openWithPointer = (trigger: HTMLElement) =>
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });

describe('Dropdown (SPEC §9)', () => {
  it('opens from its menu button, moves with the keys, selects with Enter and returns focus to the trigger', async () => {
    const onEdit = vi.fn();
    render(
      <Dropdown>
        <DropdownTrigger asChild>
          <Button>更多操作</Button>
        </DropdownTrigger>
        <DropdownContent>
          <DropdownItem onSelect={onEdit}>编辑</DropdownItem>
          <DropdownItem>复制</DropdownItem>
          <DropdownSeparator />
          <DropdownItem disabled>删除</DropdownItem>
        </DropdownContent>
      </Dropdown>,
    );
    const trigger = screen.getByRole('button', { name: '更多操作' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = screen.getByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(menu.getAttribute('data-state')).toBe('open');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['编辑', '复制', '删除']);
    expect(items[2]?.getAttribute('aria-disabled')).toBe('true');
    await vi.waitFor(() => expect(document.activeElement).toBe(items[0]));
    // Radix moves focus on a timeout after the key (RovingFocusGroup).
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'ArrowDown' });
    await vi.waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(items[1] as HTMLElement, { key: 'End' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(items[1]); // the disabled last item is skipped
    fireEvent.keyDown(items[1] as HTMLElement, { key: 'ArrowUp' });
    await vi.waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(items[0] as HTMLElement, { key: 'Enter' });
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  // The 32 px viewport margin (DROPDOWN_VIEWPORT_MARGIN_PX, Radix collisionPadding) needs a layout
  // engine to observe; happy-dom has none, so it is not asserted here.
  it('opens on a primary-button pointer down and closes on Escape', () => {
    render(
      <Dropdown>
        <DropdownTrigger>菜单</DropdownTrigger>
        <DropdownContent data-testid="menu">
          <DropdownItem>一</DropdownItem>
        </DropdownContent>
      </Dropdown>,
    );
    openWithPointer(screen.getByRole('button', { name: '菜单' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
