import { Navigate, Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './guard';
import { lazyPage } from './lazy-route';
import { RootLayout } from './layouts/root-layout';

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

/** Every route of the product; each page loads on demand. Unknown paths go to the landing page. */
export function AppRoutes() {
  return (
    <Routes>
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
  );
}
