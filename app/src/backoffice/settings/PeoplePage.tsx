import type { AdminUser } from '@plugin-center/api';
import { useAdminInfo } from '@plugin-center/react';
import { useBackofficeAction, usePeopleList } from '@plugin-center/react/backoffice';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../toast/toastStore';
import { Tag } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { TextInput } from '../../ui/Field';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import '../../ui/backoffice.css';
import { formatDateTime } from '../../format';
import { pagerTexts, useBackofficeTexts } from '../../i18n/backoffice/texts';
import { usePublishersTexts } from '../../i18n/publishers/texts';
import { VerifiedBadge } from '../../pages/publisher/VerifiedBadge';
import { usePageView } from '../../paging/usePageView';
import { Pager } from '../../ui/Pager';

/** Role 1 (SPEC §1): the super admin, who alone makes and unmakes general admins. */
const SUPER_ADMIN = 1;
/** Role 2: a general admin, whom only the super admin disables or enables. */
const GENERAL_ADMIN = 2;

/**
 * Whether a caller of role `callerRole` may disable or enable `user` (the server's rule,
 * `PUT /api/cmt/manager/users/status`): never themselves or a super admin; a general user by any
 * administrator; a general admin by the super admin only.
 */
function canChangeStatus(callerRole: number | undefined, self: boolean, user: AdminUser): boolean {
  if (self || user.role === SUPER_ADMIN || callerRole === undefined) return false;
  return user.role === GENERAL_ADMIN
    ? callerRole === SUPER_ADMIN
    : callerRole === SUPER_ADMIN || callerRole === GENERAL_ADMIN;
}

/**
 * `/backstage-index/people` (SPEC §1 roles, §2 "user info"; admin only, behind
 * `AdminRoute`): the accounts newest first (`GET /api/cmt/manager/users`), 20 a page, searched by
 * email or name, each with name, email, role and join date (local time). The caller's role comes
 * from `GET /api/cmt/manager/verify`: a super admin (role 1) gets "Make admin" / "Remove admin" on
 * general users and general admins other than themselves, each after a confirmation
 * (`PUT /api/cmt/manager/users/role`, toast with the result or the server's message); a general
 * admin sees the list without these controls.
 *
 * Each row also shows the account's status ("Active" / "Disabled", `staff_status`) and, where the
 * caller may act (see {@link canChangeStatus}), "Disable" (after a confirmation) or "Enable"
 * (`PUT /api/cmt/manager/users/status`; a disabled person is signed out at once and cannot sign in,
 * not even through the company directory, until enabled), with a toast of the result or the
 * server's message.
 *
 * Any administrator marks an account a verified publisher or removes the mark ("Mark verified" /
 * "Remove verified mark", `PUT /api/cmt/manager/publisher/verified`, audit-logged); the row shows
 * the account's publisher handle and the verified badge.
 */
export function PeoplePage() {
  const { t } = useBackofficeTexts();
  useDocumentTitle(t('people.title'));
  return (
    <AdminRoute>
      <PeopleView />
    </AdminRoute>
  );
}

