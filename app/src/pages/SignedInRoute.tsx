import { useSession } from '@plugin-center/react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../i18n/i18n';
import { canSignIn as siteCanSignIn } from '../session';
import { LoadingState } from '../ui/States';
import { StatusPage } from './StatusPage';

/**
 * The page a visitor gets on a site where nobody can sign in (`canSignIn` of `session.ts` false: a private
 * deployment without login, `hwdc`, that names no host sign-in page): the page needs an account,
 * sign in to the host product first; a link back to the square. Status shown as 401.
 */
export function SignInElsewherePage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={401}
      title={t('signInElsewhere.title')}
      heading={t('signInElsewhere.heading')}
      message={t('signInElsewhere.message')}
      backHome={t('signInElsewhere.backHome')}
    />
  );
}

/**
 * A page that needs an account (SPEC §2: publishing, my plugins, tokens, publisher analytics): for a
 * signed-in person `children`; while the session loads, `loading` as a status line; a visitor is sent
 * to sign in (this server's login page or the host's `signInUrl`, back here afterwards) with
 * `signingIn` shown meanwhile, or, where nobody can sign in on this site, gets
 * {@link SignInElsewherePage} instead of a login page that does not exist.
 *
 * @param loading - the status line while the session is read
 * @param signingIn - the status line while the browser goes to sign in
 * @param canSignIn - whether anybody can sign in from this site (default: this site's `canSignIn`)
 */
export function SignedInRoute({
  children,
  loading,
  signingIn,
  canSignIn = siteCanSignIn,
}: {
  children: ReactNode;
  loading: string;
  signingIn: string;
  canSignIn?: boolean;
}) {
  const { status, signIn, signedIn } = useSession();
  useEffect(() => {
    if (status === 'signed-out' && canSignIn) void signIn().catch(() => {});
  }, [status, signIn, canSignIn]);
  if (signedIn) return <>{children}</>;
  if (status === 'signed-out' && !canSignIn) return <SignInElsewherePage />;
  return <LoadingState label={status === 'signed-out' ? signingIn : loading} />;
}
