import type { ApiClient } from '@plugin-center/api';
import type { ReactElement, ReactNode } from 'react';
import { ApiClientContext } from './ApiClientContext';

/**
 * Provides the Plugin Center API client (from `createApiClient` of `@plugin-center/api`) to the hooks
 * below it. Renders no markup of its own.
 *
 * @example
 * const client = createApiClient({ getAccessToken });
 * <ApiClientProvider client={client}><App /></ApiClientProvider>
 */
export function ApiClientProvider(props: { client: ApiClient; children: ReactNode }): ReactElement {
  return <ApiClientContext.Provider value={props.client}>{props.children}</ApiClientContext.Provider>;
}
