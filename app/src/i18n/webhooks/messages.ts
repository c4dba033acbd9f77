import type { MessageShape } from '../messageShape';
import type { texts as enUS } from './en-US';

/**
 * The shape of the `webhooks` namespace (the back office's webhooks page) in every locale: every
 * key of the en-US file, each a string. The locale files import it; en-US, its source, imports nothing.
 */
export type WebhooksMessages = MessageShape<typeof enUS>;
