import type { Policy } from "./reference.ts";

/**
 * Price lists of the planner (spec 02 §6): the base lists and the companies' personal ones are for managers,
 * who create, change and delete the personal ones. A company's list is opened as the company is (companyPolicy:
 * the forwarder's own only by a head or an administrator).
 */
export const priceListPolicy: Policy = {
  canRead: (user) => user.is_manager,
  canWrite: (user) => user.is_manager,
};
