import type { WebModule } from "../../app/shell/web-module";

/**
 * /company-services/{companyId} (managers): a company's personal price list, its service prices and container
 * transfer costs (spec 02, Company price list). Reached from the company's form, not from a menu.
 */
export const priceListsModule = {
  namespaces: ["priceLists", "grid", "fields"],
  routes: [
    {
      path: "company-services/:companyId",
      page: () => import("./pages/price-list-page").then((m) => m.PriceListPage),
      access: { flag: "is_manager" },
    },
  ],
} satisfies WebModule;
