import { forwardRef } from 'react';
import { useTranslation } from '../i18n/i18n';
import { Input, type InputProps } from './Input';
import './ui.css';
import './fields.css';

/**
 * A search field: the kit's {@link Input} of type `search` whose placeholder and accessible name
 * default to the current language's search label (SPEC §9 default label; zh-CN 搜索), changing with
 * the language. Give `label` or `aria-label` to say what is searched. Forwards its ref to the `<input>`.
 */
export const SearchInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(function SearchInput(
  { placeholder, label, ...rest },
  ref,
) {
  const { t } = useTranslation();
  const text = t('ui.searchPlaceholder');
  return (
    <Input
      ref={ref}
      type="search"
      enterKeyHint="search"
      label={label}
      placeholder={placeholder ?? text}
      {...(label || rest['aria-label'] || rest['aria-labelledby'] ? {} : { 'aria-label': text })}
      {...rest}
    />
  );
});
