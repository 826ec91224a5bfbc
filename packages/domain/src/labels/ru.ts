import type { FieldLabelCatalog } from "./catalog.ts";
import { companies } from "./ru/companies.ts";
import { containers } from "./ru/containers.ts";
import { integrations } from "./ru/integrations.ts";
import { operations } from "./ru/operations.ts";
import { orders } from "./ru/orders.ts";
import { planner } from "./ru/planner.ts";
import { reference } from "./ru/reference.ts";
import { users } from "./ru/users.ts";

/** The fields' labels in Russian (the default language): one entry per label (catalog.ts), gathered from the field sets' groups. */
export const ru: FieldLabelCatalog = {
  ...users,
  ...companies,
  ...orders,
  ...containers,
  ...operations,
  ...planner,
  ...reference,
  ...integrations,
};
