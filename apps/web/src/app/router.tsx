import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './guard';
import { lazyPage, type LazyPage } from './lazy-route';
import { RootLayout } from './layouts/root-layout';
import { NavigationProgress } from './navigation-progress';
import { AddressContext, sameEntry, useShownLocation, type RouteCode } from './shown-location';

const AppLayout = lazyPage(() => import('./layouts/app-layout'));
const Landing = lazyPage(() => import('./routes/landing'));
const Impact = lazyPage(() => import('./routes/impact'));
const ImpactOrg = lazyPage(() => import('./routes/impact-org'));
const Login = lazyPage(() => import('./routes/login'));
const Register = lazyPage(() => import('./routes/register'));
const ResetPassword = lazyPage(() => import('./routes/reset-password'));
const Dashboard = lazyPage(() => import('./routes/dashboard'));
const NurseryPoultry = lazyPage(() => import('./routes/nursery-poultry'));
const Donations = lazyPage(() => import('./routes/donations'));
const DonationPage = lazyPage(() => import('./routes/donation'));
const Requests = lazyPage(() => import('./routes/requests'));
const Profile = lazyPage(() => import('./routes/profile'));
const Analytics = lazyPage(() => import('./routes/analytics'));
const Notifications = lazyPage(() => import('./routes/notifications'));
const Chatbot = lazyPage(() => import('./routes/chatbot'));
const MapPage = lazyPage(() => import('./routes/map'));
const Admin = lazyPage(() => import('./routes/admin'));
const Training = lazyPage(() => import('./routes/training'));

/** Loads the page of a path rendered ahead of time, so hydration need not wait for it. */
export function preloadPage(pathname: string): Promise<void> {
  const pages: Record<string, { preload(): Promise<void> }> = {
    '/': Landing,
    '/login': Login,
    '/register': Register,
    '/reset-password': ResetPassword,
  };
  return pages[pathname]?.preload() ?? Promise.resolve();
}

const PUBLIC_PAGES: Record<string, LazyPage> = {
  '/': Landing,
  '/impact': Impact,
  '/login': Login,
  '/register': Register,
  '/reset-password': ResetPassword,
};
const SIGNED_IN_PAGES: Record<string, LazyPage> = {
  '/dashboard': Dashboard,
  '/dashboard/nursery-poultry': NurseryPoultry,
  '/donations': Donations,
  '/requests': Requests,
  '/profile': Profile,
  '/analytics': Analytics,
  '/notifications': Notifications,
  '/chatbot': Chatbot,
  '/map': MapPage,
  '/training': Training,
  '/admin': Admin,
};

/** The chunks a path renders (a signed-in page also needs the app's layout). */
function pagesFor(pathname: string): LazyPage[] {
  const path = pathname.replace(/(.)\/+$/, '$1');
  if (PUBLIC_PAGES[path]) return [PUBLIC_PAGES[path]];
  if (SIGNED_IN_PAGES[path]) return [AppLayout, SIGNED_IN_PAGES[path]];
  if (/^\/donations\/[^/]+$/.test(path)) return [AppLayout, DonationPage];
  if (/^\/impact\/org\/[^/]+$/.test(path)) return [ImpactOrg];
  return [];
}

export const ROUTE_CODE: RouteCode = {
  isReady: (pathname) => pagesFor(pathname).every((page) => page.isLoaded()),
  load: async (pathname) => {
    await Promise.all(pagesFor(pathname).map((page) => page.preload()));
  },
};

/**
 * Every route of the product; each page loads on demand, and the page on screen stays until
 * the next one's code is here (`useShownLocation`), with a thin bar saying it is on its way.
 * Unknown paths go to the landing page.
 */
export function AppRoutes() {
  const location = useLocation();
  const shown = useShownLocation(location, ROUTE_CODE);
  return (
    <AddressContext.Provider value={location}>
      {sameEntry(shown, location) ? null : <NavigationProgress />}
      <Routes location={shown}>
        <Route element={<RootLayout />}>
          <Route path="/" element={<Landing />} />
          <Route path="/impact" element={<Impact />} />
          <Route path="/impact/org/:slug" element={<ImpactOrg />} />
          <Route element={<RedirectIfSignedIn />}>
            <Route path="/login" element={<Login />} />
            <Route path="/register" element={<Register />} />
          </Route>
          <Route path="/reset-password" element={<ResetPassword />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              <Route path="/dashboard" element={<Dashboard />} />
              <Route path="/dashboard/nursery-poultry" element={<NurseryPoultry />} />
              <Route path="/donations" element={<Donations />} />
              <Route path="/donations/:id" element={<DonationPage />} />
              <Route path="/requests" element={<Requests />} />
              <Route path="/profile" element={<Profile />} />
              <Route path="/analytics" element={<Analytics />} />
              <Route path="/notifications" element={<Notifications />} />
              <Route path="/chatbot" element={<Chatbot />} />
              <Route path="/map" element={<MapPage />} />
              <Route path="/training" element={<Training />} />
              <Route element={<RequireAuth requiredRole="admin" />}>
                <Route path="/admin" element={<Admin />} />
              </Route>
            </Route>
          </Route>
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </AddressContext.Provider>
  );
}
