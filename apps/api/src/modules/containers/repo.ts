import type { PkgState } from "@portal/domain";
import { and, asc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { changeStamp, updateVersioned } from "../../core/versioned.ts";
import { Repo } from "../../db/repo.ts";
import {
  containerPackageFiles,
  containerPackageIds,
  containers,
  freightOrderFiles,
  freightOrderStatuses,
  freightOrders,
} from "../../db/schema/index.ts";

/** What the containers' rules need of an order: how many containers it takes, its border crossing, its status. */
export interface OrderForContainers {
  id: number;
  container_count: number;
  border_crossing_point: number | null;
  user_can_edit_containers: boolean;
}

/** A container's package as it is stored. */
export interface StoredPackage {
  id: number;
  pkg_pid: number | null;
  pkg_state: PkgState | null;
}

/** Queries of the containers module: the orders they belong to, their packages and the packages' files. */
export class ContainersRepo extends Repo {
  /**
   * An order that is not deleted, within `scope` (the user's companies), with its status's containers flag; null
   * when there is none. `lock` locks the order's row until the transaction ends, so that two containers added
   * at once are counted one after the other.
   */
  async order(id: number, scope: SQL | undefined, lock = false): Promise<OrderForContainers | null> {
    const query = this.db
      .select({
        id: freightOrders.id,
        container_count: freightOrders.container_count,
        border_crossing_point: freightOrders.border_crossing_point,
        user_can_edit_containers: freightOrderStatuses.user_can_edit_containers,
      })
      .from(freightOrders)
      .innerJoin(freightOrderStatuses, eq(freightOrderStatuses.id, freightOrders.status))
      .where(and(eq(freightOrders.id, id), isNull(freightOrders.deleted_at), scope));
    const [row] = lock ? await query.for("update", { of: freightOrders }) : await query;
    return row ?? null;
  }

  /** Whether the order has a container of this number, other than the one being changed (`except`). */
  async hasNumber(orderId: number, number: string, except?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: containers.id })
      .from(containers)
      .where(
        and(
          eq(containers.freight_order_id, orderId),
          eq(containers.container, number),
          except === undefined ? undefined : ne(containers.id, except),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * A container's package, read in the transaction that locked the container (`lockVersioned`, which checks the
   * caller's version); null when the order has no such container.
   */
  async storedPackage(containerId: number, orderId: number): Promise<StoredPackage | null> {
    const [row] = await this.db
      .select({ id: containers.id, pkg_pid: containers.pkg_pid, pkg_state: containers.pkg_state })
      .from(containers)
      .where(and(eq(containers.id, containerId), eq(containers.freight_order_id, orderId)));
    return row ?? null;
  }

  /** Which of these files are the order's. */
  async orderFileIds(orderId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .select({ id: freightOrderFiles.id })
      .from(freightOrderFiles)
      .where(and(eq(freightOrderFiles.freight_order_id, orderId), inArray(freightOrderFiles.id, [...ids])));
    return rows.map((row) => row.id);
  }

  /**
   * Makes the container's package of these files, replacing any earlier one: a new package id, state `pending`,
   * no message. Answers the package id.
   */
  async savePackage(containerId: number, fileIds: readonly number[], userId: number): Promise<number> {
    await this.db.delete(containerPackageFiles).where(eq(containerPackageFiles.container_id, containerId));
    await this.db
      .insert(containerPackageFiles)
      .values(fileIds.map((id) => ({ container_id: containerId, freight_order_file_id: id })));
    await updateVersioned(
      this.db,
      containers,
      containerId,
      {
        pkg_pid: sql.raw(`nextval('${containerPackageIds.seqName}')`),
        pkg_state: "pending",
        pkg_message: "",
      },
      undefined,
      { stamp: changeStamp(userId) },
    );
    const [row] = await this.db
      .select({ pkg_pid: containers.pkg_pid })
      .from(containers)
      .where(eq(containers.id, containerId));
    if (!row?.pkg_pid) throw new Error("package not saved");
    return row.pkg_pid;
  }

  /** Asks to withdraw the container's package (state `withdraw`); its files stay until it is withdrawn. */
  async withdrawPackage(containerId: number, userId: number): Promise<void> {
    await updateVersioned(this.db, containers, containerId, { pkg_state: "withdraw" }, undefined, {
      stamp: changeStamp(userId),
    });
  }

  /** The files of a container's package, by id; null when the order has no such container. */
  async packageFiles(containerId: number, orderId: number) {
    const [container] = await this.db
      .select({ id: containers.id })
      .from(containers)
      .where(and(eq(containers.id, containerId), eq(containers.freight_order_id, orderId)));
    if (!container) return null;
    return this.db
      .select({ id: freightOrderFiles.id, filename: freightOrderFiles.filename })
      .from(containerPackageFiles)
      .innerJoin(freightOrderFiles, eq(freightOrderFiles.id, containerPackageFiles.freight_order_file_id))
      .where(eq(containerPackageFiles.container_id, containerId))
      .orderBy(asc(freightOrderFiles.id));
  }
}
