import { Link } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';

/**
 * The header of a back-office page (SPEC §2: the back office shows no site header, so each page
 * carries its own): the page title, a link to the other back-office page (`to`, `label`) and a way
 * back to the plugin square.
 */
export function BackstageHeader(props: { title: string; to: string; label: string }) {
  const { t } = useTranslation();
  return (
    <header className="backstage-head">
      <h1>{props.title}</h1>
      <nav className="backstage-nav" aria-label={t('backstage.title')}>
        <Link to={props.to} className="button button-ghost">
          {props.label}
        </Link>
        <Link to="/" className="button">
          {t('backstage.backToSquare')}
        </Link>
      </nav>
    </header>
  );
}
