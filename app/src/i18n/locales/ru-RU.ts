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
  ui: {
    confirm: 'ОК',
    cancel: 'Отмена',
    close: 'Закрыть',
    searchPlaceholder: 'Поиск',
    showPassword: 'Показать пароль',
    increase: 'Увеличить',
    decrease: 'Уменьшить',
    loading: 'Загрузка',
  },
};
