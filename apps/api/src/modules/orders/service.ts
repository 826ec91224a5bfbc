import {
  freightOrderFields,
  ORDER_WORKFLOW_FIELDS,
  orderPolicy,
  type Policy,
  type SuggestionField,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import { fieldChanges } from "../../core/audit.ts";
import { type CrudResource, CrudService, type PendingWrite, writeRules } from "../../core/crud.ts";
import { throwIfInvalid, ValidationFailed } from "../../core/errors.ts";
import { findList, findOne } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import type { Principal } from "../../core/principal.ts";
import type { NamedTables } from "../../core/relation-names.ts";
import { companyScope } from "../../core/tenancy.ts";
import { changeStamp } from "../../core/versioned.ts";
import type { Db } from "../../db/client.ts";
import {
  containerTypes,
  countries,
  etsng,
  freightOrderHistory,
  freightOrderServices,
  freightOrders,
  freightOrderTransportKinds,
  gng,
  locations,
  services,
  shipmentKinds,
  transportKinds,
} from "../../db/schema/index.ts";
import { orderEvent, orderStatusEvent } from "../notifications/events.ts";
import type { NotificationsService } from "../notifications/service.ts";
import { presentHistoryEntry } from "./presenter.ts";
import type { HistoryEntry, OrdersRepo, StatusRow } from "./repo.ts";
import { orderHistoryList, orderList, orderStatusList } from "./resources.ts";
import {
  actorsOf,
  checkContainerCount,
  checkCosts,
  checkMove,
  checkPeriod,
  checkSignedFile,
  checkStatusComment,
  companyFor,
  type OrderRow,
  startOrderWrite,
  statusOf,
  writtenValues,
} from "./rules.ts";

export type { OrderRow } from "./rules.ts";

/** The most earlier values the suggestion picker offers. */
const SUGGESTIONS = 20;

/** The paid flag's own write: `canSetPaid` decides it, none of the order's edit rules apply to it. */
const paidPolicy: Policy = { canRead: orderPolicy.canRead, canWrite: orderPolicy.canSetPaid };

/** Shipping orders through the shared CRUD; the workflow's rules and the history are this resource's. */
const orderResource: CrudResource = {
  fields: freightOrderFields,
  table: freightOrders,
  list: orderList,
  policy: orderPolicy,
  scope: (user) => companyScope(user, freightOrders.company_id),
  // Open lists and order pages refresh when someone else creates, changes, moves, pays or deletes an order
  live: { resource: "freight_orders", company: "company" },
  references: {
    consignor_countrycode: countries.abc2,
    consignee_countrycode: countries.abc2,
    border_crossing_point: locations.id,
    container_type: containerTypes.id,
    etsng_code: etsng.code,
    gng_code: gng.code,
    shipment_kind: shipmentKinds.id,
  },
  links: {
    transport_kinds: {
      table: freightOrderTransportKinds,
      owner: freightOrderTransportKinds.freight_order_id,
      target: freightOrderTransportKinds.transport_kind_id,
      targetTable: transportKinds,
    },
    ordered_services: {
      table: freightOrderServices,
      owner: freightOrderServices.freight_order_id,
      target: freightOrderServices.service_id,
      targetTable: services,
    },
  },
};

/**
 * Shipping orders (spec 01, DOMAIN.md "Shipping order workflow" and "Orders"): created as drafts of the user's
 * company, changed by the order policy per status and per field, moved along the workflow's transitions with
 * their comment and signed document, each change written to the order's history in its own transaction, deleted
 * softly; marked paid by a call of its own.
 */
export class OrdersService {
  /** List, read, create, change and delete orders (crudRoutes). */
  readonly orders: CrudService<OrderRow>;
  /** The paid flag, through the same versioned write and history as every change. */
  private readonly paid: CrudService<OrderRow>;

  constructor(
    private readonly db: Db,
    private readonly repo: OrdersRepo,
    private readonly names: NamedTables,
    private readonly notifications: NotificationsService,
  ) {
    this.orders = new CrudService(db, {
      ...orderResource,
      // The order's row rules (orderPolicy) decide by its status's flags
      policyRow: async (db: Db, row: OrderRow) => statusOf(await this.repo.in(db).statuses(), row.status),
      rules: writeRules<OrderRow>({
        prepare: (write) => this.prepare(write),
        stamp: (user) => changeStamp(user.id),
        record: (write) => this.record(write),
      }),
    });
    this.paid = new CrudService(db, {
      ...orderResource,
      policy: paidPolicy,
      rules: writeRules<OrderRow>({
        prepare: ({ current, values }) => {
          // Paid follows an approved cost (DOMAIN.md's workflow); unpaid is always open, to undo a mistake
          if (values.is_paid === true && current && !orderPolicy.canMarkPaid(current)) {
            throw new ValidationFailed({ is_paid: [{ key: "paid_needs_approved_cost" }] });
          }
          return { is_paid: values.is_paid };
        },
        stamp: (user) => changeStamp(user.id),
        // Run only when the flag changed: the same value again is no change (CrudService.update)
        record: async ({ db, user, id, current, saved }) => {
          if (saved.is_paid) await this.notifications.emit(db, orderEvent("order_paid", user, saved));
          await this.repo.in(db).addHistory(id, user.id, [
            {
              kind: "field",
              field: "is_paid",
              old_value: String(current?.is_paid),
              new_value: String(saved.is_paid),
            },
          ]);
        },
      }),
    });
  }

  /** PATCH set_is_paid/: 404 outside the user's scope, then 403 without `can_set_is_paid`, 409 on a stale version. */
  async setIsPaid(user: Principal, id: number, body: { is_paid: boolean; version?: number }) {
    await this.orders.get(user, id);
    return this.paid.update(user, id, body);
  }

  /** GET wf/: the statuses this user may move the order to, in their `order`. */
  async workflow(user: Principal, id: number): Promise<StatusRow[]> {
    const order = await this.orders.get(user, id);
    return this.repo.reachable(order.status, actorsOf(user));
  }

  /** GET history/: the order's status and field changes, newest first, by the list pattern. */
  async history(user: Principal, id: number, query: ListQuery) {
    await this.orders.get(user, id);
    const entries = await findList<Record<string, unknown>>(
      this.db,
      orderHistoryList,
      query,
      eq(freightOrderHistory.freight_order_id, id),
    );
    if ("groups" in entries) return entries;
    const results = await this.names.nameRecordedChanges(
      this.db,
      user,
      freightOrderFields,
      entries.results.map(presentHistoryEntry),
    );
    return { ...entries, results };
  }

  /** The workflow's statuses (everyone signed in reads them). */
  statuses(query: ListQuery) {
    return findList<StatusRow>(this.db, orderStatusList, query);
  }

  status(id: number): Promise<StatusRow> {
    return findOne<StatusRow>(this.db, orderStatusList, id);
  }

  /** The distinct earlier values of a field in the orders the user sees, most recent first. */
  async suggestions(user: Principal, field: SuggestionField, search: string | undefined) {
    const values = await this.repo.suggestions(
      field,
      search,
      companyScope(user, freightOrders.company_id),
      SUGGESTIONS,
    );
    return { results: values.map((value) => ({ value })), count: values.length };
  }

  /** The company a user files an order (or a directory entry) for (rules.ts); `db`: the write's transaction. */
  companyFor(db: Db, user: Principal, requested: unknown) {
    return companyFor(this.repo.in(db), user, requested);
  }

  /** How many containers the order holds; `db`: the transaction of a write that has locked the order. */
  containerCount(db: Db, orderId: number): Promise<number> {
    return this.repo.in(db).countContainers(orderId);
  }

  /**
   * What a create or a change writes (rules.ts): the body (without what the user has no say in, dropped by the
   * policy) reduced to what differs from the stored order, checked concern by concern (`stamp` adds who and when);
   * a new order is a draft of the user's company with its forwarding contract.
   */
  private async prepare(pending: PendingWrite<OrderRow>): Promise<Record<string, unknown>> {
    const write = await startOrderWrite(this.repo.in(pending.db), pending);
    await checkMove(write);
    checkStatusComment(write);
    await checkSignedFile(write);
    await checkContainerCount(write);
    checkCosts(write);
    checkPeriod(write);
    throwIfInvalid(write.errors);
    return writtenValues(write);
  }

  /** The history of a create or a change, in its transaction: the status it reached, and each changed field. */
  private async record({
    db,
    user,
    current,
    values,
    id,
    saved,
  }: PendingWrite<OrderRow> & { id: number; saved: OrderRow }) {
    const entries: HistoryEntry[] = [];
    const isStatusChange = !current || saved.status !== current.status;
    if (isStatusChange) {
      const file = values.sign_file_id;
      entries.push({
        kind: "status",
        status: saved.status,
        status_comment: saved.status_comment,
        sign_file_id: typeof file === "number" ? file : null,
      });
    }
    if (current) {
      const except = isStatusChange ? ORDER_WORKFLOW_FIELDS : ["status"];
      for (const change of fieldChanges(freightOrderFields, current, saved, except)) {
        entries.push({ kind: "field", ...change });
      }
    }
    await this.repo.in(db).addHistory(id, user.id, entries);
    // A draft's creation tells nobody in the portal (a webhook endpoint may hear it); its moves and a manager's
    // approved cost do
    if (!current) {
      await this.notifications.emit(db, orderEvent("order_created", user, saved));
      return;
    }
    if (isStatusChange) await this.notifications.emit(db, orderStatusEvent(user, saved));
    const cost = saved.approved_cost;
    if (user.is_manager && cost !== null && cost !== current.approved_cost) {
      await this.notifications.emit(db, orderEvent("order_cost_approved", user, saved, { cost }));
    }
  }
}
