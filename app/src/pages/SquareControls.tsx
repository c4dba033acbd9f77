import type { LoaderStatus, Suggestion } from '@plugin-center/api';
import {
  ALL_TAGS_ID,
  KEYWORD_MAX_LENGTH,
  type PluginPlatform,
  PluginSort,
  type Tag,
} from '@plugin-center/api';
import { PLUGIN_PLATFORMS } from '@plugin-center/contract';
import { usePluginSuggestions } from '@plugin-center/react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { CloseIcon, SearchIcon } from '../components/Icons';
import { platformName } from '../components/platforms';
import { useTranslation } from '../i18n/i18n';
import { ErrorState } from '../ui/States';

/** Debounce of typing in the search box before the search runs, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  /** The keyword searched for now (the square's `q`). */
  keyword: string;
  /** Runs a search; `replace` is true for debounced typing (no history entry per keystroke). */
  onSearch: (keyword: string, replace: boolean) => void;
  /** A plugin suggestion was chosen: open its detail; `typed` is the box's trimmed text. */
  onPickPlugin: (pluginKey: string, typed: string) => void;
  /** A tag suggestion was chosen: filter by it (the box is emptied). */
  onPickTag: (tagId: number) => void;
  /** The square's tags, to show a tag suggestion by its localised name (by code). */
  tags: readonly Tag[];
}

/**
 * The search box of the square (SPEC §2), an ARIA 1.2 combobox with a list of suggestions (issue
 * 13): searches on Enter at once and after {@link SEARCH_DEBOUNCE_MS} of no typing; the clear
 * button empties it and searches for everything. While typing it shows the server's suggestions
 * (`usePluginSuggestions`: 150 ms after the last key, nothing on empty text or an error) in a
 * `listbox`: ArrowDown/ArrowUp move the highlight (`aria-activedescendant`, wrapping), Enter picks
 * the highlighted one (or searches when none is), Escape closes the list, a click picks; a plugin
 * opens its detail ({@link SearchBoxProps.onPickPlugin}), a tag selects that tag filter.
 */
export function SearchBox({ keyword, onSearch, onPickPlugin, onPickTag, tags }: SearchBoxProps) {
  const { t, locale } = useTranslation();
  const [draft, setDraft] = useState(keyword);
  const [open, setOpen] = useState(false);
  // Suggestions are asked for what the person types (not for a keyword that came from the URL),
  // until a search or a pick; Escape and blur only close the list.
  const [asking, setAsking] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const { suggestions } = usePluginSuggestions(asking ? draft : '', { lang: locale });
  const shown = open && draft.trim() !== '' && suggestions.length > 0;

  // Follow outside changes (back button, "clear search" of the empty state), not our own trimmed echo.
  useEffect(() => {
    setDraft((d) => (d.trim() === keyword ? d : keyword));
  }, [keyword]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A new answer starts without a highlight (Enter then searches for what was typed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new list
  useEffect(() => setActive(-1), [suggestions]);

  const commit = (value: string, replace: boolean) => {
    clearTimeout(timer.current);
    if (value.trim() !== keyword) onSearch(value.trim(), replace);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    setAsking(false);
    commit(draft, false);
  };
  const pick = (suggestion: Suggestion) => {
    clearTimeout(timer.current);
    setOpen(false);
    setAsking(false);
    if (suggestion.kind === 'plugin' && suggestion.plugin_key !== null) {
      onPickPlugin(suggestion.plugin_key, draft.trim());
    } else if (suggestion.tag_id !== null) {
      setDraft('');
      onPickTag(suggestion.tag_id);
    }
  };
  const label = (suggestion: Suggestion) => {
    const tag = suggestion.kind === 'tag' ? tags.find((x) => x.id === suggestion.tag_id) : undefined;
    return tag ? t(`tags.${tag.code}`, { defaultValue: suggestion.text }) : suggestion.text;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = suggestions.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (n === 0 || !draft.trim()) return;
      e.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : n - 1);
        return;
      }
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter' && shown && active >= 0 && suggestions[active]) {
      e.preventDefault();
      pick(suggestions[active]);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <search className="search">
      <form onSubmit={onSubmit}>
        <SearchIcon />
        <input
          ref={input}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          value={draft}
          maxLength={KEYWORD_MAX_LENGTH}
          enterKeyHint="search"
          autoComplete="off"
          aria-label={t('square.search')}
          placeholder={t('square.searchPlaceholder')}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onChange={(e) => {
            const value = e.target.value;
            setDraft(value);
            setOpen(true);
            setAsking(true);
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
              setOpen(false);
              setAsking(false);
              commit('', false);
              input.current?.focus();
            }}
          >
            <CloseIcon />
          </button>
        )}
      </form>
      <div
        id={listId}
        role="listbox"
        className="suggest-list"
        aria-label={t('square.suggestions')}
        hidden={!shown}
      >
        {shown &&
          suggestions.map((suggestion, i) => (
            // The keys are handled on the combobox (aria-activedescendant), which keeps the focus.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={`${suggestion.kind}:${suggestion.plugin_key ?? suggestion.tag_id}`}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              data-kind={suggestion.kind}
              // Keep the focus in the box: the click picks, the blur would close first.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => pick(suggestion)}
            >
              <span className="suggest-text">{label(suggestion)}</span>
              {suggestion.kind === 'tag' && <span className="chip chip-small">{t('square.suggestTag')}</span>}
            </div>
          ))}
      </div>
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

