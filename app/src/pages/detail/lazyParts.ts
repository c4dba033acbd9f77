/**
 * The parts of a plugin's detail loaded only when shown, shared by the dialog (`DetailBody`) and the
 * full page (`PluginDetailPage`): each its own chunk with its texts (`lazyWithTexts`).
 *
 * @packageDocumentation
 */
import { lazyWithTexts } from '../../i18n/i18n';

/** The deprecation banner and the owner's "Unlisted" note, with the `publish` texts. */
export const DetailNotice = lazyWithTexts(() =>
  import('./DetailNotice').then((m) => ({ default: m.DetailNotice })),
);

/** The ratings and reviews with their texts (nothing shows until its chunk and texts are there). */
export const RatingsSection = lazyWithTexts(() =>
  import('./RatingsSection').then((m) => ({ default: m.RatingsSection })),
);
