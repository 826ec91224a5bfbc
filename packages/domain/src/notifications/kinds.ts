/**
 * What the portal tells its users about (docs/notifications.md): one kind per event, each about one object. An
 * event is written once, in the transaction of the change that causes it; its recipients are the users who may see
 * the object (the tenancy scope), never its actor, and each gets an entry in the portal and, by their settings, a
 * mail.
 */
export const NOTIFICATION_KINDS = [
  // A client's order, to the company's users and related users, and to its managers (the actor excepted)
  "order_status_changed",
  "order_returned",
  "order_cost_approved",
  "order_paid",
  "order_document_added",
  // Managers only: a client submitted an order for approval
  "order_submitted",
  // A container's customs package and declaration
  "package_accepted",
  "package_rejected",
  "package_withdrawn",
  "declaration_released",
  // The author of an export task
  "export_ready",
  "export_failed",
  // The user who signed up
  "signup_approved",
  "signup_declined",
  // The account's user: a burst of failed sign-ins (someone may be guessing the password)
  "sign_in_failures",
  // Managers only: a new sign-up waits for confirmation
  "signup_waiting",
  // The key's user: one of their API keys created, first used, revoked (whoever did it)
  "api_key_created",
  "api_key_first_used",
  "api_key_revoked",
  // The account's user: its second factors and sign-ins (docs/security.md)
  "security_factor_added",
  "security_factor_removed",
  "security_new_sign_in",
  "security_factors_reset",
  // A company's webhook endpoint disabled (it answered 410, or failed for days): to the company's users
  "webhook_endpoint_disabled",
  // Heard by no one in the portal: only a company's webhook endpoints subscribed to them (docs/integrations.md)
  "order_created",
  "container_added",
  "container_changed",
  "tracking_event_recorded",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds only managers hear. */
export const MANAGER_NOTIFICATION_KINDS: readonly NotificationKind[] = ["order_submitted", "signup_waiting"];

/**
 * The kinds no one hears in the portal (no bell, no mail): an event of one is written only when a webhook endpoint of
 * its company is subscribed to it (docs/integrations.md).
 */
export const WEBHOOK_ONLY_KINDS: readonly NotificationKind[] = [
  "order_created",
  "container_added",
  "container_changed",
  "tracking_event_recorded",
];

/** What an event is about; its page is the object's page in the portal. */
export const NOTIFICATION_OBJECTS = [
  "freight_order",
  "container",
  "export_task",
  "user",
  "webhook_endpoint",
] as const;
export type NotificationObject = (typeof NOTIFICATION_OBJECTS)[number];

/** The longest a parameter of an event (a status comment, the customs system's message) is kept. */
export const NOTIFICATION_PARAM_MAX = 1000;
