import type { SsoClient } from '@plugin-center/sso';
import type { ReactElement, ReactNode } from 'react';
import { SsoClientContext } from './SsoClientContext';

/**
 * Provides the SSO client (from `createSsoClient` of `@plugin-center/sso`) to `useSession`,
 * `useAdminGuard` and `useSsoClient` below it. Renders no markup; does not call `init()` (the app
 * starts the client once, before or after rendering).
 *
 * @example
 * const sso = createSsoClient({ redirectUrl: location.href });
 * void sso.init();
 * <SsoClientProvider client={sso}><App /></SsoClientProvider>
 */
export function SsoClientProvider(props: { client: SsoClient; children: ReactNode }): ReactElement {
  return <SsoClientContext.Provider value={props.client}>{props.children}</SsoClientContext.Provider>;
}
