import { Suspense } from "react";
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { GuestOnly, RequireAuth, RequireFlag } from "./guards";
import { type LazyPage, lazyPage } from "./lazy-page";
import { RouteErrorBoundary } from "./route-error";

/*
 * Every page is its own chunk with its own catalogs. Sign-in and sign-up load only the form; the signed-in
 * layout, and the grid pages (material-react-table) behind it, load when first needed.
 *
 * Declarative routes (useRoutes), not the data router (createBrowserRouter): the app has no loaders or
 * actions, and the data router's code would be a fifth of the sign-in page's JavaScript (≈ 17 kB gzipped).
 */
const AppLayout = lazyPage(
  () => import("./layout/app-layout"),
  (m) => m.AppLayout,
);
const SignInPage = lazyPage(
  () => import("../modules/auth/pages/sign-in-page"),
  (m) => m.SignInPage,
  ["auth"],
);
const SignUpPage = lazyPage(
  () => import("../modules/auth/pages/sign-up-page"),
  (m) => m.SignUpPage,
  ["auth"],
);
const DashboardPage = lazyPage(
  () => import("../modules/dashboard/pages/dashboard-page"),
  (m) => m.DashboardPage,
  ["dashboard"],
);
const ProfilePage = lazyPage(
  () => import("../modules/profile/pages/profile-page"),
  (m) => m.ProfilePage,
  ["profile"],
);
const HelpPage = lazyPage(
  () => import("../modules/help/pages/help-page"),
  (m) => m.HelpPage,
  ["help"],
);
const InternalHelpPage = lazyPage(
  () => import("../modules/help/pages/internal-help-page"),
  (m) => m.InternalHelpPage,
  ["help"],
);
const ProfilesPage = lazyPage(
  () => import("../modules/profiles/pages/profiles-page"),
  (m) => m.ProfilesPage,
  ["profiles", "grid"],
  () => import("../modules/profiles/prefetch").then((m) => m.prefetchProfiles()),
);

/** A route showing a lazy page; `handle` lets `preloadRoute` find the page of a matched route. */
function page(path: string, Page: LazyPage): RouteObject {
  return { path, element: <Page />, handle: Page };
}

const routes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [page("sign-in", SignInPage), page("sign-up", SignUpPage)],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        handle: AppLayout,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          page("dashboard", DashboardPage),
          page("profile", ProfilePage),
          page("help", HelpPage),
          {
            element: <RequireFlag flag="is_manager" />,
            children: [page("help/internal", InternalHelpPage), page("profiles", ProfilesPage)],
          },
          // Pages not built yet (shipping orders, containers, …) are not routed: their paths land here.
          { path: "*", element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

let preloadedPath: string | null = null;

/**
 * Starts loading the chunks and catalogs of every lazy route matching `pathname` at once, so that a first
 * visit to a signed-in page loads the layout and the page side by side instead of one after the other.
 * (A guard may still redirect: what was loaded for nothing is small next to the wait it saves.)
 */
export function preloadRoute(pathname: string): void {
  // AppRoutes calls this on every render, and matching compiles every route's pattern each time (tens of
  // milliseconds over a page load): once per path is enough, preloading being idempotent.
  if (pathname === preloadedPath) return;
  preloadedPath = pathname;
  // The page before its layout: its code and data calls are the longest wait, so they queue first.
  for (const match of (matchRoutes(routes, pathname) ?? []).reverse()) {
    void (match.route.handle as LazyPage | undefined)?.preload();
  }
}

/** The routes, with one error screen for a page that fails to render or to load. */
export function AppRoutes() {
  const location = useLocation();
  // During render, not in an effect: a navigation to a page not loaded yet renders (and suspends) in a
  // transition whose effects do not run until the page is there. preload is idempotent.
  preloadRoute(location.pathname);
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary pathname={location.pathname}>
      {/* The first page's code is still loading: keep the screen empty rather than flash anything. */}
      <Suspense fallback={null}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
