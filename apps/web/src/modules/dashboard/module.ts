import type { WebModule } from "../../app/shell/web-module";

/**
 * The home page: messages for the user and the tiles of every module; its own tiles lead staff to the deployment's
 * admin page (where it has one, `ADMIN_URL`) and to the API's documentation.
 */
export const dashboardModule = {
  namespaces: ["dashboard", "fields"],
  routes: [
    {
      path: "dashboard",
      page: () => import("./pages/dashboard-page").then((m) => m.DashboardPage),
      access: "signed-in",
    },
  ],
  nav: [{ to: "/dashboard", label: "nav.dashboard", icon: "DashboardOutlined" }],
  tiles: [
    {
      id: "admin",
      icon: "AdminPanelSettingsOutlined",
      order: 30,
      link: "admin_url",
      requires: { flag: "is_staff", confirmed: true },
    },
    {
      id: "api_docs",
      icon: "IntegrationInstructionsOutlined",
      order: 31,
      link: "api_docs_url",
      requires: { flag: "is_staff", confirmed: true },
    },
  ],
} satisfies WebModule;
