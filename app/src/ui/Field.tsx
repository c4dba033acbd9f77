import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './fields.css';

/** The class list of a control: the kit's class first, then the caller's. */
const classes = (own: string, extra: string | undefined) => (extra ? `${own} ${extra}` : own);

/**
 * A one-line text control in the kit's field look (`ui-field`: full width, 40 px high, the strong
 * border, a red border with `aria-invalid`, the app's focus ring): a native `<input>`, `type` `text`
 * unless given (`search`, `url`, `email`, `datetime-local` …). It has no label of its own: pair it
 * with a `<label htmlFor>` or give `aria-label`. Forwards its ref to the `<input>`.
 */
export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function TextInput({ type = 'text', className, ...rest }, ref) {
    return <input ref={ref} type={type} className={classes('ui-field', className)} {...rest} />;
  },
);

/** A multi-line text control in the kit's field look (see {@link TextInput}), resizable vertically. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextArea({ className, ...rest }, ref) {
    return <textarea ref={ref} className={classes('ui-field', className)} {...rest} />;
  },
);

/** A native `<select>` in the kit's field look (see {@link TextInput}); the options are its children. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...rest },
  ref,
) {
  return <select ref={ref} className={classes('ui-field', className)} {...rest} />;
});

/**
 * A native file chooser (`<input type="file">`, class `ui-file`: at most its container's width, 40 px
 * high). Forwards its ref to the `<input>` (to clear it after an upload).
 */
export const FileInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function FileInput({ className, ...rest }, ref) {
    return <input ref={ref} type="file" className={classes('ui-file', className)} {...rest} />;
  },
);

/** Props of {@link Check}: a native checkbox's or radio's, plus the label's class and content. */
export interface CheckProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** `checkbox` (default) or `radio`. */
  type?: 'checkbox' | 'radio';
  /** The label's class (default `ui-check`: a row with an 18 px box); replaces the default. */
  labelClassName?: string;
  /** The label's content after the box (its text, an avatar …). */
  children?: ReactNode;
}

/**
 * A checkbox or radio inside its `<label>`, the label's content after the box. Every prop but
 * `labelClassName` and `children` goes to the `<input>` (`role="switch"`, `aria-*`, `checked` …).
 */
export const Check = forwardRef<HTMLInputElement, CheckProps>(function Check(
  { type = 'checkbox', labelClassName = 'ui-check', children, ...rest },
  ref,
) {
  return (
    <label className={labelClassName}>
      <input ref={ref} type={type} {...rest} />
      {children}
    </label>
  );
});
