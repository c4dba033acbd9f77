import { Link } from 'react-router-dom';
import { buttonClass } from '../ui/Button';
import { useDocumentTitle } from '../useDocumentTitle';

/**
 * A full-page status message (403, 404): the status code, a heading, an optional explanation and a
 * back-to-home link to the square. The document title is set to `title`.
 */
export function StatusPage(props: {
  code: number;
  title: string;
  heading: string;
  message?: string;
  backHome: string;
}) {
  useDocumentTitle(props.title);
  return (
    <section className="status-page">
      <p className="status-code" aria-hidden="true">
        {props.code}
      </p>
      <h1>{props.heading}</h1>
      {props.message ? <p>{props.message}</p> : null}
      <Link className={buttonClass('primary')} to="/">
        {props.backHome}
      </Link>
    </section>
  );
}
