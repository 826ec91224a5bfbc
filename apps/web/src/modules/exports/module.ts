import type { WebModule } from "../../app/shell/web-module";

/**
 * The export of documents for a period (spec 02 §2, /export-tasks): every confirmed user exports their companies'
 * documents (managers: any company's); the managers' button on the orders list leads here too.
 */
export const exportsModule = {
  namespaces: ["exports", "grid", "fields"],
  routes: [
    {
      path: "export-tasks",
      page: () => import("./pages/export-tasks-page").then((m) => m.ExportTasksPage),
      access: { confirmed: true },
    },
  ],
  profileMenu: [{ to: "/export-tasks", label: "menu.exports", icon: "FolderZipOutlined" }],
} satisfies WebModule;
