import {
  canApproveCost,
  canDeleteOrder,
  canEditOrder,
  canSetIsPaid,
  canTakeTransition,
  DRAFT_STATUS,
  freightOrderFields,
  isOrderFieldIgnored,
  isStatusCommentMissing,
  ORDER_COST_FIELDS,
  ORDER_WORKFLOW_FIELDS,
  orderPolicy,
  type RowOf,
  type SuggestionField,
  TRANSITION_ACTORS,
} from "@portal/domain";
import { eq, sql } from "drizzle-orm";
import { fieldChanges, isSameValue } from "../../core/audit.ts";
import { type CrudResource, CrudService, type PendingWrite, writeRules } from "../../core/crud.ts";
import { type FieldErrors, Forbidden, throwIfInvalid, ValidationFailed } from "../../core/errors.ts";
import { findList, findOne } from "../../core/find-page.ts";
import type { ListQuery } from "../../core/list-query.ts";
import type { Principal } from "../../core/principal.ts";
import type { NamedTables } from "../../core/relation-names.ts";
import { companyScope } from "../../core/tenancy.ts";
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
import { presentHistoryEntry } from "./presenter.ts";
import type { HistoryEntry, OrdersRepo, StatusRow } from "./repo.ts";
import { orderHistoryList, orderList, orderStatusList } from "./resources.ts";

export type OrderRow = RowOf<typeof freightOrderFields>;
type Body = Record<string, unknown>;

/** The most earlier values the suggestion picker offers. */
const SUGGESTIONS = 20;

