import type { PartialMessages } from '../messages';

/** ru-RU texts (SPEC §1): partial; i18next falls back to en-US for every key not given here. */
export const ruRU: PartialMessages = {
  app: { name: 'Центр плагинов', home: 'Каталог плагинов', language: 'Язык' },
  square: {
    title: 'Каталог плагинов',
    all: 'Все',
    sortLatest: 'Новые',
    sortPopular: 'Популярные',
    sortRelevance: 'По релевантности',
    suggestions: 'Подсказки',
    suggestTag: 'Тег',
    search: 'Поиск плагинов',
    loadMore: 'Загрузить ещё',
    retry: 'Повторить',
  },
  recommend: { title: 'Рекомендуемые плагины', refresh: 'Обновить' },
  detail: { close: 'Закрыть', copyLink: 'Копировать ссылку' },
  forbidden: { message: 'У вас нет прав для доступа к этой странице', backHome: 'На главную' },
  // --- issue 15, browser validation messages (helper "i18n", see i18n/validation.ts) ---
  validation: {
    required: 'Заполните это поле.',
    requiredCheckbox: 'Чтобы продолжить, установите этот флажок.',
    requiredChoice: 'Выберите один из вариантов.',
    requiredFile: 'Выберите файл.',
    email: 'Введите адрес электронной почты, например name@example.com.',
    url: 'Введите веб-адрес, например https://example.com.',
    number: 'Введите число.',
    invalid: 'Введите допустимое значение.',
    tooShort: 'Минимальная длина: {{min}} симв. (сейчас {{length}}).',
    tooLong: 'Максимальная длина: {{max}} симв. (сейчас {{length}}).',
    rangeUnderflow: 'Значение должно быть не меньше {{min}}.',
    rangeOverflow: 'Значение должно быть не больше {{max}}.',
    stepMismatch: 'Введите допустимое значение. Ближайшие допустимые значения: {{below}} и {{above}}.',
    pattern: 'Введите значение в требуемом формате.',
    patternHint: 'Введите значение в требуемом формате: {{hint}}',
  },
};
