import { NavLink } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';
import { buttonClass } from '../ui/Button';
// The labels of the curation and settings pages, outside the square's first load.
import '../i18n/backofficeNav/texts';

/** The back-office pages the navigation links (router paths under the basename `/plugins`). */
const PAGES = [
  ['/backstage-index/audit-list', 'backstage.auditList'],
  ['/backstage-index/audit-log', 'backstage.auditLog'],
  ['/backstage-index/batch-upload', 'backstage.batchUpload'],
  ['/backstage-index/owners', 'backstage.owners'],
  ['/backstage-index/analytics', 'analytics.title'],
  ['/backstage-index/user-info', 'backstage.userInfo'],
  // Curation and settings (labels in the `backofficeNav` namespace).
  ['/backstage-index/resource-state-list', 'backofficeNav:resourceStates'],
  ['/backstage-index/banner-config', 'backofficeNav:banners'],
  ['/backstage-index/recommendation', 'backofficeNav:recommendation'],
  ['/backstage-index/people', 'backofficeNav:people'],
  ['/backstage-index/space-setting', 'backofficeNav:spaceSetting'],
  ['/backstage-index/iconfont', 'backofficeNav:iconfont'],
  ['/backstage-index/pexels', 'backofficeNav:pexels'],
  ['/backstage-index/login-methods', 'backofficeNav:loginMethods'],
  ['/backstage-index/rating-reports', 'backofficeNav:ratingReports'],
  ['/backstage-index/mirroring', 'backofficeNav:mirroring'],
  ['/backstage-index/webhooks', 'backofficeNav:webhooks'],
] as const;

/**
 * The header of a back-office page (SPEC §2: the back office shows no site header, so each page
 * carries its own): the page title, the back-office navigation (plugin review, audit log,
 * batch upload, owners, analytics, administrator info, resource positions, banners,
 * recommendations and default installs, people, space setting, icon font, Pexels, sign-in methods,
 * reported reviews, mirroring, webhooks; the current one
 * marked `aria-current="page"`) and a way back to the plugin square.
 */
export function BackstageHeader(props: { title: string }) {
  const { t } = useTranslation();
  return (
    <header className="backstage-head">
      <h1>{props.title}</h1>
      <nav className="backstage-nav" aria-label={t('backstage.title')}>
        {PAGES.map(([to, key]) => (
          <NavLink key={to} to={to} className={buttonClass('text')} end>
            {t(key)}
          </NavLink>
        ))}
        <NavLink to="/" className={buttonClass()}>
          {t('backstage.backToSquare')}
        </NavLink>
      </nav>
    </header>
  );
}
