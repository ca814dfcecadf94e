import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ToastHost } from '../components/ui/toast-host';
import { createQueryClient } from '../lib/query-client';
import { BootSpinner } from './boot-spinner';

interface AppProviderProps {
  i18n: I18n;
  queryClient?: QueryClient;
  children: ReactNode;
}

/** Server state, translations and toasts for the whole app. */
export function AppProvider({ i18n, queryClient, children }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Suspense fallback={<BootSpinner />}>
          {children}
          <ToastHost />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
