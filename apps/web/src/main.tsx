import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { initBrowserI18n } from './lib/i18n';
import './styles/fonts.css';
import './styles/base.css';
import './styles/components.css';

const i18n = initBrowserI18n();
// The service worker registers after load, from its own small chunk.
void import('./features/pwa/register').then((m) => m.registerAfterLoad());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
