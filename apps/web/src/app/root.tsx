import { StrictMode, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { PageReadyContext } from './page-ready';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

interface AppRootProps {
  i18n: I18n;
  /** BrowserRouter in the browser, StaticRouter when pages are rendered ahead of time. */
  Router: ComponentType<{ children: ReactNode }>;
  /** Called once the first page is interactive (hydrated, for a page rendered ahead of time). */
  onReady?: () => void;
  /** A cache filled ahead (the build renders signed-in pages with a stand-in user). */
  queryClient?: QueryClient;
}

/**
 * The whole app, shared by the browser and the build-time renderer: hydration needs both to
 * render the very same tree (useId values depend on its shape).
 */
export function AppRoot({ i18n, Router, onReady, queryClient }: AppRootProps) {
  return (
    <StrictMode>
      <PageReadyContext.Provider value={onReady}>
        <AppProvider i18n={i18n} queryClient={queryClient}>
          <Router>
            <AppRoutes />
          </Router>
        </AppProvider>
      </PageReadyContext.Provider>
    </StrictMode>
  );
}
