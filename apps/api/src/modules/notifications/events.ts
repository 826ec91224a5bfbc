import type { NotificationKind, UserState } from "@portal/domain";
import type { NotificationActor } from "./recipients.ts";
import type { NotificationEvent } from "./service.ts";

type Params = NotificationEvent["params"];

/** The statuses whose reaching is told as its own kind (DOMAIN.md's workflow: their ids are fixed by the seed). */
const SUBMITTED_STATUS = 3;
const RETURNED_STATUS = 4;

/** An event about a shipping order, to its company's users and managers. */
export function orderEvent(
  kind: NotificationKind,
  actor: NotificationActor | null,
  order: { id: number; company: number | null },
  params?: Params,
): NotificationEvent {
  return {
    kind,
    actor,
    company_id: order.company,
    object_type: "freight_order",
    object_id: order.id,
    params,
  };
}

/**
 * An order reaching a status: returned for correction (4) and a client's submission for approval (3, to managers
 * only) are kinds of their own; any other move, or a manager's submission, is a status change.
 */
export function orderStatusEvent(
  actor: NotificationActor,
  order: { id: number; company: number | null; status: number; status_comment: string },
): NotificationEvent {
  const kind: NotificationKind =
    order.status === RETURNED_STATUS
      ? "order_returned"
      : order.status === SUBMITTED_STATUS && !actor.is_manager
        ? "order_submitted"
        : "order_status_changed";
  return orderEvent(kind, actor, order, { status: order.status, comment: order.status_comment });
}

/** An event about a container, told to its order's company (the number and the order are added by `emit`). */
export function containerEvent(
  kind: NotificationKind,
  actor: NotificationActor | null,
  container: { id: number; company: number | null },
  params?: Params,
): NotificationEvent {
  return {
    kind,
    actor,
    company_id: container.company,
    object_type: "container",
    object_id: container.id,
    params,
  };
}

/** An export task's end, told to its author (the system did it: a job). */
export function exportEvent(
  kind: "export_ready" | "export_failed",
  task: { id: number; company: number },
  params?: Params,
): NotificationEvent {
  return {
    kind,
    actor: null,
    company_id: task.company,
    object_type: "export_task",
    object_id: task.id,
    params,
  };
}

/**
 * A sign-up's move, if it is one told: sent to confirmation (`pending`, to the managers), or approved or declined by
 * a manager (to the user). A sign-up belongs to no company yet: its event has none.
 */
export function signupEvent(
  actor: NotificationActor,
  before: UserState | undefined,
  user: { id: number; state: UserState },
): NotificationEvent | null {
  if (before === undefined || before === user.state) return null;
  const kinds: Partial<Record<UserState, NotificationKind>> = {
    pending: "signup_waiting",
    approved: "signup_approved",
    declined: "signup_declined",
  };
  const kind = kinds[user.state];
  // Only a manager decides; a user's own save never approves them
  if (!kind || (kind !== "signup_waiting" && !actor.is_manager)) return null;
  return { kind, actor, company_id: null, object_type: "user", object_id: user.id };
}

/**
 * Failed sign-ins to a user's account past the slow-down (auth/throttle.ts), told to that user: how many, in how
 * many minutes. Nobody acted that the portal knows: no actor, no company.
 */
export function signInFailuresEvent(
  userId: number,
  params: { failures: number; minutes: number },
): NotificationEvent {
  return {
    kind: "sign_in_failures",
    actor: null,
    company_id: null,
    object_type: "user",
    object_id: userId,
    params,
  };
}

/** The security events of a user's account (docs/security.md), told to that user. */
export type SecurityEventKind =
  | "security_factor_added"
  | "security_factor_removed"
  | "security_new_sign_in"
  | "security_factors_reset";

/**
 * A change to how a user's account is signed in to, told to that user: a factor added or removed (`factor`: totp,
 * passkey, recovery_codes; `name`: a passkey's), a sign-in from an address new to the account (`address`,
 * `browser`), the factors reset by a manager (`actor`).
 */
export function securityEvent(
  kind: SecurityEventKind,
  userId: number,
  params: Record<string, string>,
  actor: NotificationActor | null = null,
): NotificationEvent {
  return { kind, actor, company_id: null, object_type: "user", object_id: userId, params };
}
