import { createBrowserRouter, Navigate } from "react-router";
import { GuestOnly, RequireAuth, RequireFlag } from "./guards";
import { RouteError } from "./route-error";

/**
 * Every page is its own chunk. Sign-in and sign-up load only the form; the signed-in layout, and the grid
 * pages (material-react-table) behind it, load when first needed.
 */
export const router = createBrowserRouter([
  {
    ErrorBoundary: RouteError,
    // The first page's code is still loading: keep the screen empty rather than flash anything.
    HydrateFallback: () => null,
    children: [
      {
        Component: GuestOnly,
        children: [
          {
            path: "sign-in",
            lazy: async () => ({
              Component: (await import("../modules/auth/pages/sign-in-page")).SignInPage,
            }),
          },
          {
            path: "sign-up",
            lazy: async () => ({
              Component: (await import("../modules/auth/pages/sign-up-page")).SignUpPage,
            }),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import("./layout/app-layout")).AppLayout }),
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              {
                path: "dashboard",
                lazy: async () => ({
                  Component: (await import("../modules/dashboard/pages/dashboard-page")).DashboardPage,
                }),
              },
              {
                path: "profile",
                lazy: async () => ({
                  Component: (await import("../modules/profile/pages/profile-page")).ProfilePage,
                }),
              },
              {
                path: "help",
                lazy: async () => ({ Component: (await import("../modules/help/pages/help-page")).HelpPage }),
              },
              {
                element: <RequireFlag flag="is_manager" />,
                children: [
                  {
                    path: "help/internal",
                    lazy: async () => ({
                      Component: (await import("../modules/help/pages/internal-help-page")).InternalHelpPage,
                    }),
                  },
                  {
                    path: "profiles",
                    lazy: async () => ({
                      Component: (await import("../modules/profiles/pages/profiles-page")).ProfilesPage,
                    }),
                  },
                ],
              },
              // Pages not built yet (shipping orders, containers, …) are not routed: their paths land here.
              { path: "*", element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
    ],
  },
]);
