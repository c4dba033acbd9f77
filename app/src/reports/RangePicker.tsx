import { useTranslation } from '../i18n/i18n';
import { RANGE_PRESETS, type RangePreset } from './range';

/**
 * The range picker of the analytics pages: a group of toggle buttons (7 / 30 / 90 days), the chosen
 * one `aria-pressed`. Plain buttons, so Tab reaches each and Enter or Space chooses it.
 */
export function RangePicker({
  preset,
  onChange,
}: {
  preset: RangePreset;
  onChange: (preset: RangePreset) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="segmented">
      <legend className="sr-only">{t('analytics.range')}</legend>
      {RANGE_PRESETS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={preset === days}
          data-days={days}
          onClick={() => onChange(days)}
        >
          {t('analytics.lastDays', { n: days })}
        </button>
      ))}
    </fieldset>
  );
}
