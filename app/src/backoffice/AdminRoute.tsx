import { useAdminGuard, useSession } from '@plugin-center/react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslation } from '../i18n/i18n';
import { SignInElsewherePage } from '../pages/SignedInRoute';
import { canSignIn } from '../session';
import { LoadingState } from '../ui/States';

/**
 * The admin route check of SPEC §2 around a back-office page (`useAdminGuard`): while checking, a
 * status line; nobody signed in → the login page (the guard navigates), or, on a site where nobody
 * can sign in (`canSignIn` false), the page that says to sign in to the host product; a general user
 * → `/403`; an administrator → `children`.
 */
export function AdminRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const guard = useAdminGuard();
  const { status } = useSession();
  if (guard === 'forbidden') return <Navigate to="/403" replace />;
  if (!canSignIn && status === 'signed-out') return <SignInElsewherePage />;
  if (guard !== 'allowed') {
    return (
      <LoadingState label={guard === 'signing-in' ? t('backstage.signingIn') : t('backstage.checking')} />
    );
  }
  return <>{children}</>;
}
