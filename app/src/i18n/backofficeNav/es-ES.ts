import type { BackofficeNavMessages } from './messages';

/** es-ES navigation labels of the back-office pages (`backofficeNav` namespace), complete. */
export const texts: BackofficeNavMessages = {
  resourceStates: 'Espacios destacados',
  banners: 'Banners',
  recommendation: 'Recomendaciones',
  people: 'Personas',
  spaceSetting: 'Ajustes del espacio',
  iconfont: 'Fuente de iconos',
  pexels: 'Pexels',
  ratingReports: 'Reseñas denunciadas',
  loginMethods: 'Métodos de inicio de sesión',
  mirroring: 'Réplica',
  webhooks: 'Ganchos web (webhooks)',
};
