/**
 * "The notifications changed" between the notifications page and the header's bell (both lazily
 * loaded): the page announces a mark read, the bell reads its unread count again. A window event,
 * so neither imports the other and the square's first load carries neither.
 */

const EVENT = 'plugin-center:notifications-changed';

/** Tells every listener that the account's notifications changed (read marks). */
export function announceNotificationsChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `listener` on every {@link announceNotificationsChanged}; returns the unsubscribe. */
export function onNotificationsChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
