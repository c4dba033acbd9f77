import type { NotificationsMessages } from './messages';

/** es-ES texts of the notifications page, the header's bell and the e-mail preferences. */
export const texts: NotificationsMessages = {
  title: 'Notificaciones',
  bell: 'Notificaciones',
  bellUnread: 'Notificaciones, sin leer: {{n}}',
  loading: 'Cargando tus notificaciones…',
  signingIn: 'Te llevamos a iniciar sesión…',
  error: 'No se han podido cargar tus notificaciones.',
  empty: 'Aún no hay notificaciones',
  emptyHint: 'Aquí verás cuándo se aprueban, rechazan, reseñan o eliminan tus plugins.',
  markAllRead: 'Marcar todo como leído',
  markRead: 'Marcar como leído',
  unread: 'Sin leer',
  loadMore: 'Cargar más',
  actionError: 'No ha funcionado. Inténtalo de nuevo.',
  kinds: {
    submission_approved: 'La versión {{version}} de «{{plugin}}» ha sido aprobada',
    submission_rejected: 'La versión {{version}} de «{{plugin}}» no ha sido aprobada',
    review_posted: 'Nueva reseña de «{{plugin}}»',
    plugin_deleted_by_admin: 'Un administrador ha eliminado «{{plugin}}»',
  },
  reason: 'Motivo: {{reason}}',
  rating: 'Valoración: {{rating}} de 5',
  reviewTitle: 'Título: {{title}}',
  viewPlugin: 'Ver el plugin',
  email: {
    title: 'Notificaciones por correo',
    intro: 'Enviarme también un correo cuando:',
    unavailable: 'Este sitio no envía correos: tus notificaciones solo están aquí.',
    error: 'No se han podido cargar tus ajustes de correo.',
    saved: 'Ajustes de correo guardados',
    kinds: {
      submission_approved: 'Se apruebe una versión mía',
      submission_rejected: 'No se apruebe una versión mía',
      review_posted: 'Alguien reseñe uno de mis plugins',
      plugin_deleted_by_admin: 'Un administrador elimine uno de mis plugins',
    },
  },
};
