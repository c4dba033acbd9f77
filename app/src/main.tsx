/**
 * Entry of the marketplace: language from the `lang` cookie, the API client provider, the router
 * (basename `/plugins`, from Vite's `base`) and the app.
 *
 * @packageDocumentation
 */
import { ApiClientProvider } from '@plugin-center/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { apiClient } from './api';
import { initLanguage } from './i18n/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void initLanguage().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <ApiClientProvider client={apiClient}>
        <BrowserRouter basename={import.meta.env.BASE_URL}>
          <App />
        </BrowserRouter>
      </ApiClientProvider>
    </StrictMode>,
  );
});
