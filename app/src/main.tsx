/**
 * Entry of the marketplace: language from the `lang` cookie or the browser's languages, the SSO client (started here) and the
 * API client providers, the space's topic colour, the router (basename `/plugins`, from
 * Vite's `base`) and the app.
 *
 * @packageDocumentation
 */
import { ApiClientProvider, SsoClientProvider } from '@plugin-center/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { startAnalytics } from './analytics';
import { apiClient } from './api';
import { initLanguage } from './i18n/i18n';
import { ssoClient } from './session';
import { applyStoredTopicColor, loadTopicColor } from './theme';
import './styles.css';
import { ROUTER_FUTURE } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Sign-in state (SPEC §4): exchange a returned `code`, or validate the stored login, then keep the
// access token fresh. The page renders meanwhile; the header shows the session once it settles.
ssoClient.init().catch((error: unknown) => console.warn('[plugin-center] sign-in:', error));
// Page views and the signed-in identity to this server's collector, following the cookie
// consent: the tracker loads only while marketing is allowed, and stops and clears when refused.
startAnalytics(ssoClient);
// The space's topic colour: the one kept from the last visit before the first paint, then
// the server's; a failure is logged only (SPEC §8).
applyStoredTopicColor();
void loadTopicColor(apiClient);

// Browser validation bubbles in the interface language; its own small chunk, as no form
// of the square's first paint has constraints (100 KB first-load budget).
void import('./i18n/validation').then((m) => m.installValidationMessages());

void initLanguage().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <SsoClientProvider client={ssoClient}>
        <ApiClientProvider client={apiClient}>
          <BrowserRouter future={ROUTER_FUTURE} basename={import.meta.env.BASE_URL}>
            <App />
          </BrowserRouter>
        </ApiClientProvider>
      </SsoClientProvider>
    </StrictMode>,
  );
});
