import type { LoaderStatus } from '@plugin-center/api';
import { ALL_TAGS_ID, KEYWORD_MAX_LENGTH, PluginSort, type Tag } from '@plugin-center/api';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CloseIcon, SearchIcon } from '../components/Icons';
import { ErrorState } from '../components/States';
import { useTranslation } from '../i18n/i18n';

/** Debounce of typing in the search box before the search runs, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box of the square (SPEC §2): searches on Enter at once and after
 * {@link SEARCH_DEBOUNCE_MS} of no typing; the clear button empties it and searches for everything.
 * `onSearch(keyword, replace)`: `replace` is true for debounced typing (no history entry per keystroke).
 */
export function SearchBox({
  keyword,
  onSearch,
}: {
  keyword: string;
  onSearch: (keyword: string, replace: boolean) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(keyword);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);

  // Follow outside changes (back button, "clear search" of the empty state), not our own trimmed echo.
  useEffect(() => {
    setDraft((d) => (d.trim() === keyword ? d : keyword));
  }, [keyword]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (value: string, replace: boolean) => {
    clearTimeout(timer.current);
    if (value.trim() !== keyword) onSearch(value.trim(), replace);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    commit(draft, false);
  };

  return (
    <search className="search">
      <form onSubmit={onSubmit}>
        <SearchIcon />
        <input
          ref={input}
          type="search"
          name="q"
          value={draft}
          maxLength={KEYWORD_MAX_LENGTH}
          enterKeyHint="search"
          autoComplete="off"
          aria-label={t('square.search')}
          placeholder={t('square.searchPlaceholder')}
          onChange={(e) => {
            const value = e.target.value;
            setDraft(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(value, true), SEARCH_DEBOUNCE_MS);
          }}
        />
        {draft && (
          <button
            type="button"
            className="icon-button search-clear"
            aria-label={t('square.clearSearch')}
            title={t('square.clearSearch')}
            onClick={() => {
              setDraft('');
              commit('', false);
              input.current?.focus();
            }}
          >
            <CloseIcon />
          </button>
        )}
      </form>
    </search>
  );
}

/**
 * The tag row (SPEC §2): All (id 0) then the server's tags, names localised by tag code with the
 * server's name as fallback; the selected one is `aria-pressed`. Loading shows placeholder chips; an
 * error shows a message and Retry.
 */
export function TagRow({
  tags,
  status,
  selected,
  onSelect,
  onRetry,
}: {
  tags: Tag[];
  status: LoaderStatus;
  selected: number;
  onSelect: (tagId: number) => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (status === 'error') return <ErrorState compact message={t('square.tagsError')} onRetry={onRetry} />;
  const loading = tags.length === 0 && status !== 'success';
  return (
    <fieldset className="tag-row" aria-busy={loading}>
      <legend className="sr-only">{t('square.tags')}</legend>
      <button
        type="button"
        className="chip chip-button"
        aria-pressed={selected === ALL_TAGS_ID}
        onClick={() => onSelect(ALL_TAGS_ID)}
      >
        {t('square.all')}
      </button>
      {loading
        ? Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <span key={i} className="chip chip-skeleton skeleton" aria-hidden="true" />
          ))
        : tags.map((tag) => (
            <button
              key={tag.id}
              type="button"
              className="chip chip-button"
              data-tag-code={tag.code}
              aria-pressed={selected === tag.id}
              onClick={() => onSelect(tag.id)}
            >
              {t(`tags.${tag.code}`, { defaultValue: tag.name })}
              <span className="chip-count">{tag.plugin_count}</span>
            </button>
          ))}
    </fieldset>
  );
}

/** The sort switch (SPEC §4): latest (0, default) or most popular (1), as two pressed/unpressed buttons. */
export function SortSwitch({ sort, onChange }: { sort: PluginSort; onChange: (sort: PluginSort) => void }) {
  const { t } = useTranslation();
  const options = [
    [PluginSort.LATEST, t('square.sortLatest')],
    [PluginSort.MOST_POPULAR, t('square.sortPopular')],
  ] as const;
  return (
    <fieldset className="segmented">
      <legend className="sr-only">{t('square.sort')}</legend>
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={sort === value}
          data-sort={value}
          onClick={() => onChange(value)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
