import type { Locale } from '@plugin-center/api';
import { usePluginSuggestions } from '@plugin-center/react';
import { useId, useState } from 'react';
import { useBackofficeTexts } from '../i18n/backoffice/texts';
import { Button } from '../ui/Button';
import '../ui/backoffice.css';

/** A plugin chosen in {@link PluginPicker}. */
export interface PickedPlugin {
  plugin_key: string;
  name: string;
}

/**
 * Choose an approved plugin by searching (back office): a search field over the
 * as-you-type suggestions (`GET /api/cmt/plugin/suggest`, approved plugins only) and the matching
 * plugins as buttons (Tab and Enter, or a click); choosing one calls `onPick` and clears the field.
 *
 * @param props.label - the field's label (default "Search plugins")
 * @param props.invalid - an error to show under the field (and mark it `aria-invalid`)
 */
export function PluginPicker(props: {
  onPick(plugin: PickedPlugin): void;
  label?: string;
  invalid?: string;
  disabled?: boolean;
}) {
  const { t, locale } = useBackofficeTexts();
  const id = useId();
  const [text, setText] = useState('');
  const state = usePluginSuggestions(text, { lang: locale as Locale });
  const plugins = state.suggestions.filter((s) => s.kind === 'plugin' && s.plugin_key);
  const typed = text.trim() !== '' && state.text === text.trim() && !state.pending;
  return (
    <div className="bo-picker">
      <label htmlFor={`${id}-q`}>{props.label ?? t('common.search')}</label>
      <input
        id={`${id}-q`}
        type="search"
        value={text}
        disabled={props.disabled}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={`${id}-hint`}
      />
      {props.invalid ? (
        <p id={`${id}-hint`} className="field-error">
          {props.invalid}
        </p>
      ) : (
        <p id={`${id}-hint`} className="bo-hint">
          {t('common.searchHint')} {t('common.moreHint')}
        </p>
      )}
      {plugins.length > 0 && (
        <ul className="bo-picker-list" aria-label={props.label ?? t('common.search')}>
          {plugins.map((s) => (
            <li key={s.plugin_key}>
              <Button
                variant="text"
                onClick={() => {
                  props.onPick({ plugin_key: s.plugin_key as string, name: s.text });
                  setText('');
                }}
              >
                {s.text} <span className="bo-muted">{s.plugin_key}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {typed && plugins.length === 0 && <p className="bo-hint">{t('common.noMatch')}</p>}
    </div>
  );
}
