import { createApiClient } from '@plugin-center/api';
import { ssoClient } from './session';

/**
 * The app's one API client (SPEC §7): same origin (the server serves the app under `/plugins/` and
 * the API under `/api/`), default 15-minute timeout, failures logged to the console (SPEC §8), the
 * signed-in user's access token as the bearer header (the SSO client refreshes it ahead of expiry).
 */
export const apiClient = createApiClient({ getAccessToken: () => ssoClient.getAccessToken() });
