import { type ButtonHTMLAttributes, forwardRef } from 'react';
import type { ButtonSize, ButtonVariant } from './constants';
import { Icon } from './Icon';
import './ui.css';

/** Props of {@link Button}: a native `<button>`'s, plus the kit's size, variant and loading state. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** SPEC §9 size: `default` (36 px high), `large` (44 px) or `small` (28 px). */
  size?: ButtonSize;
  /** SPEC §9 "type": `default`, `primary`, `secondary`, `text` or `error` (destructive). */
  variant?: ButtonVariant;
  /** Busy: shows the loading icon, sets `aria-busy` and ignores clicks (the button stays focusable). */
  loading?: boolean;
}

/**
 * The app's button classes (`styles.css`, on the square's first load) the kit's variants build on:
 * `button` is the frame of every button, `button-primary` and `button-ghost` are the primary and text
 * looks; `ui.css` adds the sizes, the secondary and error looks and the loading state.
 */
const VARIANT_CLASS: Partial<Record<ButtonVariant, string>> = {
  primary: 'button-primary',
  text: 'button-ghost',
};

/**
 * The classes of a kit button for an element that stays a link (`<Link>`, `<NavLink>`, `<a>`): the
 * frame and look of {@link Button} in the `default`, `primary` or `text` variant.
 */
export function buttonClass(variant: 'default' | 'primary' | 'text' = 'default'): string {
  return ['button', VARIANT_CLASS[variant]].filter(Boolean).join(' ');
}

/**
 * The kit's button (SPEC §9 sizes and types). A native `<button type="button">` unless `type` says
 * otherwise, so Enter and Space work and focus is visible (`:focus-visible`). States as data
 * attributes: `data-size`, `data-variant`, `data-state="loading"` while `loading` (then
 * `aria-disabled` rather than `disabled`, so focus is not lost while an action runs). Forwards its
 * ref to the `<button>`.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    size = 'default',
    variant = 'default',
    loading = false,
    className,
    type = 'button',
    children,
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={['button', 'ui-button', VARIANT_CLASS[variant], className].filter(Boolean).join(' ')}
      data-size={size}
      data-variant={variant}
      data-state={loading ? 'loading' : undefined}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {loading && <Icon name="loading" size={size === 'small' ? 12 : 14} />}
      {children}
    </button>
  );
});
