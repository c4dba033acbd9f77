import { useAdminGuard, useSession } from '@plugin-center/react';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';
import { useDocumentTitle } from '../useDocumentTitle';

/**
 * The back office (`/backstage-index/*`, SPEC §2: admin only, no site header). Behind the admin
 * route check of SPEC §2 (`useAdminGuard`): nobody signed in → the login page, a general user →
 * `/403`, an administrator → the back office. For now it shows the administrator's user info
 * (SPEC §2 "Admin pages: … user info"); review, curation and settings come with their own issues.
 */
export function BackstagePage() {
  const { t } = useTranslation();
  const guard = useAdminGuard();
  const { user } = useSession();
  useDocumentTitle(t('backstage.title'));
  if (guard === 'forbidden') return <Navigate to="/403" replace />;
  if (guard !== 'allowed' || !user) {
    return (
      <p className="page-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {guard === 'signing-in' ? t('backstage.signingIn') : t('backstage.checking')}
      </p>
    );
  }
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
