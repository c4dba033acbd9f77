import type { BackofficeNavMessages } from './messages';

/** ru-RU navigation labels of the back-office pages (`backofficeNav` namespace), complete. */
export const texts: BackofficeNavMessages = {
  resourceStates: 'Места в подборке',
  banners: 'Баннеры',
  recommendation: 'Рекомендации',
  people: 'Пользователи',
  spaceSetting: 'Настройки пространства',
  iconfont: 'Иконочный шрифт',
  pexels: 'Pexels',
  ratingReports: 'Жалобы на отзывы',
  loginMethods: 'Способы входа',
  mirroring: 'Зеркалирование',
  webhooks: 'Вебхуки',
};
