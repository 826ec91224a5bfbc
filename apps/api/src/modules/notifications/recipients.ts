import type { NotificationKind } from "@portal/domain";
import type { NotificationsRepo } from "./repo.ts";

/** Who caused an event, as far as its recipients depend on it (a `Principal` is one); null: the system. */
export interface NotificationActor {
  id: number;
  is_manager: boolean;
}

/** What the recipients of an event are worked out from. */
export interface RecipientQuery {
  kind: NotificationKind;
  actor: NotificationActor | null;
  company_id: number | null;
  object_id: number;
}

/**
 * Who hears each kind (docs/notifications.md, "Who hears what"):
 * - `company`: the company's users and related users, and its managers;
 * - `other_side`: the managers when a client acted, the company's users when a manager (or the system) did;
 * - `managers`: the company's managers only (every manager when it has none assigned);
 * - `all_managers`: every manager (a sign-up belongs to no company yet);
 * - `author`: the export task's author; `object_user`: the user the event is about;
 * - `nobody`: no one in the portal (a webhook endpoint may still be subscribed to it).
 */
const AUDIENCE: Record<
  NotificationKind,
  "company" | "other_side" | "managers" | "all_managers" | "author" | "object_user" | "nobody"
> = {
  order_status_changed: "company",
  order_returned: "company",
  order_cost_approved: "company",
  order_paid: "company",
  order_document_added: "other_side",
  order_submitted: "managers",
  package_accepted: "company",
  package_rejected: "company",
  package_withdrawn: "company",
  declaration_released: "company",
  export_ready: "author",
  export_failed: "author",
  signup_approved: "object_user",
  signup_declined: "object_user",
  sign_in_failures: "object_user",
  signup_waiting: "all_managers",
  api_key_created: "object_user",
  api_key_first_used: "object_user",
  api_key_revoked: "object_user",
  security_factor_added: "object_user",
  security_factor_removed: "object_user",
  security_new_sign_in: "object_user",
  security_factors_reset: "object_user",
  webhook_endpoint_disabled: "company",
  // The webhooks' own kinds: heard by a company's endpoints only (docs/integrations.md)
  order_created: "nobody",
  container_added: "nobody",
  container_changed: "nobody",
  tracking_event_recorded: "nobody",
};

/** The users an event is for, before the scope check. */
async function candidates(repo: NotificationsRepo, event: RecipientQuery): Promise<number[]> {
  const company = event.company_id;
  switch (AUDIENCE[event.kind]) {
    case "company":
      return company === null
        ? []
        : [...(await repo.clientsOf(company)), ...(await repo.managersOf(company))];
    case "other_side":
      if (company === null) return [];
      return event.actor?.is_manager === false ? repo.managersOf(company) : repo.clientsOf(company);
    case "managers":
      return company === null ? repo.allManagers() : repo.managersOf(company);
    case "all_managers":
      return repo.allManagers();
    case "author": {
      const author = await repo.exportAuthor(event.object_id);
      return author === null ? [] : [author];
    }
    case "object_user":
      return [event.object_id];
    case "nobody":
      return [];
  }
}

/**
 * The recipients of an event: its kind's audience, never its actor, and only active users whose tenancy scope holds
 * the event's company (checked once more here, whichever rule chose them), each once, in id order.
 */
export async function resolveRecipients(repo: NotificationsRepo, event: RecipientQuery): Promise<number[]> {
  const chosen = new Set(await candidates(repo, event));
  if (event.actor) chosen.delete(event.actor.id);
  const allowed = await repo.withinScope([...chosen], event.company_id);
  return allowed.sort((a, b) => a - b);
}
