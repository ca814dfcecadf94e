import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathForRole, type Role } from '@annasetu/domain';
import { PageSpinner } from '../components/ui/spinner';
import { useSession, wasSignedOut } from '../lib/session';
import { RevealApp } from './first-frame/reveal';

/** Where the guard sent the user from, so signing in can return there. */
export interface RedirectState {
  from?: string;
}

/**
 * One element for every render: when the session's answer comes (a visitor has none, a user's
 * profile is asked again), a guard renders again but React leaves the page under it alone. A
 * new `<Outlet />` each time made the answer re-render the whole page, and on a page rendered
 * ahead of time it forced the page's hydration into one long blocking pass (decision 0049).
 */
const PAGE = <Outlet />;

/**
 * The seed's guard: "Loading..." while the session loads, /login without a user, /dashboard
 * when a required role is set and the user's role differs.
 */
export function RequireAuth({ requiredRole }: { requiredRole?: Role }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSpinner />;
  if (!user) {
    const state: RedirectState = { from: location.pathname + location.search };
    // The page painted from the HTML (a session that ended meanwhile) gives way as the app
    // leaves it.
    return (
      <>
        <RevealApp />
        {wasSignedOut() ? (
          <Navigate to="/" replace />
        ) : (
          <Navigate to="/login" replace state={state} />
        )}
      </>
    );
  }
  if (requiredRole && user.role !== requiredRole) return <Navigate to="/dashboard" replace />;
  return PAGE;
}

/** Sign-in and sign-up are for visitors: a signed-in user goes to their dashboard. */
export function RedirectIfSignedIn() {
  const { user } = useSession();
  if (user) return <Navigate to={homePathForRole(user.role)} replace />;
  return PAGE;
}
