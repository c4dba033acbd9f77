/** The notification e-mails' texts in ru-RU (see `../mailTexts.ts`). */
import type { NotificationMailTexts } from '../mailTexts';

export const ruRU: NotificationMailTexts = {
  subject: {
    submission_approved: '«{plugin}» одобрен',
    submission_rejected: '«{plugin}» не одобрен',
    review_posted: 'Новый отзыв о «{plugin}»',
    plugin_deleted_by_admin: '«{plugin}» удалён администратором',
  },
  lead: {
    submission_approved:
      'Версия {version} вашего плагина «{plugin}» одобрена и опубликована в Центре плагинов.',
    submission_rejected: 'Версия {version} вашего плагина «{plugin}» не одобрена.',
    review_posted: 'О вашем плагине «{plugin}» оставили отзыв.',
    plugin_deleted_by_admin: 'Администратор удалил ваш плагин «{plugin}» из Центра плагинов.',
  },
  reason: 'Причина: {reason}',
  rating: 'Оценка: {rating} из 5',
  reviewTitle: 'Заголовок: {title}',
  open: 'Ваши уведомления: {url}',
  footer: 'Вы получили это письмо, потому что публикуете плагины в Центре плагинов.',
  unsubscribe: 'Больше не присылать такие письма: {url}',
  kindName: {
    submission_approved: 'письма об одобренных версиях',
    submission_rejected: 'письма об отклонённых версиях',
    review_posted: 'письма об отзывах на ваши плагины',
    plugin_deleted_by_admin: 'письма об удалении плагинов администратором',
  },
  page: {
    title: 'Уведомления по почте',
    confirm: 'Отключить {kind}?',
    button: 'Отключить',
    done: 'Готово: {kind} отключены. Уведомления остаются в Центре плагинов, там же письма можно включить снова.',
    invalid:
      'Ссылка недействительна или устарела. Измените настройки писем на странице уведомлений Центра плагинов.',
  },
};
