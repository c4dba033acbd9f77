/**
 * Browser-native form validation messages in the interface language (English bubbles on a
 * Chinese page). The browser words its constraint-validation bubbles in its own UI language; one
 * capture-phase `invalid` listener on the document replaces each with the current locale's text of
 * the `validation` section (HTML Living Standard, "Constraint validation": `setCustomValidity`,
 * `ValidityState`), and the next `input` or `change` of that control clears it again so the browser
 * re-validates the new value. A message the app set itself (`setCustomValidity` elsewhere) is left
 * alone.
 *
 * @packageDocumentation
 */
import { formatNumber } from '../format';
import { currentLocale, i18n } from './i18n';

/** A form control with constraint validation. */
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

/** Controls whose custom validity message this module set (so it clears only its own). */
const ours = new WeakSet<Control>();

/** A number attribute in the locale's digits; a non-number one (a date's `min`) as written. */
function limit(control: Control, value: string | number): string {
  if (typeof value === 'number') return formatNumber(value, currentLocale());
  const numeric = control.type === 'number' || control.type === 'range';
  return numeric && value.trim() !== '' && Number.isFinite(Number(value))
    ? formatNumber(Number(value), currentLocale())
    : value;
}

/**
 * The localised message for `control`'s failed constraint, or `''` when it has none (valid, or only
 * the app's own custom error). Exported for tests; texts from the main namespace's `validation`.
 */
export function validationMessage(control: Control): string {
  const v = control.validity;
  const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(`validation.${key}`, options);
  const input = control instanceof HTMLInputElement ? control : undefined;
  const type = input?.type ?? '';
  if (v.valueMissing) {
    if (type === 'checkbox') return t('requiredCheckbox');
    if (type === 'radio' || control instanceof HTMLSelectElement) return t('requiredChoice');
    if (type === 'file') return t('requiredFile');
    return t('required');
  }
  if (v.badInput) return type === 'number' ? t('number') : t('invalid');
  if (v.typeMismatch) {
    if (type === 'email') return t('email');
    if (type === 'url') return t('url');
    return t('invalid');
  }
  const length = 'value' in control ? control.value.length : 0;
  if (v.tooShort) {
    const min = (control as HTMLInputElement | HTMLTextAreaElement).minLength;
    return t('tooShort', { min: limit(control, min), length: limit(control, length), count: min });
  }
  if (v.tooLong) {
    const max = (control as HTMLInputElement | HTMLTextAreaElement).maxLength;
    return t('tooLong', { max: limit(control, max), length: limit(control, length), count: max });
  }
  if (v.rangeUnderflow) return t('rangeUnderflow', { min: limit(control, input?.min ?? '') });
  if (v.rangeOverflow) return t('rangeOverflow', { max: limit(control, input?.max ?? '') });
  if (v.stepMismatch && input) {
    const step = Number(input.step);
    const value = Number(input.value);
    const base = input.min !== '' && Number.isFinite(Number(input.min)) ? Number(input.min) : 0;
    if ((type === 'number' || type === 'range') && step > 0 && Number.isFinite(value)) {
      const below = base + Math.floor((value - base) / step) * step;
      // Round away binary noise (0.1 + 0.2) to the step's own decimals.
      const decimals = (input.step.split('.')[1] ?? '').length;
      const round = (x: number) => Number(x.toFixed(Math.min(decimals, 20)));
      return t('stepMismatch', {
        below: limit(control, round(below)),
        above: limit(control, round(below + step)),
      });
    }
    return t('invalid');
  }
  if (v.patternMismatch) {
    const hint = control.title.trim();
    return hint ? t('patternHint', { hint }) : t('pattern');
  }
  return '';
}

function onInvalid(event: Event): void {
  const control = event.target;
  if (!isControl(control)) return;
  // The app's own message stays; ours is recomputed (the value or the language may have changed).
  if (control.validity.customError && !ours.has(control)) return;
  control.setCustomValidity('');
  const message = validationMessage(control);
  if (!message) return;
  control.setCustomValidity(message);
  ours.add(control);
}

function onEdit(event: Event): void {
  const control = event.target;
  if (!isControl(control) || !ours.has(control)) return;
  ours.delete(control);
  control.setCustomValidity('');
}

/**
 * Installs the listeners on `doc` (capture phase, so every control of the page, `invalid` does not
 * bubble): once per document, later calls do nothing. Returns a function that removes them (tests).
 */
export function installValidationMessages(doc: Document = document): () => void {
  const installed = installedOn.get(doc);
  if (installed) return installed;
  doc.addEventListener('invalid', onInvalid, true);
  doc.addEventListener('input', onEdit, true);
  doc.addEventListener('change', onEdit, true);
  const remove = () => {
    doc.removeEventListener('invalid', onInvalid, true);
    doc.removeEventListener('input', onEdit, true);
    doc.removeEventListener('change', onEdit, true);
    installedOn.delete(doc);
  };
  installedOn.set(doc, remove);
  return remove;
}

const installedOn = new WeakMap<Document, () => void>();
