/**
 * The UI kit's constants, one name each, as SPEC §9 lists them ("UI kit: dialog width 600 px, …").
 * Components read their defaults from here; the developer page (`/plugins/ui-kit`) shows them.
 *
 * SPEC §9's tooltip figures (delay 500/100 ms, max width 350, z-index 9999, duration 300/250 ms,
 * offset 0 and 10, placement automatic-end, HTML allowed) are tippy.js's option names; the mapping
 * onto Radix Tooltip is documented at each constant.
 *
 * @packageDocumentation
 */

/** Default width of a dialog, in px (SPEC §9); the dialog never exceeds the viewport less 24 px. */
export const DIALOG_WIDTH_PX = 600;

/**
 * Minimum interval between two accepted confirm actions of a dialog, in ms (SPEC §9 "throttle
 * 20 ms"): a second click or Enter within 20 ms of the first does not confirm twice.
 */
export const DIALOG_THROTTLE_MS = 20;

/** The kinds of message of SPEC §9: a short toast, a notification (title and text), a dialog. */
export const MESSAGE_TYPES = ['toast', 'notification', 'dialog'] as const;
/** One of {@link MESSAGE_TYPES}. */
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The icon set of SPEC §9 (toasts use the first five), drawn by `ui/Icon.tsx`. */
export const ICON_NAMES = [
  'success',
  'error',
  'warning',
  'info',
  'loading',
  'fontloading',
  'file',
  'upload',
] as const;
/** One of {@link ICON_NAMES}. */
export type IconName = (typeof ICON_NAMES)[number];

/** The toast types: each shows the icon of the same name (SPEC §9). */
export const TOAST_TYPES = ['success', 'error', 'warning', 'info', 'loading'] as const;
/** One of {@link TOAST_TYPES}. */
export type ToastType = (typeof TOAST_TYPES)[number];

/** How long a toast stays before it closes itself, in ms (SPEC §4, §9). */
export const TOAST_DURATION_MS = 1500;
/** Vertical distance between two stacked toasts, in px (SPEC §9): the n-th is moved n × 58 px. */
export const TOAST_STACK_GAP_PX = 58;
/** Where toasts stack: from the top edge down, or from the bottom edge up (SPEC §9). */
export const TOAST_POSITIONS = ['top', 'bottom'] as const;
/** One of {@link TOAST_POSITIONS}. */
export type ToastPosition = (typeof TOAST_POSITIONS)[number];
/** The position a toast takes when none is given. */
export const DEFAULT_TOAST_POSITION: ToastPosition = 'top';

/**
 * Time the pointer rests on a trigger before its tooltip opens, in ms: SPEC §9's "delay 500" (tippy's
 * show delay) as Radix Tooltip's `delayDuration`. Keyboard focus opens a tooltip at once.
 */
export const TOOLTIP_DELAY_MS = 500;
/**
 * SPEC §9's "delay …/100" as Radix Tooltip's `skipDelayDuration`, in ms: within 100 ms of one tooltip
 * closing, moving to another trigger opens its tooltip without the 500 ms delay. (tippy used 100 ms as
 * a hide delay; Radix closes on pointer leave at once, keeping a grace area between trigger and
 * content, so the 100 ms is the skip window instead.)
 */
export const TOOLTIP_SKIP_DELAY_MS = 100;
/** Widest a tooltip grows before its text wraps, in px (SPEC §9). */
export const TOOLTIP_MAX_WIDTH_PX = 350;
/** Stacking order of tooltips, above dialogs and toasts (SPEC §9). */
export const TOOLTIP_Z_INDEX = 9999;
/** Tooltip fade-in and fade-out durations, in ms (SPEC §9 "duration 300/250"), set as CSS variables. */
export const TOOLTIP_DURATION_MS = { enter: 300, leave: 250 } as const;
/**
 * Tooltip offset (SPEC §9 "offset 0 and 10", tippy's `[skidding, distance]`): `alignOffset` 0 px
 * along the trigger's edge and `sideOffset` 10 px away from it.
 */
export const TOOLTIP_OFFSET_PX = { align: 0, side: 10 } as const;
/**
 * SPEC §9's default placement "automatic-end": the tooltip goes above its trigger, aligned with the
 * trigger's end edge, and Radix flips it to the side with room when it would leave the viewport.
 */
export const TOOLTIP_PLACEMENT = { side: 'top', align: 'end' } as const;

/** A badge shows counts up to 99, then '99+' (SPEC §5, §9). */
export const BADGE_MAX = 99;

/** Number input defaults (SPEC §9): min 0, max 10, step 1. */
export const NUMBER_INPUT_DEFAULTS = { min: 0, max: 10, step: 1 } as const;
/** While a number input's + or − button is held down, the value steps again every 100 ms (SPEC §9). */
export const NUMBER_INPUT_REPEAT_MS = 100;

/** Slider defaults (SPEC §9): min 0, max 100; step 1. */
export const SLIDER_DEFAULTS = { min: 0, max: 100, step: 1 } as const;
/** Width and height of the slider's thumb ("button size 10"), in px (SPEC §9). */
export const SLIDER_THUMB_SIZE_PX = 10;
/**
 * The slider's console warnings (`console.warn`) on misuse. The first three are SPEC §8's texts
 * ("the three console messages"); `invalidStep` is ours, for a step that is not a positive number
 * or does not divide `max - min`.
 */
export const SLIDER_WARNINGS = {
  /** `min >= max`: the slider is shown disabled at `min`. */
  minGreaterThanMax: 'min should not be greater than max',
  /** The value is below `min`: it is clamped to `min`. */
  valueBelowMin: 'value should not be smaller than min',
  /** The value is above `max`: it is clamped to `max`. */
  valueAboveMax: 'value should not be greater than max',
  /** `step <= 0`, not a number, or not dividing `max - min`; a step that is not positive becomes 1. */
  invalidStep: 'step should be a positive number that divides max - min',
} as const;

/** Space a dropdown menu keeps from the viewport's edges, in px (SPEC §9 "viewport margin 32 px"). */
export const DROPDOWN_VIEWPORT_MARGIN_PX = 32;

/** Button sizes (SPEC §9). */
export const BUTTON_SIZES = ['default', 'large', 'small'] as const;
/** One of {@link BUTTON_SIZES}. */
export type ButtonSize = (typeof BUTTON_SIZES)[number];
/** Button types (SPEC §9), the `variant` prop (the HTML `type` attribute keeps its own meaning). */
export const BUTTON_VARIANTS = ['default', 'primary', 'secondary', 'text', 'error'] as const;
/** One of {@link BUTTON_VARIANTS}. */
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
