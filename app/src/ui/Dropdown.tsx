import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { DROPDOWN_VIEWPORT_MARGIN_PX } from './constants';
import './ui.css';
import './fields.css';

/**
 * The kit's dropdown menu on Radix Dropdown Menu (WAI-ARIA menu button pattern): Radix's parts with
 * the kit's classes and SPEC §9's viewport margin. `Dropdown` is the root (controlled with
 * `open`/`onOpenChange` or not), {@link DropdownTrigger} the button (`aria-haspopup`, `aria-expanded`,
 * Enter, Space and ArrowDown open it), {@link DropdownContent} the menu, {@link DropdownItem} an
 * item (arrows, Home/End and typeahead move between items, Enter selects, Escape closes and returns
 * focus to the trigger). Parts carry Radix's `data-state="open"|"closed"` and `data-highlighted`.
 *
 * Not modal by default (`modal={false}`): Radix's modal menu hides the rest of the page with
 * `aria-hidden` while its links and buttons stay focusable (axe `aria-hidden-focus`, serious), and a
 * menu needs no modality: Tab or a click outside closes it.
 */
export function Dropdown({ modal = false, ...props }: ComponentPropsWithoutRef<typeof RadixMenu.Root>) {
  return <RadixMenu.Root modal={modal} {...props} />;
}

/** The button that opens a {@link Dropdown} (use `asChild` to make your own button the trigger). */
export const DropdownTrigger = RadixMenu.Trigger;

/**
 * The menu of a {@link Dropdown}, in a portal, 4 px below its trigger, kept
 * {@link DROPDOWN_VIEWPORT_MARGIN_PX} (32 px) from every viewport edge (`collisionPadding`), flipped
 * or shifted when there is no room. Forwards its ref to the menu element.
 */
export const DropdownContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixMenu.Content>>(
  function DropdownContent({ className, sideOffset = 4, align = 'start', ...props }, ref) {
    return (
      <RadixMenu.Portal>
        <RadixMenu.Content
          ref={ref}
          className={className ? `ui-dropdown ${className}` : 'ui-dropdown'}
          sideOffset={sideOffset}
          align={align}
          collisionPadding={DROPDOWN_VIEWPORT_MARGIN_PX}
          {...props}
        />
      </RadixMenu.Portal>
    );
  },
);

/** One item of a {@link DropdownContent}; `onSelect` runs on click or Enter. Forwards its ref. */
export const DropdownItem = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixMenu.Item>>(
  function DropdownItem({ className, ...props }, ref) {
    return (
      <RadixMenu.Item
        ref={ref}
        className={className ? `ui-dropdown-item ${className}` : 'ui-dropdown-item'}
        {...props}
      />
    );
  },
);

/** A divider between groups of items. */
export function DropdownSeparator() {
  return <RadixMenu.Separator className="ui-dropdown-separator" />;
}
