import type { SsoClient } from '@plugin-center/sso';
import { createContext } from 'react';

/** Context of {@link SsoClientProvider}: the SSO client, or null outside a provider. */
export const SsoClientContext = createContext<SsoClient | null>(null);
