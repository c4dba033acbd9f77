import type { MessageShape } from '../messageShape';
import type { texts as enUS } from './en-US';

/**
 * The shape of the `ratings` namespace (plugin ratings and reviews, their moderation) in every
 * locale: every key of the en-US file, each a string. The locale files import it; en-US, its source,
 * imports nothing.
 */
export type RatingsMessages = MessageShape<typeof enUS>;
