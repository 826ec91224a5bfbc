import type { WebModule } from "../../app/shell/web-module";

/**
 * The import of shipping orders from a spreadsheet (/import-orders), reached from the orders list's Import button:
 * every confirmed user imports for their companies (managers: any company).
 */
export const orderImportModule = {
  namespaces: ["orderImport", "fields"],
  routes: [
    {
      path: "import-orders",
      page: () => import("./import-page").then((m) => m.OrderImportPage),
      access: { confirmed: true },
    },
  ],
} satisfies WebModule;
