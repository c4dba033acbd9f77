import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/i18n';

/**
 * A plugin's publisher as the detail names it: its name ('Unknown developer' when empty), a link
 * when `to` is given (a router path, such as a publisher's page) or `href` (an absolute URL, opened in
 * a new tab), else plain text. The one place the detail dialog and page write the publisher.
 *
 * @param name - the publisher's name (a plugin's `developer`); null or empty for none
 * @param to - a path inside the app to link the name to
 * @param href - an http(s) URL to link the name to, when there is no `to`
 */
export function PublisherName({
  name,
  to,
  href,
  className,
}: {
  name: string | null | undefined;
  to?: string;
  href?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const text = name || t('card.unknownDeveloper');
  if (name && to)
    return (
      <Link className={className} to={to}>
        {text}
      </Link>
    );
  if (name && href && /^https?:\/\//i.test(href))
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    );
  return <span className={className}>{text}</span>;
}
