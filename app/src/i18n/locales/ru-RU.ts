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
  // Issue 15 (helper "desktop"): the desktop client's header (SPEC §2).
  desktop: {
    navigation: 'Навигация по окну',
    back: 'Назад',
    forward: 'Вперёд',
    home: 'Главная плагинов',
    openFile: 'Открыть файл',
    adminMenu: 'Администрирование',
    management: 'Панель управления',
    newWindow: '(откроется в новом окне)',
    account: 'Учётная запись: {{name}}',
  },
};
