import type { WebModule } from "../../app/shell/web-module";

/** /profiles: every user, for managers, who confirm requests there (spec 02 §3). */
export const profilesModule = {
  namespaces: ["profiles", "grid", "fields"],
  routes: [
    {
      path: "profiles",
      page: () => import("./pages/profiles-page").then((m) => m.ProfilesPage),
      // The grid's first page and the company choices, asked for while the page's code loads
      prefetch: () => import("./prefetch").then((m) => m.prefetchProfiles()),
      access: { flag: "is_manager" },
    },
  ],
  nav: [{ to: "/profiles", label: "nav.profiles", icon: "ManageAccountsOutlined" }],
  // A manager not confirmed yet sees only the profile tile (spec 02, Dashboard)
  tiles: [
    {
      id: "profiles",
      icon: "ManageAccountsOutlined",
      order: 10,
      to: "/profiles",
      requires: { confirmed: true },
    },
  ],
} satisfies WebModule;