/** The list of {@link PeoplePage} (exported for the tests). */
export function PeopleView() {
  const { t, locale } = useBackofficeTexts();
  const id = useId();
  const me = useAdminInfo();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const list = usePeopleList({ keyword });
  const pages = usePageView(list);
  const roleChange = useBackofficeAction('setUserRole');
  const statusChange = useBackofficeAction('setUserStatus');
  const verifyChange = useBackofficeAction('setPublisherVerified');
  const pt = usePublishersTexts().t;
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [disableTarget, setDisableTarget] = useState<AdminUser | null>(null);
  const busy = roleChange.status === 'running';
  const statusBusy = statusChange.status === 'running';
  const isSuper = me.data?.role === SUPER_ADMIN;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(draft.trim());
    pages.reset();
  };

  /** The toast of a finished change: `done` (and the list reloaded) or the server's message. */
  const report = (res: { status: string; message: string | undefined }, done: string) => {
    if (res.status === 'success') {
      notify(done, 'success');
      pages.reload();
    } else notify(res.message || t('common.actionFailed'), 'error');
  };

  const apply = async (user: AdminUser) => {
    const role = user.role === 2 ? 0 : 2;
    const res = await roleChange.run({ user_id: user.user_id, role });
    setTarget(null);
    report(res, t(role === 2 ? 'people.made' : 'people.unmade', { name: user.nick_name || user.user_name }));
  };

  const changeStatus = async (user: AdminUser, staffStatus: 0 | 1) => {
    const res = await statusChange.run({ user_id: user.user_id, staff_status: staffStatus });
    setDisableTarget(null);
    const name = user.nick_name || user.user_name;
    report(res, t(staffStatus === 0 ? 'people.disabledToast' : 'people.enabledToast', { name }));
  };

  const changeVerified = async (user: AdminUser, verified: boolean) => {
    const res = await verifyChange.run({ user_id: user.user_id, verified });
    const name = user.nick_name || user.user_name;
    report(res, pt(verified ? 'adminMarked' : 'adminUnmarked', { name }));
  };

  const users = pages.items ?? [];
  const targetName = target ? target.nick_name || target.user_name : '';
  const making = target?.role !== 2;
  return (
    <section className="backstage bo-page">
      <BackstageHeader title={t('people.title')} />
      <p className="state-hint">{t('people.intro')}</p>
      {me.data && !isSuper && <p className="bo-muted">{t('people.readOnly')}</p>}
      <form className="bo-toolbar" onSubmit={search}>
        <label htmlFor={`${id}-q`}>{t('people.search')}</label>
        <TextInput
          id={`${id}-q`}
          type="search"
          value={draft}
          maxLength={254}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">{t('people.searchButton')}</Button>
      </form>
      {list.status === 'error' && !pages.items ? (
        <ErrorState
          message={t('common.loadError')}
          onRetry={pages.page === 1 ? list.reload : list.loadMore}
        />
      ) : !pages.items ? (
        <LoadingState label={t('common.loading')} />
      ) : users.length === 0 ? (
        <EmptyState title={t('people.empty')} />
      ) : (
        <ul className="bo-list" aria-label={t('people.title')} aria-busy={list.status === 'requesting'}>
          {users.map((user) => {
            const name = user.nick_name || user.user_name;
            const self = user.user_id === me.data?.user_id;
            return (
              <li key={user.user_id} className="bo-row" data-testid="person-row">
                <div className="bo-row-main">
                  <p className="bo-row-title">
                    {name} {self && <span className="bo-muted">{t('people.you')}</span>}
                  </p>
                  <p className="bo-muted">
                    {user.email ?? '—'} · {t('people.joined')} {formatDateTime(user.created_at, locale)}
                  </p>
                  <p className="bo-muted" data-testid="person-publisher">
                    {pt('adminColumn')}:{' '}
                    {user.publisher_handle ? `@${user.publisher_handle}` : pt('noHandle')}{' '}
                    {user.publisher_verified && <VerifiedBadge />}
                  </p>
                </div>
                <Tag className="bo-badge" data-role={user.role}>
                  {t(`people.roles.${user.role}`)}
                </Tag>
                <Tag
                  className="bo-badge"
                  tone={user.staff_status === 0 ? 'danger' : 'success'}
                  data-status={user.staff_status}
                  title={user.disabled_by ? t(`people.disabledBy.${user.disabled_by}`) : undefined}
                >
                  {t(user.staff_status === 0 ? 'people.statuses.0' : 'people.statuses.1')}
                </Tag>
                {canChangeStatus(me.data?.role, self, user) &&
                  (user.staff_status === 0 ? (
                    <Button
                      aria-label={`${t('people.enable')}: ${name}`}
                      disabled={statusBusy}
                      onClick={() => void changeStatus(user, 1)}
                    >
                      {t('people.enable')}
                    </Button>
                  ) : (
                    <Button
                      className="button-danger"
                      aria-label={`${t('people.disable')}: ${name}`}
                      onClick={() => setDisableTarget(user)}
                    >
                      {t('people.disable')}
                    </Button>
                  ))}
                <Button
                  aria-label={`${pt(user.publisher_verified ? 'adminUnverify' : 'adminVerify')}: ${name}`}
                  disabled={verifyChange.status === 'running'}
                  onClick={() => void changeVerified(user, !user.publisher_verified)}
                >
                  {pt(user.publisher_verified ? 'adminUnverify' : 'adminVerify')}
                </Button>
                {isSuper && !self && user.role !== SUPER_ADMIN && (
                  <Button
                    className={user.role === 2 ? 'button-danger' : undefined}
                    aria-label={`${t(user.role === 2 ? 'people.unmakeAdmin' : 'people.makeAdmin')}: ${name}`}
                    onClick={() => setTarget(user)}
                  >
                    {t(user.role === 2 ? 'people.unmakeAdmin' : 'people.makeAdmin')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager pages={pages} {...pagerTexts(t)} />
      {target && (
        <ConfirmDialog
          title={t(making ? 'people.makeTitle' : 'people.unmakeTitle', { name: targetName })}
          body={t(making ? 'people.makeBody' : 'people.unmakeBody', { name: targetName })}
          confirm={t(making ? 'people.confirmMake' : 'people.confirmUnmake')}
          cancel={t('common.cancel')}
          busy={busy}
          onCancel={() => setTarget(null)}
          onConfirm={() => void apply(target)}
        />
      )}
      {disableTarget && (
        <ConfirmDialog
          title={t('people.disableTitle', { name: disableTarget.nick_name || disableTarget.user_name })}
          body={t('people.disableBody', { name: disableTarget.nick_name || disableTarget.user_name })}
          confirm={t('people.confirmDisable')}
          cancel={t('common.cancel')}
          busy={statusBusy}
          onCancel={() => setDisableTarget(null)}
          onConfirm={() => void changeStatus(disableTarget, 0)}
        />
      )}
    </section>
  );
}
