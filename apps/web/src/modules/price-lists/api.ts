import { companyServiceFields, companyTransportationCostFields } from "@portal/domain";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../app/api-client";
import { resourceClient } from "../../app/resource-client";

/** The grids of a price list: their ids name their saved layouts and prefix their URL parameters. */
export const SERVICES_GRID = "company-services";
export const COSTS_GRID = "company-transportation-costs";

/** The calls of one company's price list (spec 02 §7, planner). */
export function priceListOf(companyId: number) {
  const company = `/planner/api/company/${companyId}/`;
  return {
    /** The company, with how many rows its two lists hold (a 403 or 404 is reported by the global toasts). */
    companyQuery: queryOptions({
      queryKey: ["price-list", companyId],
      queryFn: ({ signal }) =>
        apiFetch("GET /planner/api/company/:companyId/", { params: { companyId }, signal }),
    }),
    services: resourceClient(`${company}service/`, companyServiceFields),
    transportationCosts: resourceClient(`${company}transportation_cost/`, companyTransportationCostFields),
    /** Copies the base prices into both lists (400, toasted, while the company has a price list). */
    create: () =>
      apiFetch("POST /planner/api/company/:companyId/company_price_refresh/", { params: { companyId } }),
    /** Deletes both lists (400, toasted, when both are empty). */
    remove: () =>
      apiFetch("POST /planner/api/company/:companyId/company_price_delete/", { params: { companyId } }),
  };
}

export type PriceList = ReturnType<typeof priceListOf>;
