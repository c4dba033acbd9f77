/**
 * The fields of a sign-in method's card on the back office's sign-in methods page
 * (`LoginMethodsPage.tsx`): each variable as a labelled field (one line, a secret, or a text area for
 * XML and PEM), and the one-line field of the logout URL.
 */
import type { LoginMethodVariable } from '@plugin-center/api';
import type { ReactNode } from 'react';
import type { BackofficeT } from '../../i18n/backoffice/texts';
import { TextArea, TextInput } from '../../ui/Field';
import { FormField, fieldControlProps } from '../../ui/FormField';
import { PasswordInput } from '../../ui/PasswordInput';

/**
 * Variables whose values are long, multi-line texts (an IdP's XML metadata, a PEM certificate or
 * key): edited in a text area.
 */
const MULTI_LINE_NAME = /(METADATA|METADATA_XML|_XML|CERT|CERTIFICATE|CERTS|_PEM|PRIVATE_KEY|PUBLIC_KEY)$/;
const MULTI_LINE_SUMMARY = /\bXML\b|\bPEM\b|certificate|metadata/i;

/** Whether a variable is edited in a text area: its name or summary says XML / PEM, or a value has several lines. */
export function isMultiLine(variable: LoginMethodVariable): boolean {
  return (
    MULTI_LINE_NAME.test(variable.name) ||
    MULTI_LINE_SUMMARY.test(variable.summary) ||
    variable.value.includes('\n') ||
    variable.environment.includes('\n')
  );
}

/**
 * One variable as a labelled field: its summary as the label, its name (monospace) and the server
 * environment's value under it (kept when an error shows); a secret in the kit's
 * {@link PasswordInput}, a long text (XML, PEM) in a text area.
 */
export function VariableField(props: {
  id: string;
  variable: LoginMethodVariable;
  value: string;
  onChange(value: string): void;
  error?: string;
  t: BackofficeT;
}) {
  const { id, variable, value, error, t } = props;
  const multi = isMultiLine(variable);
  const hint: ReactNode = (
    <>
      <code className="bo-var-name">{variable.name}</code>
      {' · '}
      {variable.environment === ''
        ? t('loginMethods.envUnset')
        : multi
          ? t('loginMethods.envSetLong')
          : t('loginMethods.envValue', { value: variable.environment })}
      {variable.secret && ` · ${t('loginMethods.secretHint')}`}
    </>
  );
  const control = fieldControlProps(id, { hint, error, keepHint: true });
  const placeholder = variable.secret || multi ? undefined : variable.environment || undefined;
  return (
    <FormField
      id={id}
      label={variable.summary || variable.name}
      hint={hint}
      error={error}
      keepHint
      hintClassName="publish-hint bo-muted"
    >
      {multi ? (
        <TextArea
          {...control}
          className="bo-var-text"
          rows={6}
          value={value}
          autoComplete="off"
          spellCheck={false}
          placeholder={
            variable.environment && !variable.secret ? variable.environment.slice(0, 200) : undefined
          }
          onChange={(e) => props.onChange(e.target.value)}
        />
      ) : variable.secret ? (
        <PasswordInput
          {...control}
          value={value}
          autoComplete="new-password"
          spellCheck={false}
          toggleLabel={t('secret.show')}
          onChange={(e) => props.onChange(e.target.value)}
        />
      ) : (
        <TextInput
          {...control}
          type="text"
          value={value}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/** A labelled one-line field with its hint or error. */
export function LineField(props: {
  id: string;
  label: string;
  value: string;
  type?: string;
  onChange(value: string): void;
  hint?: ReactNode;
  error?: string;
}) {
  return (
    <FormField id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <TextInput
        {...fieldControlProps(props.id, props)}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FormField>
  );
}
