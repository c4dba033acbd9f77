import type { MessageShape } from '../messageShape';
import type { texts as enUS } from './en-US';

/**
 * The shape of the `notifications` namespace (the notifications page, the header's bell, the e-mail
 * preferences) in every locale: every key of the en-US file, each a string.
 */
export type NotificationsMessages = MessageShape<typeof enUS>;
