// No zod here: the signed-in shell reads these with every page (the schema is schemas.ts, for the API and tests)

/**
 * The resources that announce their changes on the live stream (`GET /api/live/`), each with the address of its
 * rows: the web refreshes the lists and the row it caches under that address. A resource is added here and
 * declared `live` in its CrudResource (apps/api/src/core/crud.ts); docs/live-updates.md says how.
 */
export const LIVE_RESOURCES = {
  freight_orders: "/tracking/api/freight_orders/",
  containers: "/tracking/api/containers/",
  monitoring: "/tracking/api/monitoring/",
  terminal_report: "/tracking/api/reports/terminal-utro/",
  export_tasks: "/tracking/api/export-tasks/",
  // An import of orders from a spreadsheet: its check's progress, its end
  order_imports: "/tracking/api/order-imports/",
  // Users' accounts (told to staff only, whatever the user's company): a sign-up, its confirmation, its decline
  users: "/profile/api/users/",
  // A user's own notifications (told to that user only): the bell's count and the list
  notifications: "/api/notifications/",
  // A company's webhook deliveries (docs/integrations.md): each attempt as it is logged
  webhook_deliveries: "/api/webhooks/deliveries/",
} as const;
export type LiveResource = keyof typeof LIVE_RESOURCES;

/** What a write did to a row. */
export const LIVE_ACTIONS = ["created", "changed", "deleted"] as const;

/** A row changed: the stream's `change` event, sent to the users who may see the row's company. */
export interface LiveChange {
  resource: LiveResource;
  id: number;
  action: (typeof LIVE_ACTIONS)[number];
}

/**
 * The stream's first event, `ready`: the stream is listening from now on, and a heartbeat (a comment line) comes at
 * least this often, so a client that hears nothing for longer knows the connection is gone.
 */
export interface LiveReady {
  heartbeat_seconds: number;
}

/**
 * Why the server ends a stream (its last event, `end`): its session ended (a logout, a new password, a deactivation:
 * opening it again answers 401 unless the client holds a newer session's token), or the user opened more streams
 * than the server keeps (this was their oldest: the client opens it again once its tab is looked at).
 */
export const LIVE_END_REASONS = ["session_ended", "too_many_streams"] as const;

/** The stream's last event, `end`, when the server ends it. */
export interface LiveEnd {
  reason: (typeof LIVE_END_REASONS)[number];
}

/**
 * The stream's event names: the first one, a change, "changes may have been missed: refresh everything", and the
 * last one the server sends before it ends the stream.
 */
export const LIVE_EVENTS = { ready: "ready", change: "change", resync: "resync", end: "end" } as const;
