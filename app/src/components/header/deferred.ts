/**
 * The parts of the site header loaded right after the first paint, in one chunk outside the square's
 * first load (100 KB gzip budget): the product menus, the scroll states with the
 * scroll-to-top button, and the notification bell of signed-in people.
 *
 * @packageDocumentation
 */
export { HeaderMenus } from './HeaderMenus';
export { HeaderScroll } from './HeaderScroll';
export { NotificationBell } from './NotificationBell';
