import { Suspense } from "react";
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { SIGNED_IN_NAMESPACES } from "../i18n";
import { shell } from "../modules";
import { GuestOnly, RequireAccess, RequireAuth } from "./guards";
import { type LazyPage, lazyPage } from "./lazy-page";
import { RouteErrorBoundary } from "./route-error";
import { getSession } from "./session";
import { allows } from "./shell/access";
import type { ShellRoute } from "./shell/registry";

/*
 * The routes are the modules' (src/modules/index.ts). Every page is its own chunk with its own catalogs.
 * Sign-in and sign-up load only the form; the signed-in layout, and the grid pages behind it, load when first
 * needed.
 *
 * Declarative routes (useRoutes), not the data router (createBrowserRouter): the app has no loaders or
 * actions, and the data router's code would be a fifth of the sign-in page's JavaScript (≈ 17 kB gzipped).
 */
const AppLayout = lazyPage(
  () => import("./layout/app-layout").then((m) => m.AppLayout),
  SIGNED_IN_NAMESPACES,
);

/**
 * A module's route showing its lazy page behind the route's guard; `handle` lets `preloadRoute` find the page
 * of a matched route. The page's prefetch runs only for a user the guard lets in.
 */
function pageRoute(route: ShellRoute): RouteObject {
  const { prefetch, access } = route;
  const Page = lazyPage(
    route.page,
    route.namespaces,
    prefetch && (async (params) => (allows(access, getSession().user) ? prefetch(params) : undefined)),
  );
  const page: RouteObject = { path: route.path, element: <Page />, handle: Page };
  if (typeof access !== "object") return page;
  return { element: <RequireAccess requirement={access} />, children: [page] };
}

/**
 * The route tree: the guest pages, and the signed-in pages in the layout, each behind its guard. "/" and any
 * address no module routes (pages not built yet: shipping orders, containers, …) lead to the dashboard.
 */
export function buildRoutes(routes: readonly ShellRoute[]): RouteObject[] {
  return [
    {
      element: <GuestOnly />,
      children: routes.filter((route) => route.access === "guest").map(pageRoute),
    },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <AppLayout />,
          handle: AppLayout,
          children: [
            { index: true, element: <Navigate to="/dashboard" replace /> },
            ...routes.filter((route) => route.access !== "guest").map(pageRoute),
            { path: "*", element: <Navigate to="/dashboard" replace /> },
          ],
        },
      ],
    },
  ];
}

const routes = buildRoutes(shell.routes);

let preloadedPath: string | null = null;

/**
 * Starts loading the chunks and catalogs of every lazy route matching `pathname` at once, so that a first
 * visit to a signed-in page loads the layout and the page side by side instead of one after the other.
 * (A guard may still redirect: what was loaded for nothing is small next to the wait it saves.) Settles once
 * they are loaded or failed; undefined for the path preloaded last.
 */
export function preloadRoute(pathname: string): Promise<unknown> | undefined {
  // AppRoutes calls this on every render, and matching compiles every route's pattern each time (tens of
  // milliseconds over a page load): once per path is enough, preloading being idempotent.
  if (pathname === preloadedPath) return;
  preloadedPath = pathname;
  // The page before its layout: its code and data calls are the longest wait, so they queue first.
  return Promise.allSettled(
    (matchRoutes(routes, pathname) ?? [])
      .reverse()
      .map((match) => (match.route.handle as LazyPage | undefined)?.preload(match.params)),
  );
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
