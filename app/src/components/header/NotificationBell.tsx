import { useUnreadNotificationCount } from '@plugin-center/react/backoffice';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { notificationsTextsReady, useNotificationsTexts } from '../../i18n/notifications/texts';
import { Badge } from '../../ui/Badge';
import { SvgIcon } from '../Icons';
import { onNotificationsChanged } from './notificationEvents';
import './notificationBell.css';

/** Where the bell leads (router basename `/plugins`). */
export const NOTIFICATIONS_PATH = '/notifications';

/**
 * The header's bell for a signed-in person: a link to the notifications page with the unread count
 * as a badge (99+ above 99, none at 0), its accessible name saying the count. The count is read when
 * the bell mounts, again when the notifications page marks some read, and when the tab becomes
 * visible again. In the header's chunk loaded after the first paint (`deferred.ts`), so the
 * square's first load carries none of it; nothing shows until its texts in the current language are
 * there.
 */
export function NotificationBell() {
  const { t } = useNotificationsTexts();
  const [textsReady, setTextsReady] = useState(false);
  useEffect(() => {
    let live = true;
    void notificationsTextsReady.then(() => live && setTextsReady(true));
    return () => {
      live = false;
    };
  }, []);
  const { unread, reload } = useUnreadNotificationCount();
  useEffect(() => {
    const visible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', visible);
    const off = onNotificationsChanged(reload);
    return () => {
      off();
      document.removeEventListener('visibilitychange', visible);
    };
  }, [reload]);
  if (!textsReady) return null;
  const label = unread ? t('bellUnread', { n: unread }) : t('bell');
  return (
    <Link className="nav-link notification-bell" to={NOTIFICATIONS_PATH} aria-label={label} title={label}>
      <Badge count={unread}>
        <SvgIcon size={20}>
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </SvgIcon>
      </Badge>
    </Link>
  );
}
