import {
  DRAFT_STATUS,
  type freightOrderFields,
  ORDER_COST_FIELDS,
  orderPolicy,
  type RowOf,
  TRANSITION_ACTORS,
} from "@portal/domain";
import { alteredValues } from "../../core/audit.ts";
import type { PendingWrite } from "../../core/crud.ts";
import { type FieldErrors, ValidationFailed } from "../../core/errors.ts";
import type { Message } from "../../core/i18n.ts";
import type { Principal } from "../../core/principal.ts";
import { isInCompanyScope } from "../../core/tenancy.ts";
import type { OrdersRepo, StatusRow } from "./repo.ts";

// The rules of an order's create and change (spec 01 §5, DOMAIN.md "Shipping order workflow"), one concern a
// function, run in this order by OrdersService.prepare inside the write's transaction. The shared CRUD has already
// dropped what the user has no say in and refused a change the order's status keeps from them (orderPolicy).

export type OrderRow = RowOf<typeof freightOrderFields>;
type Body = Record<string, unknown>;

/** A create or a change of an order as its rules see it; the steps refuse fields into `errors`. */
export interface OrderWrite {
  /** The orders' queries in the write's transaction. */
  repo: OrdersRepo;
  user: Principal;
  /** The order as stored, locked until the write ends; null for a new order. */
  current: OrderRow | null;
  /** The body's values the user has a say in. */
  values: Body;
  /** What the write changes: what differs from the stored order (a new one: from an empty one). */
  changes: Body;
  statuses: Map<number, StatusRow>;
  /** The order's status (a new order's: Draft). */
  from: StatusRow;
  /** The status the order ends up in: `from`, or the one a workflow move takes it to. */
  to: StatusRow;
  errors: FieldErrors;
}

/** The write's changes: a form sends the whole order, and only what differs from the stored order changes. */
export async function startOrderWrite(
  repo: OrdersRepo,
  { user, current, values }: PendingWrite<OrderRow>,
): Promise<OrderWrite> {
  const statuses = await repo.statuses();
  const changes: Body = current
    ? alteredValues(values, current)
    : Object.fromEntries(Object.entries(values).filter(([, value]) => value != null && value !== ""));
  const from = statusOf(statuses, current?.status ?? DRAFT_STATUS);
  return { repo, user, current, values, changes, statuses, from, to: from, errors: {} };
}

/**
 * A workflow move: a transition open to the user from the order's status, with the comment and the signed file
 * the new status needs. Both go with the move, whether or not they differ from the stored ones.
 */
export async function checkMove(write: OrderWrite): Promise<void> {
  const { current, changes, values } = write;
  if (!current || !("status" in changes)) return;
  const target = write.statuses.get(changes.status as number);
  if (!target || !(await write.repo.hasTransition(write.from.id, target.id, actorsOf(write.user)))) {
    refuse(write, "status", { key: "transition_not_allowed" });
    return;
  }
  write.to = target;
  const comment = typeof values.status_comment === "string" ? values.status_comment : "";
  changes.status_comment = comment;
  if (values.sign_file_id != null) changes.sign_file_id = values.sign_file_id;
  if (orderPolicy.isCommentMissing(target, comment)) {
    refuse(write, "status", { key: "status_needs_comment" });
    refuse(write, "status_comment", { key: "required" });
  }
  if (target.attachment_required && values.sign_file_id == null) {
    refuse(write, "status", { key: "status_needs_signed_file" });
    refuse(write, "sign_file_id", { key: "required" });
  }
}

/** A comment changed without a move (the list edits it in its cell): the order's status may require one. */
export function checkStatusComment(write: OrderWrite): void {
  const { current, changes } = write;
  if (!current || "status" in changes || !("status_comment" in changes)) return;
  if (orderPolicy.isCommentMissing(write.from, changes.status_comment as string)) {
    refuse(write, "status_comment", { key: "required" });
  }
}

