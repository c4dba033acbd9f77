/**
 * The site header's constants (SPEC §4 "Header"; SPEC §9 "header carousel 2 s, 4 slides;
 * header scrolled threshold 20 px; avatar 30 px (32 desktop)"), apart from the links (`links.ts`,
 * loaded with the menus) so that the square's first load carries only these.
 *
 * @packageDocumentation
 */

/** The header's scrolled state starts when the page is scrolled this far, in px (SPEC §4, §9). */
export const HEADER_SCROLLED_THRESHOLD_PX = 20;
/** The tag-banner state starts when `scrollY + this` reaches the square's banner height, in px (SPEC §4). */
export const TAG_BANNER_OFFSET_PX = 40;
/** How long a hot pick shows before the carousel advances, in ms (SPEC §9 "header carousel 2 s"). */
export const HEADER_CAROUSEL_INTERVAL_MS = 2000;
/** How many hot picks the resource menu's carousel shows (SPEC §9 "4 slides"). */
export const HEADER_CAROUSEL_SLIDES = 4;
/** Edge of the header avatar, in px (SPEC §9 "avatar 30 px"). */
export const HEADER_AVATAR_PX = 30;
/** Edge of the header avatar in the desktop client, in px (SPEC §9 "32 desktop"). */
export const DESKTOP_HEADER_AVATAR_PX = 32;
/** Where the administrators' management entry opens, in a new window (SPEC §2): the audit list. */
export const MANAGEMENT_HREF = '/plugins/backstage-index/audit-list';

/** The header's product menus, in order (each a disclosure button with a dropdown section). */
export const HEADER_MENUS = ['products', 'resources', 'help'] as const;
/** One of {@link HEADER_MENUS}. */
export type HeaderMenuId = (typeof HEADER_MENUS)[number];
