import { useSession } from '@plugin-center/react';
import { Link } from 'react-router-dom';
import { AdminRoute } from '../components/AdminRoute';
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
      <header className="backstage-head">
        <h1>{t('backstage.title')}</h1>
        <nav className="backstage-nav" aria-label={t('backstage.title')}>
          <Link to="/backstage-index/analytics" className="button button-ghost">
            {t('analytics.title')}
          </Link>
          <Link to="/" className="button">
            {t('backstage.backToSquare')}
          </Link>
        </nav>
      </header>
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
