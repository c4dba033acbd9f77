import { useSession } from '@plugin-center/react';
import { AdminRoute } from '../components/AdminRoute';
import { BackstageHeader } from '../components/BackstageHeader';
import { useTranslation } from '../i18n/i18n';
import { useDocumentTitle } from '../useDocumentTitle';

/**
 * The back office (`/backstage-index/*`, SPEC §2: admin only, no site header). Behind the admin
 * route check of SPEC §2 (`AdminRoute`): nobody signed in → the login page, a general user →
 * `/403`, an administrator → the back office. For now it shows the administrator's user info
 * (SPEC §2 "Admin pages: … user info"); review, curation and settings come with their own issues.
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
  const rows: [string, string][] = [
    [t('backstage.nickName'), user.nick_name || user.user_name],
    [t('backstage.email'), user.email ?? '—'],
    [t('backstage.role'), t(`backstage.roles.${user.role}`)],
  ];
  return (
    <section className="backstage">
      <BackstageHeader
        title={t('backstage.title')}
        to="/backstage-index/analytics"
        label={t('analytics.title')}
      />
      <h2>{t('backstage.userInfo')}</h2>
      <dl className="detail-fields" data-testid="admin-info">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
