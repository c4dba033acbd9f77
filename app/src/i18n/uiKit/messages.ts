import type { MessageShape } from '../messageShape';
import type { texts as enUS } from './en-US';

/**
 * The shape of the `uiKit` namespace (the `/ui-kit` developer page) in every locale: every key of
 * the en-US file, each a string. The locale files import it; en-US, its source, imports nothing.
 */
export type UiKitMessages = MessageShape<typeof enUS>;
