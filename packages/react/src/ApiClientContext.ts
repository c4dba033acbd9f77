import type { ApiClient } from '@plugin-center/api';
import { createContext } from 'react';

/** The React context holding the API client; internal (use `ApiClientProvider` and `useApiClient`). */
export const ApiClientContext = createContext<ApiClient | null>(null);
