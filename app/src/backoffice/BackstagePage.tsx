import { useSession } from '@plugin-center/react';
import { useTranslation } from '../i18n/i18n';
import { type Fact, FactList } from '../ui/FactList';
import { useDocumentTitle } from '../useDocumentTitle';
import { AdminRoute } from './AdminRoute';
import { BackstageHeader } from './BackstageHeader';

/**
 * The back office (`/backstage-index/*`, SPEC §2: admin only, no site header). Behind the admin
 * route check of SPEC §2 (`AdminRoute`): nobody signed in → the login page, a general user →
 * `/403`, an administrator → the back office. Shows the administrator's user info (SPEC §2
 * "Admin pages: … user info", `/backstage-index/user-info` and any back-office path without its own
 * page); plugin review and the audit log are their own lazily loaded pages.
 */
export function BackstagePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('backstage.title'));
  return (
    <AdminRoute>
      <BackstageHome />
    </AdminRoute>
  );
}

/** The back office's home: the administrator's user info and the way to the other back-office pages. */
function BackstageHome() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const rows: Fact[] = [
    [t('backstage.nickName'), user.nick_name || user.user_name],
    [t('backstage.email'), user.email ?? '—'],
    [t('backstage.role'), t(`backstage.roles.${user.role}`)],
  ];
  return (
    <section className="backstage">
      <BackstageHeader title={t('backstage.title')} />
      <h2>{t('backstage.userInfo')}</h2>
      <FactList facts={rows} data-testid="admin-info" />
    </section>
  );
}
