import type { MessageShape } from '../messageShape';
import type { texts as enUS } from './en-US';

/**
 * The shape of the `publish` namespace (publishing and review) in every locale: every key of the en-US file, each a string (plus the
 * plural forms a language needs). The locale files import it; en-US, its source, imports nothing.
 */
export type PublishMessages = MessageShape<typeof enUS>;
