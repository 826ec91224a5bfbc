import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { safeReturnPath, signInPathFor } from "./redirect";
import { meets, type Requirement } from "./shell/access";
import { useSession } from "./use-session";

/** Signed-in pages: anyone else goes to sign in and comes back afterwards (unless they just logged out). */
export function RequireAuth() {
  const { user, logoutReason } = useSession();
  const location = useLocation();
  if (!user) {
    const target = logoutReason === "user" ? "/sign-in" : signInPathFor(location.pathname + location.search);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** Sign-in and sign-up: a signed-in user continues to `from` (set right after a successful sign-in) or "/". */
export function GuestOnly() {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  if (user) return <Navigate to={safeReturnPath(searchParams.get("from"))} replace />;
  return <Outlet />;
}

/**
 * Pages for users with a flag (e.g. `is_manager`) or a confirmed profile; others are sent to the dashboard. The
 * API enforces the same.
 */
export function RequireAccess({ requirement }: { requirement: Requirement }) {
  const { user } = useSession();
  if (!user || !meets(user, requirement)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
