import type { ReactNode } from 'react';
import './fields.css';
import './forms.css';

/** Whether an error text is there to show (not `undefined`, `null`, `false` or empty). */
const present = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';

/** Props of {@link FormField}. */
export interface FormFieldProps {
  /** The control's id: the label points at it; the hint is `{id}-hint`, the error `{id}-error`. */
  id: string;
  /** The label's text. */
  label: ReactNode;
  /** Mark the field as required with a red `*` after the label. */
  required?: boolean;
  /** The mark's tooltip (the publish form's "required"). */
  requiredTitle?: string;
  /** A hint under the control. */
  hint?: ReactNode;
  /** An error text under the control (sets `data-invalid` on the frame). */
  error?: ReactNode;
  /** Keep the hint above the error (the publish form); by default the error takes the hint's place. */
  keepHint?: boolean;
  /** The hint's class (default `publish-hint`; the publish form's is muted: `state-hint publish-hint`). */
  hintClassName?: string;
  /** The control (a {@link TextInput}, {@link Select} …) and what goes with it (previews, chips). */
  children: ReactNode;
}

/** The attributes a {@link FormField}'s control takes from the field: see {@link fieldControlProps}. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The id, `aria-invalid` and `aria-describedby` of the control inside a {@link FormField} with the
 * same `id`, `hint`, `error` and `keepHint`: it names the hint (`{id}-hint`) and the error
 * (`{id}-error`) exactly when the field shows them.
 *
 * @example
 * <FormField id={id} label="URL" hint={hint} error={error}>
 *   <TextInput {...fieldControlProps(id, { hint, error })} value={url} onChange={change} />
 * </FormField>
 */
export function fieldControlProps(
  id: string,
  { hint, error, keepHint = false }: Pick<FormFieldProps, 'hint' | 'error' | 'keepHint'>,
): FieldControlProps {
  const invalid = present(error);
  const ids = [
    present(hint) && (keepHint || !invalid) ? `${id}-hint` : '',
    invalid ? `${id}-error` : '',
  ].filter(Boolean);
  return {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}

/**
 * A labelled form field (class `publish-field`, ui/forms.css): the label with the required mark,
 * the control, then its hint and its error text. The control names the ones shown in its own
 * `aria-describedby`; {@link fieldControlProps} gives it the matching attributes.
 */
export function FormField({
  id,
  label,
  required = false,
  requiredTitle,
  hint,
  error,
  keepHint = false,
  hintClassName = 'publish-hint',
  children,
}: FormFieldProps) {
  const invalid = present(error);
  return (
    <div className="publish-field" data-invalid={invalid ? '' : undefined}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="publish-required" title={requiredTitle}>
            {' *'}
          </span>
        )}
      </label>
      {children}
      {present(hint) && (keepHint || !invalid) && (
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
