import { isValidContainerNumber } from "@portal/domain";
import type { Db } from "../db/client.ts";
import { containers } from "../db/schema/index.ts";

/**
 * A container written straight into the table (no rules), for tests that need one in a given state:
 * `buildContainer(db, { freight_order_id, author_id, pkg_state: "accepted" })`. The number's flag follows it.
 */
export async function buildContainer(
  db: Db,
  values: Partial<typeof containers.$inferInsert> & { freight_order_id: number; author_id: number },
): Promise<typeof containers.$inferSelect> {
  const container = values.container ?? "CSQU3054383";
  const [row] = await db
    .insert(containers)
    .values({
      updated_by_id: values.author_id,
      ...values,
      container,
      is_number_valid: isValidContainerNumber(container),
    })
    .returning();
  if (!row) throw new Error("container not created");
  return row;
}
