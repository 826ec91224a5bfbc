import type { WebModule } from "../../app/shell/web-module";

/**
 * The forwarder's operations over containers (spec 02 §2): the monitoring grid at /monitoring for users with
 * monitoring access (a header link only they see; the API refuses the others), and the terminal report at
 * /reports/terminal-utro for every confirmed user (in the profile menu). Managers edit both grids' own cells.
 */
export const monitoringModule = {
  namespaces: ["monitoring", "grid", "fields"],
  routes: [
    {
      path: "monitoring",
      page: () => import("./pages/monitoring-page").then((m) => m.MonitoringPage),
      prefetch: () => import("./prefetch").then((m) => m.prefetchMonitoring()),
      access: { flag: "can_access_to_monitoring", confirmed: true },
    },
    {
      path: "reports/terminal-utro",
      page: () => import("./pages/terminal-report-page").then((m) => m.TerminalReportPage),
      prefetch: () => import("./prefetch").then((m) => m.prefetchTerminalReport()),
      access: { confirmed: true },
    },
  ],
  nav: [{ to: "/monitoring", label: "nav.monitoring", icon: "MonitorHeartOutlined" }],
  profileMenu: [{ to: "/reports/terminal-utro", label: "menu.terminalReport", icon: "WarehouseOutlined" }],
} satisfies WebModule;