/**
 * The sort switch (SPEC §4): latest (0), most popular (1), highest rated (3), newest (5), name
 * (4), and relevance (2) while a keyword is searched (`withRelevance`), as pressed/unpressed
 * buttons. Trending (6) is offered by the square's trending row ("See all") and shown here while
 * it is the order.
 */
export function SortSwitch({
  sort,
  withRelevance,
  onChange,
}: {
  sort: PluginSort;
  withRelevance: boolean;
  onChange: (sort: PluginSort) => void;
}) {
  const { t } = useTranslation();
  const options: (readonly [PluginSort, string])[] = [
    ...(withRelevance ? [[PluginSort.RELEVANCE, t('square.sortRelevance')] as const] : []),
    [PluginSort.LATEST, t('square.sortLatest')] as const,
    [PluginSort.MOST_POPULAR, t('square.sortPopular')] as const,
    [PluginSort.HIGHEST_RATED, t('square.sortRated')] as const,
    [PluginSort.NEWEST, t('square.sortNewest')] as const,
    [PluginSort.NAME, t('square.sortName')] as const,
    ...(sort === PluginSort.TRENDING ? [[PluginSort.TRENDING, t('square.trending')] as const] : []),
  ];
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

/** The minimum ratings the filter offers, in stars. */
export const RATING_CHOICES = [4, 3] as const;

/**
 * The square's filters: design tool (`PLUGIN_PLATFORMS`, by their brand names; Figma includes
 * FigJam) and minimum rating (4+ or 3+ stars), as two labelled native selects, a "verified
 * publishers only" checkbox, and a button that clears them all while any is set. Each change calls
 * `onChange` with the new value (`null` / `0` / `false` for none).
 */
export function FilterBar({
  platform,
  rating,
  verified,
  onChange,
}: {
  platform: PluginPlatform | null;
  rating: number;
  verified: boolean;
  onChange: (patch: { platform?: PluginPlatform | null; rating?: number; verified?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="filter-bar">
      <legend className="sr-only">{t('square.filters')}</legend>
      <label htmlFor={`${id}-platform`} className="sr-only">
        {t('square.platform')}
      </label>
      <select
        id={`${id}-platform`}
        name="platform"
        className="filter-select"
        value={platform ?? ''}
        onChange={(e) => onChange({ platform: (e.target.value || null) as PluginPlatform | null })}
      >
        <option value="">{t('square.allPlatforms')}</option>
        {PLUGIN_PLATFORMS.map((slug) => (
          <option key={slug} value={slug}>
            {platformName(slug)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-rating`} className="sr-only">
        {t('square.rating')}
      </label>
      <select
        id={`${id}-rating`}
        name="rating"
        className="filter-select"
        value={String(rating)}
        onChange={(e) => onChange({ rating: Number(e.target.value) })}
      >
        <option value="0">{t('square.anyRating')}</option>
        {(RATING_CHOICES as readonly number[])
          .concat(rating > 0 && !RATING_CHOICES.includes(rating as 4) ? [rating] : [])
          .map((n) => (
            <option key={n} value={String(n)}>
              {t('square.ratingAtLeast', { n })}
            </option>
          ))}
      </select>
      <label className="filter-check">
        <input
          type="checkbox"
          name="verified"
          checked={verified}
          onChange={(e) => onChange({ verified: e.target.checked })}
        />
        {t('square.verifiedOnly')}
      </label>
      {(platform !== null || rating > 0 || verified) && (
        <button
          type="button"
          className="chip chip-button"
          onClick={() => onChange({ platform: null, rating: 0, verified: false })}
        >
          {t('square.clearFilters')}
        </button>
      )}
    </fieldset>
  );
}
