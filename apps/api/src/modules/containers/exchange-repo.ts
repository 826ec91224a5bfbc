import { CUSTOMS_EVENTS, type PkgState } from "@portal/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { updateVersioned } from "../../core/versioned.ts";
import { Repo } from "../../db/repo.ts";
import {
  containerEvents,
  containerLabels,
  containerPackageFiles,
  containers,
  documentTypes,
  freightOrderFiles,
  freightOrders,
  locations,
} from "../../db/schema/index.ts";
import type { CustomsLabel } from "./customs-gateway.ts";

/** A container's package as the exchange reads it before it calls the system. */
export interface PackageToExchange {
  id: number;
  container: string;
  freight_order: number;
  pkg_pid: number;
  pkg_state: PkgState;
  border_crossing: { code: string; name: string } | null;
  documents: {
    id: number;
    filename: string;
    content_type: string;
    storage_key: string;
    document_number: string;
    document_date: string | null;
    document_type: string;
    document_type_en: string;
  }[];
}

/** A customs event of a container (event_type `customs`), in `container_events`. */
export interface CustomsEvent {
  container_id: number;
  event_code: keyof typeof CUSTOMS_EVENTS;
  event_date: string;
  source: "portal" | "customs";
  user_id?: number | null;
  pkg_pid: number;
  message?: string;
}

/** Queries of the exchange with the customs declaration system: packages, their answers, labels and events. */
export class ExchangeRepo extends Repo {
  /**
   * The container's package with its documents, when the container's package is still `pkgPid` and in one of
   * `states`; null otherwise (replaced, withdrawn, answered already, or the container gone).
   */
  async packageToExchange(
    containerId: number,
    pkgPid: number,
    states: readonly PkgState[],
  ): Promise<PackageToExchange | null> {
    const [row] = await this.db
      .select({
        id: containers.id,
        container: containers.container,
        freight_order: containers.freight_order_id,
        pkg_pid: containers.pkg_pid,
        pkg_state: containers.pkg_state,
        crossing_code: locations.code,
        crossing_name: locations.location,
      })
      .from(containers)
      .innerJoin(freightOrders, eq(freightOrders.id, containers.freight_order_id))
      .leftJoin(locations, eq(locations.id, freightOrders.border_crossing_point))
      .where(eq(containers.id, containerId));
    if (!row || row.pkg_pid !== pkgPid || !row.pkg_state || !states.includes(row.pkg_state)) return null;
    const documents = await this.db
      .select({
        id: freightOrderFiles.id,
        filename: freightOrderFiles.filename,
        content_type: freightOrderFiles.content_type,
        storage_key: freightOrderFiles.storage_key,
        document_number: freightOrderFiles.document_number,
        document_date: freightOrderFiles.document_date,
        document_type: documentTypes.title,
        document_type_en: documentTypes.title_en,
      })
      .from(containerPackageFiles)
      .innerJoin(freightOrderFiles, eq(freightOrderFiles.id, containerPackageFiles.freight_order_file_id))
      .leftJoin(documentTypes, eq(documentTypes.id, freightOrderFiles.document_type))
      .where(eq(containerPackageFiles.container_id, containerId))
      .orderBy(asc(freightOrderFiles.id));
    return {
      id: row.id,
      container: row.container,
      freight_order: row.freight_order,
      pkg_pid: pkgPid,
      pkg_state: row.pkg_state,
      border_crossing:
        row.crossing_code !== null ? { code: row.crossing_code, name: row.crossing_name ?? "" } : null,
      documents: documents.map((doc) => ({
        ...doc,
        document_type: doc.document_type ?? "",
        document_type_en: doc.document_type_en ?? "",
      })),
    };
  }

  /**
   * Locks the container's row until the transaction ends and reads its package, its order and the order's company
   * (whose users hear of the change); null when the container is gone.
   */
  async lockPackage(containerId: number) {
    const [row] = await this.db
      .select({
        pkg_pid: containers.pkg_pid,
        pkg_state: containers.pkg_state,
        freight_order: containers.freight_order_id,
        company: freightOrders.company_id,
      })
      .from(containers)
      .innerJoin(freightOrders, eq(freightOrders.id, containers.freight_order_id))
      .where(eq(containers.id, containerId))
      .for("update", { of: containers });
    return row ?? null;
  }

  /**
   * Writes what the system answered into the container with the time of it, bumping its version (an open form
   * answers 409) when the answer changes something.
   */
  async writeAnswer(containerId: number, values: Partial<typeof containers.$inferInsert>): Promise<void> {
    await updateVersioned(this.db, containers, containerId, values, undefined, {
      stamp: { update_date: sql`now()` },
    });
  }

  async addLabels(containerId: number, pkgPid: number, labels: readonly CustomsLabel[]): Promise<void> {
    if (labels.length === 0) return;
    await this.db
      .insert(containerLabels)
      .values(labels.map((label) => ({ container_id: containerId, pkg_pid: pkgPid, ...label })));
  }

  /** The labels of the container's current package, oldest first; null when the order has no such container. */
  async currentLabels(containerId: number, orderId: number) {
    const [container] = await this.db
      .select({ pkg_pid: containers.pkg_pid })
      .from(containers)
      .where(and(eq(containers.id, containerId), eq(containers.freight_order_id, orderId)));
    if (!container) return null;
    if (container.pkg_pid === null) return [];
    return this.db
      .select({
        id: containerLabels.id,
        name: containerLabels.name,
        color: containerLabels.color,
        create_date: containerLabels.create_date,
      })
      .from(containerLabels)
      .where(
        and(eq(containerLabels.container_id, containerId), eq(containerLabels.pkg_pid, container.pkg_pid)),
      )
      .orderBy(asc(containerLabels.id));
  }

  /** Records a state the container's package reached (DCSA-style event of type `customs`). */
  async recordEvent(event: CustomsEvent): Promise<void> {
    await this.db.insert(containerEvents).values({
      event_type: CUSTOMS_EVENTS[event.event_code],
      message: "",
      user_id: null,
      ...event,
    });
  }

  /** The packages the exchange has not finished with: waiting to be sent, waiting for a decision, to be withdrawn. */
  async packagesInFlight() {
    return this.db
      .select({
        id: containers.id,
        pkg_pid: containers.pkg_pid,
        pkg_state: containers.pkg_state,
        version: containers.version,
      })
      .from(containers)
      .where(inArray(containers.pkg_state, ["pending", "uploaded", "withdraw"]))
      .orderBy(asc(containers.id));
  }
}
