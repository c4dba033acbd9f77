import type { NotificationsMessages } from './messages';

/** ru-RU texts of the notifications page, the header's bell and the e-mail preferences. */
export const texts: NotificationsMessages = {
  title: 'Уведомления',
  bell: 'Уведомления',
  bellUnread: 'Уведомления, непрочитанных: {{n}}',
  loading: 'Загружаем уведомления…',
  signingIn: 'Переходим ко входу…',
  error: 'Не удалось загрузить уведомления.',
  empty: 'Уведомлений пока нет',
  emptyHint: 'Здесь появится, когда ваши плагины одобрят, отклонят, оценят или удалят.',
  markAllRead: 'Отметить все как прочитанные',
  markRead: 'Отметить как прочитанное',
  unread: 'Не прочитано',
  loadMore: 'Загрузить ещё',
  actionError: 'Не получилось. Попробуйте ещё раз.',
  kinds: {
    submission_approved: 'Версия {{version}} плагина «{{plugin}}» одобрена',
    submission_rejected: 'Версия {{version}} плагина «{{plugin}}» не одобрена',
    review_posted: 'Новый отзыв о «{{plugin}}»',
    plugin_deleted_by_admin: 'Администратор удалил «{{plugin}}»',
  },
  reason: 'Причина: {{reason}}',
  rating: 'Оценка: {{rating}} из 5',
  reviewTitle: 'Заголовок: {{title}}',
  viewPlugin: 'Открыть плагин',
  email: {
    title: 'Уведомления по почте',
    intro: 'Присылать письмо, когда:',
    unavailable: 'Этот сайт не отправляет писем: уведомления есть только здесь.',
    error: 'Не удалось загрузить настройки писем.',
    saved: 'Настройки писем сохранены',
    kinds: {
      submission_approved: 'Мою версию одобрили',
      submission_rejected: 'Мою версию не одобрили',
      review_posted: 'Кто-то оставил отзыв о моём плагине',
      plugin_deleted_by_admin: 'Администратор удалил мой плагин',
    },
  },
};
