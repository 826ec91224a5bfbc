import type { FieldLabelCatalog } from "./catalog.ts";
import { companies } from "./en/companies.ts";
import { containers } from "./en/containers.ts";
import { integrations } from "./en/integrations.ts";
import { operations } from "./en/operations.ts";
import { orders } from "./en/orders.ts";
import { planner } from "./en/planner.ts";
import { reference } from "./en/reference.ts";
import { users } from "./en/users.ts";

/** The fields' labels in English: one entry per label (catalog.ts), gathered from the field sets' groups. */
export const en: FieldLabelCatalog = {
  ...users,
  ...companies,
  ...orders,
  ...containers,
  ...operations,
  ...planner,
  ...reference,
  ...integrations,
};
