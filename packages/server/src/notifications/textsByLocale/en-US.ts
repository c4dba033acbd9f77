/** The notification e-mails' texts in en-US (see `../mailTexts.ts`). */
import type { NotificationMailTexts } from '../mailTexts';

export const enUS: NotificationMailTexts = {
  subject: {
    submission_approved: '“{plugin}” is approved',
    submission_rejected: '“{plugin}” was not approved',
    review_posted: 'New review of “{plugin}”',
    plugin_deleted_by_admin: '“{plugin}” was deleted by an administrator',
  },
  lead: {
    submission_approved: 'Version {version} of your plugin “{plugin}” is approved and live on Plugin Center.',
    submission_rejected: 'Version {version} of your plugin “{plugin}” was not approved.',
    review_posted: 'Someone reviewed your plugin “{plugin}”.',
    plugin_deleted_by_admin: 'An administrator deleted your plugin “{plugin}” from Plugin Center.',
  },
  reason: 'Reason: {reason}',
  rating: 'Rating: {rating} of 5 stars',
  reviewTitle: 'Title: {title}',
  open: 'Your notifications: {url}',
  footer: 'You get this e-mail because you publish plugins on Plugin Center.',
  unsubscribe: 'No more e-mails like this: {url}',
  kindName: {
    submission_approved: 'e-mails about approved submissions',
    submission_rejected: 'e-mails about rejected submissions',
    review_posted: 'e-mails about reviews of your plugins',
    plugin_deleted_by_admin: 'e-mails about plugins deleted by an administrator',
  },
  page: {
    title: 'Notification e-mails',
    confirm: 'Turn off {kind}?',
    button: 'Turn off',
    done: 'Done: no more {kind}. Your notifications stay in Plugin Center, and you can turn these e-mails on again there.',
    invalid:
      'This link is invalid or has expired. Change your e-mail settings on the notifications page of Plugin Center.',
  },
};
