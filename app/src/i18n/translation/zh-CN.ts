import type { Messages } from './messages';
import { texts as pages } from './zhCNPages';
import { texts as square } from './zhCNSquare';

/**
 * zh-CN texts of the marketplace: the default locale (SPEC §1, §9), complete. The app bundles the
 * square's part (`./zhCNSquare.ts`) and loads the lazily loaded pages' part (`./zhCNPages.ts`) with
 * them; this whole catalogue is what the tests and tools read.
 */
export const texts: Messages = { ...square, ...pages };
