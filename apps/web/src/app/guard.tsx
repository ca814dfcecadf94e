import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathForRole, type Role } from '@annasetu/domain';
import { PageSpinner } from '../components/ui/spinner';
import { useSession, wasSignedOut } from '../lib/session';
import { RevealApp } from './first-frame/reveal';
import { useAddressPathname } from './shown-location';

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
  const from = location.pathname + location.search;
  // One state per page asked for: `<Navigate>` moves again whenever its state is a new object,
  // and while the sign-in page's code loads this page stays drawn (decision 0077) and is drawn
  // again at each move, which made a new state and another move, without end.
  const state = useMemo<RedirectState>(() => ({ from }), [from]);
  if (isPending) return <PageSpinner />;
  if (!user) {
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

/** Only same-app paths may be returned to after sign-in. */
function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from === '/login' || from === '/register') return null;
  return from;
}

/**
 * Where a user who has just signed in goes: back to the page the guard sent them from, else
 * their role's home. The sign-in form and the guard below both go there, so whichever of the
 * two moves first (on a slow phone the session's answer can render before the form's own
 * navigation), the user lands on the same page.
 */
export function pathAfterSignIn(role: Role, state: unknown): string {
  return safeReturnPath((state as RedirectState | null)?.from) ?? homePathForRole(role);
}

/** Sign-in and sign-up are for visitors: a signed-in user goes where signing in leads. */
export function RedirectIfSignedIn() {
  const { user } = useSession();
  const location = useLocation();
  // This screen stays drawn while the next page's code loads (decision 0077). Once the address
  // has left it (the form moved on first, or the person already followed a link) it must not
  // move again: a second move, a frame later, threw away where the person had gone.
  const addressHere = useAddressPathname() === location.pathname;
  if (user) {
    // The spinner, not nothing: on a slow link the next page's code takes seconds.
    return (
      <>
        {addressHere ? <Navigate to={pathAfterSignIn(user.role, location.state)} replace /> : null}
        <PageSpinner />
      </>
    );
  }
  return PAGE;
}
