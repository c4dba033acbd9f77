import type { MessageShape } from '../messageShape';
import type { texts as enUS } from './en-US';

/**
 * The shape of the `publishers` namespace (publisher pages, the profile settings, the back office's
 * mark) in every locale: every key of the en-US file, each a string.
 */
export type PublishersMessages = MessageShape<typeof enUS>;
