import type { MirroringMessages } from './messages';

/** ru-RU texts of the back office's mirroring page. */
export const texts: MirroringMessages = {
  title: 'Зеркалирование',
  intro: 'Одобренные плагины из другого Plugin Center; подпись каждой версии проверяется до сохранения.',
  notMirror:
    'Это развёртывание не зеркалирует другой Plugin Center. Задайте UPSTREAM_URL, чтобы получать одобренные плагины источника.',
  upstream: 'Источник',
  allowlist: 'Список разрешённых',
  allowAll: 'Все одобренные плагины',
  allowKeys: 'Ключи плагинов: {{list}}',
  allowTags: 'Теги: {{list}}',
  allowPublishers: 'Издатели: {{list}}',
  interval: 'Автоматическая загрузка',
  intervalEvery: 'Каждые {{count}} мин',
  intervalOff: 'Выключена',
  mirrored: 'Зеркалированные плагины',
  lastPull: 'Последняя загрузка',
  never: 'Загрузок ещё не было',
  sourcePull: 'Из {{upstream}}, начата {{time}}',
  sourceBundle: 'Пакет из {{upstream}}, импортирован {{time}}',
  running: 'Идёт загрузка…',
  counts: 'добавлено {{added}}, обновлено {{updated}}, снято {{withdrawn}}, ошибок {{failed}}',
  quiet: 'без изменений {{unchanged}}, вне списка разрешённых {{skipped}}',
  stopped: 'Остановлена: {{error}}',
  failures: 'Ошибки',
  pullNow: 'Загрузить сейчас',
  pulling: 'Загрузка…',
  pulled: 'Загрузка завершена',
  pullFailed: 'Не удалось выполнить загрузку',
  loading: 'Загрузка…',
  loadError: 'Не удалось загрузить состояние зеркалирования',
};