/** Shipping orders through the shared CRUD; the workflow's rules and the history are this resource's. */
const orderResource: CrudResource = {
  fields: freightOrderFields,
  table: freightOrders,
  list: orderList,
  policy: orderPolicy,
  scope: (user) => companyScope(user, freightOrders.company_id),
  // Open lists and order pages refresh when someone else creates, changes, moves, pays or deletes an order
  live: { resource: "freight_orders", company: freightOrders.company_id },
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
  ) {
    this.orders = new CrudService(db, {
      ...orderResource,
      rules: writeRules<OrderRow>({
        prepare: (write) => this.prepare(write),
        record: (write) => this.record(write),
        checkDelete: (write) => this.checkDelete(write),
      }),
    });
    this.paid = new CrudService(db, {
      ...orderResource,
      rules: writeRules<OrderRow>({
        prepare: ({ user, values }) => ({ is_paid: values.is_paid, ...stamp(user) }),
        record: async ({ db, user, id, current, saved }) => {
          if (current?.is_paid === saved.is_paid) return;
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

  /** PATCH set_is_paid/: 404 outside the user's scope, 403 without `can_set_is_paid`, 409 on a stale version. */
  async setIsPaid(user: Principal, id: number, body: { is_paid: boolean; version?: number }) {
    await this.orders.get(user, id);
    if (!canSetIsPaid(user)) throw new Forbidden();
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

  /**
   * The company a user files an order (or a directory entry) for: their own unless they may choose another of
   * their companies (`can_select_company`; managers any). 400 on `company` when there is none or it is not theirs.
   * `db`: the write's transaction.
   */
  async companyFor(db: Db, user: Principal, requested: unknown) {
    const id = typeof requested === "number" ? requested : user.company_id;
    if (id === null) throw new ValidationFailed({ company: [{ key: "required" }] });
    const isTheirs = user.is_manager || user.company_ids.includes(id);
    const company = isTheirs ? await this.repo.in(db).company(id) : null;
    if (!company) throw new ValidationFailed({ company: [{ key: "company_not_found" }] });
    return company;
  }

  /** How many containers the order holds; `db`: the transaction of a write that has locked the order. */
  containerCount(db: Db, orderId: number): Promise<number> {
    return this.repo.in(db).countContainers(orderId);
  }

  /**
   * What a create or a change writes: the body without what the user has no say in and (a change) without what it
   * does not change, refused where the order's status does not allow it; a new order is a draft of the user's
   * company with its forwarding contract.
   */
  private async prepare({ db, user, current, values: body }: PendingWrite<OrderRow>): Promise<Body> {
    const repo = this.repo.in(db);
    const statuses = await repo.statuses();
    const values: Body = Object.fromEntries(
      Object.entries(body).filter(
        ([field, value]) => value !== undefined && !isOrderFieldIgnored(user, field),
      ),
    );
    // A form sends the whole order: only what differs from the stored order (a new one: from an empty one) changes
    const changes: Body = Object.fromEntries(
      Object.entries(values).filter(([field, value]) =>
        current ? !isSameValue(value, current[field as keyof OrderRow]) : value !== null && value !== "",
      ),
    );
    const from = statusOf(statuses, current?.status ?? DRAFT_STATUS);
    let to = from;
    const errors: FieldErrors = {};
    const refuse = (field: string, message: FieldErrors[string][number]) => {
      errors[field] = [...(errors[field] ?? []), message];
    };

    if (current) {
      const isStatusChange = "status" in changes;
      const workflow: readonly string[] = isStatusChange ? ORDER_WORKFLOW_FIELDS : ["status"];
      const edits = Object.keys(changes).filter((field) => !workflow.includes(field));
      if (edits.length > 0 && !canEditOrder(user, from)) throw new Forbidden();
      if (isStatusChange) {
        const target = statuses.get(changes.status as number);
        if (!target || !(await repo.hasTransition(from.id, target.id, actorsOf(user)))) {
          refuse("status", { key: "transition_not_allowed" });
        } else {
          to = target;
          // The comment and the signed file go with the move, whether or not they differ from the stored ones
          const comment = typeof values.status_comment === "string" ? values.status_comment : "";
          changes.status_comment = comment;
          if (values.sign_file_id != null) changes.sign_file_id = values.sign_file_id;
          if (isStatusCommentMissing(target, comment)) {
            refuse("status", { key: "status_needs_comment" });
            refuse("status_comment", { key: "required" });
          }
          if (target.attachment_required && values.sign_file_id == null) {
            refuse("status", { key: "status_needs_signed_file" });
            refuse("sign_file_id", { key: "required" });
          }
        }
      } else if (
        "status_comment" in changes &&
        isStatusCommentMissing(from, changes.status_comment as string)
      ) {
        refuse("status_comment", { key: "required" });
      }
      const file = changes.sign_file_id;
      if (typeof file === "number" && !(await repo.isSignedFile(current.id, file))) {
        refuse("sign_file_id", { key: "sign_file_not_found" });
      }
      // The order's row is locked (CrudService.update), as adding a container locks it: the count cannot change
      // between this check and the write
      const count = changes.container_count;
      const held = typeof count === "number" ? await repo.countContainers(current.id) : 0;
      if (typeof count === "number" && count < held) {
        refuse("container_count", { key: "container_count_below_held", params: { count: held } });
      }
    }
    for (const field of ORDER_COST_FIELDS) {
      if (field in changes && !canApproveCost(user, to)) refuse(field, { key: "cost_not_approvable" });
    }
    const start = pick(changes, current, "preferred_shipping_period_start");
    const end = pick(changes, current, "preferred_shipping_period_end");
    if (typeof start === "string" && typeof end === "string" && end < start) {
      refuse("preferred_shipping_period_end", { key: "period_end_before_start" });
    }
    throwIfInvalid(errors);

    const { company, ...own } = changes;
    const written: Body = { ...own, ...stamp(user) };
    if (!current) {
      const owner = await this.companyFor(db, user, company);
      return {
        freight_forwarding_contract: owner.freight_forwarding_contract,
        freight_forwarding_contract_date: owner.freight_forwarding_contract_date,
        ...written,
        company_id: owner.id,
        status: DRAFT_STATUS,
        author_id: user.id,
      };
    }
    if (company !== undefined) written.company_id = (await this.companyFor(db, user, company)).id;
    return written;
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
  }

  /** Clients delete only where the status lets them edit, and never an approved order (403). */
  private async checkDelete({ db, user, current }: PendingWrite<OrderRow> & { current: OrderRow }) {
    const status = statusOf(await this.repo.in(db).statuses(), current.status);
    if (!canDeleteOrder(user, status.id, status)) throw new Forbidden();
  }
}

/** Who the user is to the workflow's transitions. */
function actorsOf(user: Principal) {
  return TRANSITION_ACTORS.filter((who) => canTakeTransition(user, who));
}

function statusOf(statuses: Map<number, StatusRow>, id: number): StatusRow {
  const status = statuses.get(id);
  // An order's status is a foreign key, and Draft is the migration's: a missing one is a fault of the data
  if (!status) throw new Error(`the order status ${id} does not exist`);
  return status;
}

/** A field's value after the change: the changed one, else the stored one. */
function pick(changes: Body, current: OrderRow | null, field: keyof OrderRow): unknown {
  return field in changes ? changes[field] : current?.[field];
}

/** Who changed the order last, and when. */
function stamp(user: Principal) {
  return { updated_by_id: user.id, update_date: sql`now()` };
}
