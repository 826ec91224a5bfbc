import { webhookDeliveryFields } from "@portal/domain";
import { and, desc, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { Principal } from "../../core/principal.ts";
import { resourceFrom } from "../../core/resource.ts";
import { companyScope } from "../../core/tenancy.ts";
import { Repo } from "../../db/repo.ts";
import { companies, notificationEvents, webhookDeliveries, webhookEndpoints } from "../../db/schema/index.ts";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookEventRow = typeof notificationEvents.$inferSelect;

/** The delivery log (GET /api/webhooks/deliveries/): newest first. */
export const webhookDeliveryList = resourceFrom({
  fields: webhookDeliveryFields,
  table: webhookDeliveries,
  defaultOrdering: "-id",
  changedBy: ["webhook_deliveries"],
});

/**
 * The endpoints a user may open: those of the companies whose data they work with (their own and related ones;
 * staff: every company's), as every company row (core/tenancy.ts); who may manage them is the route's `allow`
 * (docs/decisions.md, "Webhooks").
 */
export function endpointScope(user: Principal): SQL | undefined {
  return companyScope(user, webhookEndpoints.company_id);
}

/** The deliveries of the endpoints a user may manage. */
export function deliveryScope(user: Principal): SQL | undefined {
  const endpoints = endpointScope(user);
  if (endpoints === undefined) return undefined;
  return inArray(
    webhookDeliveries.endpoint_id,
    sql`(select ${webhookEndpoints.id} from ${webhookEndpoints} where ${endpoints})`,
  );
}

/** Queries on webhook endpoints and their deliveries. */
export class WebhooksRepo extends Repo {
  async endpoints(scope: SQL | undefined): Promise<WebhookEndpointRow[]> {
    return this.db.select().from(webhookEndpoints).where(scope).orderBy(webhookEndpoints.id);
  }

  async endpoint(id: number, scope?: SQL): Promise<WebhookEndpointRow | null> {
    const [row] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), scope));
    return row ?? null;
  }

  /** The company's enabled endpoints subscribed to a kind. */
  async subscribed(companyId: number, kind: string): Promise<number[]> {
    const rows = await this.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.company_id, companyId),
          eq(webhookEndpoints.enabled, true),
          sql`${kind} = any(${webhookEndpoints.kinds})`,
        ),
      )
      .orderBy(webhookEndpoints.id);
    return rows.map((row) => row.id);
  }

  /** Whether a customer company (not the forwarder) of this id exists. */
  async isCustomer(companyId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.is_expedition_company, false)));
    return row !== undefined;
  }

  async countOf(companyId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.company_id, companyId));
    return row?.n ?? 0;
  }

  async insert(values: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
    const [row] = await this.db.insert(webhookEndpoints).values(values).returning();
    if (!row) throw new Error("webhook endpoint not inserted");
    return row;
  }

  async update(
    id: number,
    values: Partial<typeof webhookEndpoints.$inferInsert>,
  ): Promise<WebhookEndpointRow> {
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({ ...values, version: sql`${webhookEndpoints.version} + 1` })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw new Error("webhook endpoint gone");
    return row;
  }

  /** Disables an enabled endpoint; false when it was not (another attempt did it first). */
  async disable(id: number, reason: "gone" | "failing"): Promise<boolean> {
    const rows = await this.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabled_reason: reason, version: sql`${webhookEndpoints.version} + 1` })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    return rows.length > 0;
  }

  /** A failure: the endpoint's first since its last success is remembered; answers since when it fails. */
  async markFailing(id: number): Promise<Date> {
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({ failing_since: sql`coalesce(${webhookEndpoints.failing_since}, now())` })
      .where(eq(webhookEndpoints.id, id))
      .returning({ since: webhookEndpoints.failing_since });
    return row?.since ?? new Date();
  }

  async markSucceeding(id: number): Promise<void> {
    await this.db
      .update(webhookEndpoints)
      .set({ failing_since: null })
      .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failing_since} is not null`));
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  }

  async event(id: number): Promise<WebhookEventRow | null> {
    const [row] = await this.db.select().from(notificationEvents).where(eq(notificationEvents.id, id));
    return row ?? null;
  }

  async logDelivery(values: typeof webhookDeliveries.$inferInsert): Promise<WebhookDeliveryRow> {
    const [row] = await this.db.insert(webhookDeliveries).values(values).returning();
    if (!row) throw new Error("webhook delivery not logged");
    return row;
  }

  async delivery(id: number, scope?: SQL): Promise<WebhookDeliveryRow | null> {
    const [row] = await this.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), scope));
    return row ?? null;
  }

  /**
   * The endpoint's deliveries that failed since a time and have not succeeded since (by event and test message),
   * one per message: what "replay every failed" sends again.
   */
  async failedSince(endpointId: number, since: Date): Promise<WebhookDeliveryRow[]> {
    const rows = await this.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpoint_id, endpointId),
          gte(webhookDeliveries.created_at, since),
          eq(webhookDeliveries.succeeded, false),
          sql`not exists (select 1 from ${webhookDeliveries} later where later.endpoint_id = ${webhookDeliveries.endpoint_id}
            and later.message_id = ${webhookDeliveries.message_id} and later.succeeded and later.id > ${webhookDeliveries.id})`,
        ),
      )
      .orderBy(desc(webhookDeliveries.id));
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row.message_id) && seen.add(row.message_id));
  }

  /** Deletes the log older than `days`; answers how many rows. */
  async sweep(days: number): Promise<number> {
    const rows = await this.db
      .delete(webhookDeliveries)
      .where(sql`${webhookDeliveries.created_at} < now() - make_interval(days => ${days})`)
      .returning({ id: webhookDeliveries.id });
    return rows.length;
  }
}
