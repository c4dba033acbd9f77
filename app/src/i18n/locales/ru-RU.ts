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
  // --- issue 15, cookie consent (helper "consent"): the notice, its settings, the footer button ---
  consent: {
    title: 'Мы используем файлы cookie',
    body: 'Строго необходимые файлы cookie обеспечивают работу сайта. С вашего согласия мы также используем маркетинговые файлы cookie, чтобы подсчитывать посещения и клики и улучшать продукт. Изменить выбор можно в любой момент в разделе «Настройки cookie» внизу страницы.',
    policy: 'Условия использования',
    rejectAll: 'Отклонить все',
    settings: 'Настройки',
    acceptAll: 'Принять все',
    settingsTitle: 'Настройки cookie',
    settingsIntro: 'Выберите, какие файлы cookie может использовать сайт. Ваш выбор хранится один год.',
    necessary: 'Строго необходимые',
    alwaysActive: 'Всегда включены',
    necessaryDesc: 'Язык, вход в систему и этот выбор. Без них сайт не работает.',
    marketing: 'Маркетинговые',
    marketingDesc:
      'Статистика просмотров страниц и кликов, которая отправляется на наш собственный сервер для улучшения продукта.',
    save: 'Сохранить',
    cancel: 'Отмена',
  },
};
