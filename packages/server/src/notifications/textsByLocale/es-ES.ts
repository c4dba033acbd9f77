/** The notification e-mails' texts in es-ES (see `../mailTexts.ts`). */
import type { NotificationMailTexts } from '../mailTexts';

export const esES: NotificationMailTexts = {
  subject: {
    submission_approved: '«{plugin}» ha sido aprobado',
    submission_rejected: '«{plugin}» no ha sido aprobado',
    review_posted: 'Nueva reseña de «{plugin}»',
    plugin_deleted_by_admin: 'Un administrador ha eliminado «{plugin}»',
  },
  lead: {
    submission_approved:
      'La versión {version} de tu plugin «{plugin}» ha sido aprobada y ya está publicada en el Centro de plugins.',
    submission_rejected: 'La versión {version} de tu plugin «{plugin}» no ha sido aprobada.',
    review_posted: 'Alguien ha escrito una reseña de tu plugin «{plugin}».',
    plugin_deleted_by_admin: 'Un administrador ha eliminado tu plugin «{plugin}» del Centro de plugins.',
  },
  reason: 'Motivo: {reason}',
  rating: 'Valoración: {rating} de 5 estrellas',
  reviewTitle: 'Título: {title}',
  open: 'Tus notificaciones: {url}',
  footer: 'Recibes este correo porque publicas plugins en el Centro de plugins.',
  unsubscribe: 'No recibir más correos como este: {url}',
  kindName: {
    submission_approved: 'los correos de versiones aprobadas',
    submission_rejected: 'los correos de versiones rechazadas',
    review_posted: 'los correos de reseñas de tus plugins',
    plugin_deleted_by_admin: 'los correos de plugins eliminados por un administrador',
  },
  page: {
    title: 'Correos de notificación',
    confirm: '¿Desactivar {kind}?',
    button: 'Desactivar',
    done: 'Hecho: {kind} están desactivados. Tus notificaciones siguen en el Centro de plugins, donde puedes volver a activar estos correos.',
    invalid:
      'Este enlace no es válido o ha caducado. Cambia tus ajustes de correo en la página de notificaciones del Centro de plugins.',
  },
};
