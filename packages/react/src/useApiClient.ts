import type { ApiClient } from '@plugin-center/api';
import { useContext } from 'react';
import { ApiClientContext } from './ApiClientContext';

/**
 * The API client of the nearest `ApiClientProvider`.
 * @throws Error when called outside an `ApiClientProvider`
 */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used inside <ApiClientProvider>');
  return client;
}
