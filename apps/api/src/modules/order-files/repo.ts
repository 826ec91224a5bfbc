import { and, eq } from "drizzle-orm";
import type { Principal } from "../../core/principal.ts";
import type { NamedTables } from "../../core/relation-names.ts";
import type { Db } from "../../db/client.ts";
import { Repo } from "../../db/repo.ts";
import {
  containerTypes,
  etsng,
  freightOrderFiles,
  freightOrderStatuses,
  freightOrders,
  gng,
} from "../../db/schema/index.ts";
import type { OrderFileKind } from "../../db/schema/orders.ts";

type StoredFile = Pick<
  typeof freightOrderFiles.$inferSelect,
  "id" | "storage_key" | "filename" | "content_type" | "size"
>;

/** Queries of the order files module: the files' storage facts, their order's status, the print's names. */
export class OrderFilesRepo extends Repo {
  constructor(
    db: Db,
    private readonly names: NamedTables,
  ) {
    super(db);
  }

  /** A file of this kind of this order, with where its bytes are; null when the order has none by that id. */
  async file(orderId: number, fileId: number, kind: OrderFileKind): Promise<StoredFile | null> {
    const [row] = await this.db
      .select({
        id: freightOrderFiles.id,
        storage_key: freightOrderFiles.storage_key,
        filename: freightOrderFiles.filename,
        content_type: freightOrderFiles.content_type,
        size: freightOrderFiles.size,
      })
      .from(freightOrderFiles)
      .where(
        and(
          eq(freightOrderFiles.id, fileId),
          eq(freightOrderFiles.freight_order_id, orderId),
          eq(freightOrderFiles.kind, kind),
        ),
      );
    return row ?? null;
  }

  /** Adds a file's row; its id. */
  async insert(values: typeof freightOrderFiles.$inferInsert): Promise<number> {
    const [row] = await this.db
      .insert(freightOrderFiles)
      .values(values)
      .returning({ id: freightOrderFiles.id });
    if (!row) throw new Error("insert returned no row");
    return row.id;
  }

  /** The company of an order (its documents' events are told to it). */
  async companyOfOrder(orderId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ company: freightOrders.company_id })
      .from(freightOrders)
      .where(eq(freightOrders.id, orderId));
    return row?.company ?? null;
  }

  /** The status of an order (its flags decide who may change the order's documents); null when there is none. */
  async statusOfOrder(orderId: number) {
    const [row] = await this.db
      .select({ status: freightOrderStatuses })
      .from(freightOrders)
      .innerJoin(freightOrderStatuses, eq(freightOrderStatuses.id, freightOrders.status))
      .where(eq(freightOrders.id, orderId));
    return row?.status ?? null;
  }

  /** What the order's ids and codes name, for its print: container type, classifiers, kinds and services. */
  async printNames(
    user: Principal,
    order: {
      container_type: number | null;
      etsng_code: string;
      gng_code: string;
      shipment_kind: number | null;
      transport_kinds: number[];
      ordered_services: number[];
      consignor_countrycode: string;
      consignee_countrycode: string;
    },
  ) {
    const one = async <T>(rows: Promise<T[]>) => (await rows)[0] ?? null;
    // The linked rows in the order's own order (by id), named in both languages
    const named = async (to: string, ids: number[]) => {
      const names = await this.names.rowNames(this.db, user, to, ids);
      return ids.flatMap((id) => names.get(id) ?? []);
    };
    return {
      containerType:
        order.container_type === null
          ? null
          : await one(
              this.db
                .select({
                  code: containerTypes.code,
                  description: containerTypes.description,
                  description_en: containerTypes.description_en,
                })
                .from(containerTypes)
                .where(eq(containerTypes.id, order.container_type)),
            ),
      etsng: order.etsng_code
        ? await one(
            this.db
              .select({ description: etsng.description })
              .from(etsng)
              .where(eq(etsng.code, order.etsng_code)),
          )
        : null,
      gng: order.gng_code
        ? await one(
            this.db.select({ description: gng.description }).from(gng).where(eq(gng.code, order.gng_code)),
          )
        : null,
      shipmentKind:
        order.shipment_kind === null
          ? null
          : ((await named("shipment_kind", [order.shipment_kind]))[0] ?? null),
      transportKinds: await named("transport_kind", order.transport_kinds),
      services: await named("service", order.ordered_services),
      // The parties' countries by their codes: the order keeps one name, in the language it was written in
      countries: await this.names.rowNames(
        this.db,
        user,
        "country",
        [order.consignor_countrycode, order.consignee_countrycode].filter(Boolean),
      ),
    };
  }
}
