import { createApiClient } from '@plugin-center/api';

/**
 * The app's one API client (SPEC §7): same origin (the server serves the app under `/plugins/` and
 * the API under `/api/`), default 15-minute timeout, failures logged to the console (SPEC §8).
 */
export const apiClient = createApiClient();
