import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import type { UserProfile } from '@annasetu/domain';
import en from '../../public/locales/en/translation.json';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { createStaticI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { SESSION_QUERY_KEY } from '../lib/session';

interface Options {
  route?: string;
  /** undefined: the session is fetched (mock /api/me); null: signed out; a user: signed in. */
  user?: UserProfile | null;
  language?: string;
  resources?: Record<string, { translation: object }>;
  /** Adds a "Phone back" button that goes one step back in the history, as a phone's Back does. */
  backButton?: boolean;
  /** Adds a "Go to <path>" button that moves there the way an in-app link does. */
  goTo?: string;
}

/** A phone's Back button: one step back in the router's history. */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Phone back
    </button>
  );
}

/** An in-app link's move, from outside the pages (a tap on the menu, a notification's link). */
function GoToButton({ path }: { path: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(path)}>
      Go to {path}
    </button>
  );
}

/** Shows the current path so tests can assert where navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function setup({ user, language = 'en', resources }: Options) {
  const i18n = createStaticI18n(resources ?? { en: { translation: en } }, language);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { retry: false, staleTime: Infinity },
    mutations: { retry: false },
  });
  if (user !== undefined) queryClient.setQueryData(SESSION_QUERY_KEY, user);
  return { i18n, queryClient };
}

/** Renders the whole app at a route, as the browser would. */
export function renderApp(options: Options = {}) {
  const { i18n, queryClient } = setup(options);
  const result = render(
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <AppRoutes />
        <LocationProbe />
        {options.backButton ? <BackButton /> : null}
        {options.goTo ? <GoToButton path={options.goTo} /> : null}
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, i18n, queryClient };
}

/** Renders one component inside the providers and a router at `route`. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const { i18n, queryClient } = setup(options);
  const result = render(
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, i18n, queryClient };
}
