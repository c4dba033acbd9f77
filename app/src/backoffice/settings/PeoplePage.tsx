import type { AdminUser } from '@plugin-center/api';
import { useApiClient, useLoader, useUserList } from '@plugin-center/react';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import '../../ui/backoffice.css';
import { formatDateTime } from '../../format';
import { pagerTexts, useBackofficeTexts } from '../../i18n/backoffice/texts';
import { useCursorStack } from '../../paging/useCursorStack';
import { Pager } from '../../ui/Pager';
import { runCall } from '../runCall';

/** Role 1 (SPEC §1): the super admin, who alone makes and unmakes general admins. */
const SUPER_ADMIN = 1;

/**
 * `/backstage-index/people` (SPEC §1 roles, §2 "user info"; admin only, behind
 * `AdminRoute`): the accounts newest first (`GET /api/cmt/manager/users`), 20 a page, searched by
 * email or name, each with name, email, role and join date (local time). The caller's role comes
 * from `GET /api/cmt/manager/verify`: a super admin (role 1) gets "Make admin" / "Remove admin" on
 * general users and general admins other than themselves, each after a confirmation
 * (`PUT /api/cmt/manager/users/role`, toast with the result or the server's message); a general
 * admin sees the list without these controls.
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
  const api = useApiClient();
  const id = useId();
  const me = useLoader((signal) => api.plugin.verify({ signal }), [api]);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const pages = useCursorStack();
  const list = useUserList({ keyword, cursor: pages.cursor });
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [busy, setBusy] = useState(false);
  const isSuper = me.data?.role === SUPER_ADMIN;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(draft.trim());
    pages.reset();
  };

  const apply = async (user: AdminUser) => {
    const role = user.role === 2 ? 0 : 2;
    setBusy(true);
    const res = await runCall(() => api.plugin.setUserRole({ user_id: user.user_id, role }));
    setBusy(false);
    setTarget(null);
    const name = user.nick_name || user.user_name;
    if (res.ok) {
      notify(t(role === 2 ? 'people.made' : 'people.unmade', { name }), 'success');
      list.reload();
    } else notify(res.message || t('common.actionFailed'), 'error');
  };

  const users = list.data?.user_list ?? [];
  const targetName = target ? target.nick_name || target.user_name : '';
  const making = target?.role !== 2;
  return (
    <section className="backstage bo-page">
      <BackstageHeader title={t('people.title')} />
      <p className="state-hint">{t('people.intro')}</p>
      {me.data && !isSuper && <p className="bo-muted">{t('people.readOnly')}</p>}
      <form className="bo-toolbar" onSubmit={search}>
        <label htmlFor={`${id}-q`}>{t('people.search')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={draft}
          maxLength={254}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit">{t('people.searchButton')}</Button>
      </form>
      {list.status === 'error' ? (
        <ErrorState message={t('common.loadError')} onRetry={list.reload} />
      ) : !list.data ? (
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
                </div>
                <span className="bo-badge" data-role={user.role}>
                  {t(`people.roles.${user.role}`)}
                </span>
                {isSuper && !self && user.role !== SUPER_ADMIN && (
                  <button
                    type="button"
                    className={user.role === 2 ? 'button button-danger' : 'button'}
                    aria-label={`${t(user.role === 2 ? 'people.unmakeAdmin' : 'people.makeAdmin')}: ${name}`}
                    onClick={() => setTarget(user)}
                  >
                    {t(user.role === 2 ? 'people.unmakeAdmin' : 'people.makeAdmin')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager pages={pages} data={list.data} {...pagerTexts(t)} />
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
    </section>
  );
}
