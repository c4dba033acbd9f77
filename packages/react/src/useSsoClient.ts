import type { SsoClient } from '@plugin-center/sso';
import { useContext } from 'react';
import { SsoClientContext } from './SsoClientContext';

/**
 * The SSO client of the nearest `SsoClientProvider`.
 * @throws Error when called outside an `SsoClientProvider`
 */
export function useSsoClient(): SsoClient {
  const client = useContext(SsoClientContext);
  if (!client) throw new Error('useSsoClient must be used inside <SsoClientProvider>');
  return client;
}
