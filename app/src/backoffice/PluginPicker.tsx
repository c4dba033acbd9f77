import { type Locale, PluginSort } from '@plugin-center/api';
import { usePluginList } from '@plugin-center/react';
import { useEffect, useId, useState } from 'react';
import { useBackofficeTexts } from '../i18n/backoffice/texts';
import { Button } from '../ui/Button';
import { TextInput } from '../ui/Field';
import '../ui/backoffice.css';

/** A plugin chosen in {@link PluginPicker}. */
export interface PickedPlugin {
  plugin_key: string;
  name: string;
}

/** How long typing pauses before the picker searches, ms. */
export const PICKER_DEBOUNCE_MS = 250;
/** At most this many plugins are offered. */
export const PICKER_RESULTS = 8;

/**
 * Choose an approved plugin by searching (back office): a search field over the square's search
 * (`GET /api/cmt/plugin/list` with the keyword, by relevance: any word of the name, intro or tags,
 * not only the name's beginning, as a visitor finds it) once typing pauses for
 * {@link PICKER_DEBOUNCE_MS}; the best {@link PICKER_RESULTS} plugins as buttons (Tab and Enter, or
 * a click); choosing one calls `onPick` and clears the field. A search that finds nothing says
 * 'No plugin matches' (a polite status).
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
  const { t } = useBackofficeTexts();
  const id = useId();
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), PICKER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const label = props.label ?? t('common.search');
  return (
    <div className="bo-picker">
      <label htmlFor={`${id}-q`}>{label}</label>
      <TextInput
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
      {keyword !== '' && text.trim() !== '' && (
        <PickerResults
          keyword={keyword}
          label={label}
          onPick={(plugin) => {
            props.onPick(plugin);
            setText('');
            setKeyword('');
          }}
        />
      )}
    </div>
  );
}

/** The plugins the square's search finds for `keyword`, or 'No plugin matches' once it answered with none. */
function PickerResults(props: { keyword: string; label: string; onPick(plugin: PickedPlugin): void }) {
  const { t, locale } = useBackofficeTexts();
  const list = usePluginList({
    keyword: props.keyword,
    sort: PluginSort.RELEVANCE,
    pageSize: PICKER_RESULTS,
    lang: locale as Locale,
  });
  const answered = list.status === 'success' && list.params.keyword === props.keyword;
  if (!answered) return null;
  if (list.plugins.length === 0)
    return (
      <p className="bo-hint" role="status" data-testid="picker-no-match">
        {t('common.noMatch')}
      </p>
    );
  return (
    <ul className="bo-picker-list" aria-label={props.label}>
      {list.plugins.slice(0, PICKER_RESULTS).map((p) => (
        <li key={p.plugin_key}>
          <Button variant="text" onClick={() => props.onPick({ plugin_key: p.plugin_key, name: p.name })}>
            {p.name} <span className="bo-muted">{p.plugin_key}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