/** A signed file names one uploaded for this order as a signed document (sign/). */
export async function checkSignedFile(write: OrderWrite): Promise<void> {
  const file = write.changes.sign_file_id;
  if (!write.current || typeof file !== "number") return;
  if (!(await write.repo.isSignedFile(write.current.id, file))) {
    refuse(write, "sign_file_id", { key: "sign_file_not_found" });
  }
}

/**
 * The container count never falls below the containers the order holds. The order's row is locked
 * (CrudService.update), as adding a container locks it: the count cannot change between this check and the write.
 */
export async function checkContainerCount(write: OrderWrite): Promise<void> {
  const count = write.changes.container_count;
  if (!write.current || typeof count !== "number") return;
  const held = await write.repo.countContainers(write.current.id);
  if (count < held) {
    refuse(write, "container_count", { key: "container_count_below_held", params: { count: held } });
  }
}

/** The approved cost and VAT change only where the user may approve them in the status the order ends up in. */
export function checkCosts(write: OrderWrite): void {
  for (const field of ORDER_COST_FIELDS) {
    if (field in write.changes && !orderPolicy.canApproveCost(write.user, write.to)) {
      refuse(write, field, { key: "cost_not_approvable" });
    }
  }
}

/** The preferred shipping period ends on or after its start, the stored values counting where unchanged. */
export function checkPeriod(write: OrderWrite): void {
  const start = valueAfter(write, "preferred_shipping_period_start");
  const end = valueAfter(write, "preferred_shipping_period_end");
  if (typeof start === "string" && typeof end === "string" && end < start) {
    refuse(write, "preferred_shipping_period_end", { key: "period_end_before_start" });
  }
}

/**
 * The values to write: the changes (`stamp` adds their author); a new order is a draft of the company the user files
 * it for, with that company's forwarding contract; a change of company moves the order.
 */
export async function writtenValues({ repo, user, current, changes }: OrderWrite): Promise<Body> {
  const { company, ...own } = changes;
  const written: Body = { ...own };
  if (!current) {
    const owner = await companyFor(repo, user, company);
    return {
      freight_forwarding_contract: owner.freight_forwarding_contract,
      freight_forwarding_contract_date: owner.freight_forwarding_contract_date,
      ...written,
      company_id: owner.id,
      status: DRAFT_STATUS,
      author_id: user.id,
    };
  }
  if (company !== undefined) written.company_id = (await companyFor(repo, user, company)).id;
  return written;
}

/**
 * The company a user files an order (or a directory entry) for: their own unless they chose another of their
 * companies (managers: any). 400 on `company` when there is none or it is not theirs.
 */
export async function companyFor(repo: OrdersRepo, user: Principal, requested: unknown) {
  const id = typeof requested === "number" ? requested : user.company_id;
  if (id === null) throw new ValidationFailed({ company: [{ key: "required" }] });
  const company = isInCompanyScope(user, [id]) ? await repo.company(id) : null;
  if (!company) throw new ValidationFailed({ company: [{ key: "company_not_found" }] });
  return company;
}

/** Who the user is to the workflow's transitions. */
export function actorsOf(user: Principal) {
  return TRANSITION_ACTORS.filter((who) => orderPolicy.canTakeTransition(user, who));
}

export function statusOf(statuses: Map<number, StatusRow>, id: number): StatusRow {
  const status = statuses.get(id);
  // An order's status is a foreign key, and Draft is the migration's: a missing one is a fault of the data
  if (!status) throw new Error(`the order status ${id} does not exist`);
  return status;
}

function refuse(write: OrderWrite, field: string, message: Message): void {
  write.errors[field] = [...(write.errors[field] ?? []), message];
}

/** A field's value after the write: the changed one, else the stored one. */
function valueAfter(write: OrderWrite, field: keyof OrderRow): unknown {
  return field in write.changes ? write.changes[field] : write.current?.[field];
}
