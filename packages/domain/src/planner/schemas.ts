import { z } from "zod";
import { companyFields } from "../companies/fields.ts";
import { typedRowSchema } from "../fields/schemas.ts";

/** How many rows a company's two personal price lists hold (or a call created or deleted). */
export const priceListCountsSchema = z.object({ services: z.number(), transportation_costs: z.number() });
export type PriceListCounts = z.infer<typeof priceListCountsSchema>;

/**
 * GET planner/api/company/{id}/: the company whose price list the page shows, with the size of its lists (the
 * page enables Create when both are empty, Delete when either is not).
 */
export const priceListCompanySchema = typedRowSchema(companyFields).extend({
  price_list: priceListCountsSchema,
});
export type PriceListCompany = z.infer<typeof priceListCompanySchema>;
