/**
 * The detail dialog's code as a separate chunk (with Radix Dialog), kept out of the square's first
 * load (its JavaScript budget is 100 KB gzipped). A module of its own so that the card can preload the
 * chunk and `lazyPages.ts` can lazy-load the route element without either importing the other.
 *
 * @packageDocumentation
 */

/** Imports the detail dialog's chunk (once; later calls share the same promise). */
export const loadDetail = () => import('./PluginDetailDialog');

/** Starts loading the detail dialog's code (on a card's hover or focus) so opening it is instant. */
export function preloadDetail(): void {
  void loadDetail();
}
