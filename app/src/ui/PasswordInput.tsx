import { forwardRef, useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Input, type InputProps } from './Input';
import './ui.css';
import './fields.css';

/** Props of {@link PasswordInput}: those of {@link Input} except `type` and `suffix`. */
export interface PasswordInputProps extends Omit<InputProps, 'type' | 'suffix'> {
  /** Controlled visibility of the password. */
  visible?: boolean;
  /** Called when the toggle is pressed. */
  onVisibleChange?(visible: boolean): void;
  /** The toggle's name (default the language's "show password"; a secret that is no password, e.g. an API key, names it so). */
  toggleLabel?: string;
}

/**
 * A password or secret field with a show/hide toggle (SPEC §5): the kit's {@link Input} of type
 * `password`, or `text` while shown, and a toggle button after it named `toggleLabel` or the current
 * language's "show password" (zh-CN 显示密码) with `aria-pressed` saying whether the password is shown (WAI-ARIA button
 * pattern: a toggle keeps one name, its state is the pressed state). `autoComplete` defaults to
 * `current-password`. The toggle has `data-state="on"|"off"`. Forwards its ref to the `<input>`.
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  {
    visible: visibleProp,
    onVisibleChange,
    toggleLabel,
    autoComplete = 'current-password',
    disabled,
    ...rest
  },
  ref,
) {
  const { t } = useTranslation();
  const [own, setOwn] = useState(false);
  const visible = visibleProp ?? own;
  return (
    <Input
      ref={ref}
      {...rest}
      disabled={disabled}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      suffix={
        <button
          type="button"
          className="ui-password-toggle"
          aria-label={toggleLabel ?? t('ui.showPassword')}
          aria-pressed={visible}
          data-state={visible ? 'on' : 'off'}
          disabled={disabled}
          onClick={() => {
            setOwn(!visible);
            onVisibleChange?.(!visible);
          }}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
        </button>
      }
    />
  );
});
