/**
 * Browser validation messages in the interface language: one capture-phase `invalid`
 * listener sets the localised message by `ValidityState`, the next `input`/`change` clears it, and a
 * message the app set itself is left alone.
 */
import { act, cleanup, fireEvent } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n';
import { installValidationMessages, validationMessage } from './validation';

let remove: () => void = () => {};
beforeAll(() => {
  remove = installValidationMessages(document);
});
afterAll(() => remove());
afterEach(async () => {
  cleanup();
  document.body.innerHTML = '';
  await act(() => setLanguage('zh-CN', { persist: false }));
});

/** A control from HTML, in a form on the page; `check` runs constraint validation (fires `invalid`). */
function control<T extends HTMLElement = HTMLInputElement>(html: string): T & { check: () => string } {
  const form = document.createElement('form');
  form.innerHTML = html;
  document.body.append(form);
  const el = form.firstElementChild as T & HTMLInputElement & { check: () => string };
  el.check = () => {
    el.checkValidity();
    return el.validationMessage;
  };
  return el as T & { check: () => string };
}

describe('validation messages', () => {
  it('words a missing value in Chinese by default, by control type', () => {
    expect(control('<input required>').check()).toBe('请填写此字段。');
    expect(control('<input type="checkbox" required>').check()).toBe('请勾选此复选框以继续。');
    expect(control('<select required><option value="">-</option></select>').check()).toBe('请选择一个选项。');
    expect(control('<input type="file" required>').check()).toBe('请选择文件。');
    expect(control('<textarea required></textarea>').check()).toBe('请填写此字段。');
  });

  it('words type, range, step and pattern failures with their limits, in the current language', async () => {
    await act(() => setLanguage('en-US', { persist: false }));
    expect(control('<input type="email" value="nope">').check()).toBe(
      'Please enter an email address, e.g. name@example.com.',
    );
    expect(control('<input type="url" value="nope">').check()).toBe(
      'Please enter a web address, e.g. https://example.com.',
    );
    expect(control('<input type="number" min="1000" value="5">').check()).toBe(
      'The value must be 1,000 or more.',
    );
    expect(control('<input type="number" max="10" value="11">').check()).toBe(
      'The value must be 10 or less.',
    );
    expect(control('<input type="number" step="0.5" value="1.2">').check()).toBe(
      'Please enter a valid value. The two nearest valid values are 1 and 1.5.',
    );
    expect(control('<input pattern="[a-z]+" value="ABC">').check()).toBe(
      'Please match the requested format.',
    );
    expect(control('<input pattern="[a-z]+" title="lower-case letters" value="ABC">').check()).toBe(
      'Please match the requested format: lower-case letters',
    );
    await act(() => setLanguage('ja-JP', { persist: false }));
    expect(control('<input required>').check()).toBe('このフィールドを入力してください。');
    await act(() => setLanguage('ko-KR', { persist: false }));
    expect(control('<input type="number" max="10" value="11">').check()).toBe(
      '10 이하의 값을 입력해 주세요.',
    );
  });

  it('words length limits with the limit and the current length (browsers flag them after an edit)', async () => {
    await act(() => setLanguage('en-US', { persist: false }));
    // Browsers set tooShort/tooLong only for values the person typed; the state is given here.
    const flagged = (html: string, state: Partial<ValidityState>) => {
      const el = control(html);
      Object.defineProperty(el, 'validity', { value: { ...el.validity, valid: false, ...state } });
      return validationMessage(el);
    };
    expect(flagged('<input minlength="5" value="abc">', { tooShort: true })).toBe(
      'Please use at least 5 characters (you are using 3).',
    );
    expect(flagged('<textarea maxlength="2000">abc</textarea>', { tooLong: true })).toBe(
      'Please use at most 2,000 characters (you are using 3).',
    );
    expect(flagged('<input type="number">', { badInput: true })).toBe('Please enter a number.');
    expect(flagged('<input>', { valid: true })).toBe('');
  });

  it('clears its message on the next input, so the new value is validated afresh', () => {
    const input = control('<input required>');
    expect(input.check()).toBe('请填写此字段。');
    expect(input.validity.valid).toBe(false);
    input.value = 'filled';
    fireEvent.input(input);
    expect(input.validationMessage).toBe('');
    expect(input.validity.valid).toBe(true);
    expect(input.check()).toBe('');
  });

  it("leaves the app's own custom message alone", () => {
    const input = control('<input required>');
    input.setCustomValidity('Server says no');
    expect(input.check()).toBe('Server says no');
    fireEvent.input(input);
    expect(input.validationMessage).toBe('Server says no');
  });

  it('installs once per document', () => {
    expect(installValidationMessages(document)).toBe(remove);
  });
});
