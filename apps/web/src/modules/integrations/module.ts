import type { WebModule } from "../../app/shell/web-module";

/**
 * The integrations page (/integrations, docs/integrations.md): the user's API keys (managers: customers' users'
 * keys too; administrators: all), made with a dialog that shows the secret once, revoked from the grid.
 */
export const integrationsModule = {
  namespaces: ["integrations", "grid", "fields"],
  routes: [
    {
      path: "integrations",
      page: () => import("./pages/integrations-page").then((m) => m.IntegrationsPage),
      access: { confirmed: true },
    },
  ],
  profileMenu: [{ to: "/integrations", label: "menu.integrations", icon: "VpnKeyOutlined" }],
} satisfies WebModule;
