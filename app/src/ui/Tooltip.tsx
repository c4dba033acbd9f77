import * as RadixTooltip from '@radix-ui/react-tooltip';
import {
  type CSSProperties,
  createContext,
  forwardRef,
  type ReactElement,
  type ReactNode,
  useContext,
} from 'react';
import {
  TOOLTIP_DELAY_MS,
  TOOLTIP_DURATION_MS,
  TOOLTIP_MAX_WIDTH_PX,
  TOOLTIP_OFFSET_PX,
  TOOLTIP_PLACEMENT,
  TOOLTIP_SKIP_DELAY_MS,
  TOOLTIP_Z_INDEX,
} from './constants';
import './ui.css';

/** Whether a {@link TooltipProvider} is above: a {@link Tooltip} brings its own only when none is. */
const InsideProvider = createContext(false);

/**
 * Shares the tooltip timing of SPEC §9 among the tooltips inside it: a tooltip opens after the
 * pointer rests {@link TOOLTIP_DELAY_MS} (500 ms) on its trigger, and at once when another tooltip
 * closed less than {@link TOOLTIP_SKIP_DELAY_MS} (100 ms) ago. A {@link Tooltip} outside any
 * provider brings its own, so this is needed only to share the skip window between several tooltips
 * (put one around a page or a toolbar).
 */
export function TooltipProvider({
  children,
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
}: {
  children: ReactNode;
  /** ms before opening on hover (default 500). */
  delayDuration?: number;
  /** ms after a close during which the next tooltip opens without delay (default 100). */
  skipDelayDuration?: number;
}) {
  return (
    <RadixTooltip.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration}>
      <InsideProvider.Provider value={true}>{children}</InsideProvider.Provider>
    </RadixTooltip.Provider>
  );
}

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /**
   * What the tooltip says: text or React nodes (SPEC §9 "HTML allowed" means markup such as `<b>` or a
   * list, written as JSX; a string is always shown as text, never parsed as HTML).
   */
  content: ReactNode;
  /** The trigger: one element that can hold a ref and take focus (a button, a link). */
  children: ReactElement;
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the tooltip wants to open or close. */
  onOpenChange?(open: boolean): void;
  /** Preferred side (default `top`); Radix flips it when there is no room. */
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Alignment along the trigger (default `end`: SPEC §9 "automatic-end"). */
  align?: 'start' | 'center' | 'end';
  /** ms before opening on hover, overriding the provider's 500. */
  delayDuration?: number;
}

/**
 * The kit's tooltip on Radix Tooltip (WAI-ARIA tooltip pattern; SPEC §9): opens on hover after
 * 500 ms and on keyboard focus at once, closes on leave, blur and Escape; described by the trigger's
 * `aria-describedby`. Placed automatically (above the trigger, aligned with its end, flipped or
 * shifted to stay in the viewport), 10 px from the trigger (`sideOffset`, `alignOffset` 0), at most
 * 350 px wide, at z-index 9999, fading in for 300 ms and out for 250 ms. The content has Radix's
 * `data-state="delayed-open"|"instant-open"|"closed"` and `data-side`/`data-align`. Forwards its ref
 * to the content element.
 */
export const Tooltip = forwardRef<HTMLDivElement, TooltipProps>(function Tooltip(
  {
    content,
    children,
    open,
    defaultOpen,
    onOpenChange,
    side = TOOLTIP_PLACEMENT.side,
    align = TOOLTIP_PLACEMENT.align,
    delayDuration,
  },
  ref,
) {
  const tooltip = (
    <RadixTooltip.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      delayDuration={delayDuration}
    >
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          ref={ref}
          className="ui-tooltip"
          side={side}
          align={align}
          sideOffset={TOOLTIP_OFFSET_PX.side}
          alignOffset={TOOLTIP_OFFSET_PX.align}
          avoidCollisions
          collisionPadding={8}
          style={
            {
              maxWidth: `${TOOLTIP_MAX_WIDTH_PX}px`,
              zIndex: TOOLTIP_Z_INDEX,
              '--ui-tooltip-enter': `${TOOLTIP_DURATION_MS.enter}ms`,
              '--ui-tooltip-leave': `${TOOLTIP_DURATION_MS.leave}ms`,
            } as CSSProperties
          }
        >
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return useContext(InsideProvider) ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
});
