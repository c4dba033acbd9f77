import { NOTIFICATION_KINDS, type Notification, type NotificationKind } from '@plugin-center/contract';
import {
  useNotificationPreferences,
  useNotifications,
  usePluginAction,
} from '@plugin-center/react/backoffice';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { announceNotificationsChanged } from '../../components/header/notificationEvents';
import { formatDateTime } from '../../format';
import { useNotificationsTexts } from '../../i18n/notifications/texts';
import { detailPath } from '../../routes';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { Check } from '../../ui/Field';
import { Pager } from '../../ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { SignedInRoute } from '../SignedInRoute';
import '../../ui/forms.css';
import './notifications.css';

/**
 * `/notifications`: the signed-in person's notifications ({@link NotificationList}) and their e-mail
 * preferences ({@link EmailPreferences}); a visitor is sent to sign in (back here afterwards).
 */
export function NotificationsPage() {
  const { t } = useNotificationsTexts();
  useDocumentTitle(t('title'));
  return (
    <SignedInRoute loading={t('loading')} signingIn={t('signingIn')}>
      <section className="notifications">
        <NotificationList />
        <EmailPreferences />
      </section>
    </SignedInRoute>
  );
}

/**
 * The notifications from `plugin.notificationList()`, newest first, "Load more" with `next_cursor`:
 * each with its text by kind (the plugin's name as it was, the version, the rejection's reason, the
 * review's stars and title), its time, a link to the plugin (not for a deleted one), and while
 * unread a dot, `data-state="unread"` and a "Mark as read" button; "Mark all as read" while any is
 * unread. Loading, error (Retry) and empty states. A mark read is announced to the header's bell.
 */
export function NotificationList() {
  const { t, locale } = useNotificationsTexts();
  const list = useNotifications();
  const readOne = usePluginAction('readNotification');
  const readAll = usePluginAction('readAllNotifications');
  const firstPage = list.pages.length > 0;
  const unread = list.total;

  const afterRead = (status: string) => {
    if (status === 'error') {
      notify(t('actionError'), 'error');
      return;
    }
    list.reload();
    announceNotificationsChanged();
  };

  return (
    <div aria-busy={list.status === 'requesting' || list.isLoadingMore}>
      <header className="notifications-head">
        <h1>{t('title')}</h1>
        {firstPage && list.items.length > 0 && (
          <Button
            onClick={async () => afterRead((await readAll.run(undefined as never)).status)}
            disabled={unread === 0}
            loading={readAll.status === 'running'}
          >
            {t('markAllRead')}
          </Button>
        )}
      </header>
      {!firstPage && list.status !== 'error' && <LoadingState label={t('loading')} />}
      {!firstPage && list.status === 'error' && <ErrorState message={t('error')} onRetry={list.reload} />}
      {firstPage && list.items.length === 0 && <EmptyState title={t('empty')} hint={t('emptyHint')} />}
      {list.items.length > 0 && (
        <ul className="notification-list" data-testid="notifications">
          {list.items.map((n) => (
            <NotificationItem
              key={n.id}
              n={n}
              locale={locale}
              busy={readOne.status === 'running'}
              onRead={async () => afterRead((await readOne.run({ id: n.id })).status)}
            />
          ))}
        </ul>
      )}
      <Pager list={list} more={t('loadMore')} loading={t('loading')} error={t('error')} />
    </div>
  );
}

function NotificationItem({
  n,
  locale,
  busy,
  onRead,
}: {
  n: Notification;
  locale: string;
  busy: boolean;
  onRead(): void;
}) {
  const { t } = useNotificationsTexts();
  const p = n.payload;
  const values = { plugin: p.plugin_name, version: p.version ?? '' };
  const isUnread = n.read_at === null;
  return (
    <li className="notification" data-state={isUnread ? 'unread' : 'read'} data-kind={n.kind}>
      <span className="notification-dot" aria-hidden="true" />
      <div className="notification-body">
        <p className="notification-text" id={`notification-${n.id}`}>
          {isUnread && <span className="sr-only">{t('unread')}: </span>}
          {t(`kinds.${n.kind}`, values)}
        </p>
        {n.kind === 'submission_rejected' && p.reason && <p>{t('reason', { reason: p.reason })}</p>}
        {n.kind === 'review_posted' && p.rating !== undefined && <p>{t('rating', { rating: p.rating })}</p>}
        {n.kind === 'review_posted' && p.title && <p>{t('reviewTitle', { title: p.title })}</p>}
        <span className="notification-meta">
          <time dateTime={new Date(n.create_time).toISOString()}>
            {formatDateTime(n.create_time, locale)}
          </time>
          {n.kind !== 'plugin_deleted_by_admin' && (
            <Link to={detailPath(p.plugin_key)}>{t('viewPlugin')}</Link>
          )}
        </span>
      </div>
      {isUnread && (
        <Button
          variant="text"
          size="small"
          onClick={onRead}
          disabled={busy}
          aria-describedby={`notification-${n.id}`}
        >
          {t('markRead')}
        </Button>
      )}
    </li>
  );
}

/**
 * The e-mail preferences: one checkbox per kind (on until turned off), each saved on its own when
 * changed (`saveNotificationPreferences` with that kind only; one save at a time, the boxes keep
 * their focus meanwhile); the boxes show the saved answer, and a box goes back with an error toast
 * when its save fails; when the server sends no e-mail, a note instead of the boxes.
 */
export function EmailPreferences() {
  const { t } = useNotificationsTexts();
  const { preferences, status, reload } = useNotificationPreferences();
  const save = usePluginAction('saveNotificationPreferences');
  const [email, setEmail] = useState(preferences?.email);
  useEffect(() => setEmail(preferences?.email), [preferences]);

  const change = async (kind: NotificationKind, on: boolean) => {
    // One save at a time (a change while one runs is not taken: the box stays as it is).
    if (!email || save.status === 'running') return;
    setEmail({ ...email, [kind]: on });
    const done = await save.run({ email: { [kind]: on } });
    if (done.status === 'success' && done.data) {
      setEmail(done.data.email);
      notify(t('email.saved'), 'success');
    } else {
      setEmail((current) => current && { ...current, [kind]: !on });
      notify(t('actionError'), 'error');
    }
  };

  return (
    <section className="notification-email" aria-labelledby="notification-email-title">
      <h2 id="notification-email-title">{t('email.title')}</h2>
      {status === 'error' && <ErrorState message={t('email.error')} onRetry={reload} />}
      {status !== 'error' && !preferences && <LoadingState label={t('loading')} inline />}
      {preferences && !preferences.email_available && <p>{t('email.unavailable')}</p>}
      {preferences?.email_available && email && (
        <fieldset aria-busy={save.status === 'running'}>
          <legend>{t('email.intro')}</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <Check
              key={kind}
              name={kind}
              checked={email[kind]}
              onChange={(event) => void change(kind, event.currentTarget.checked)}
            >
              {t(`email.kinds.${kind}`)}
            </Check>
          ))}
        </fieldset>
      )}
    </section>
  );
}
