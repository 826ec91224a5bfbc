// A container's tracking as events (DOMAIN.md "Containers and the customs declaration system"), modelled on DCSA
// Track & Trace: each event has a kind (equipment, transport, shipment, customs), a code, a day, a source and a
// classifier (planned or actual), extended for rail and for the customs declaration system.

/** DCSA's event kinds, with `customs` for the declaration system's answers. */
export const CONTAINER_EVENT_TYPES = ["equipment", "transport", "shipment", "customs"] as const;
export type ContainerEventType = (typeof CONTAINER_EVENT_TYPES)[number];

/**
 * The milestones a manager records by setting a track date on the container (spec 02 §2 "Track dates"), each
 * with its event code and kind. Setting the date records the event; changing it moves the event; clearing it
 * removes the event.
 */
export const TRACK_DATE_EVENTS = {
  prepare_to_ship_date: { code: "prepared_to_ship", type: "shipment" },
  commercial_documents_upload_date: { code: "documents_uploaded", type: "shipment" },
  railway_bill_filing_date: { code: "railway_bill_filed", type: "shipment" },
  arrival_at_border_date: { code: "arrived_at_border", type: "transport" },
  railway_accept_date: { code: "accepted_by_railway", type: "equipment" },
  railway_loading_date: { code: "loaded_on_wagon", type: "equipment" },
  railway_trip_start_date: { code: "departed", type: "transport" },
  railway_trip_finish_date: { code: "arrived", type: "transport" },
  td_end_date: { code: "border_crossed", type: "customs" },
  final_release_date: { code: "released", type: "customs" },
} as const satisfies Record<string, { code: string; type: ContainerEventType }>;
export type TrackDateField = keyof typeof TRACK_DATE_EVENTS;

/** The events of the exchange with the customs declaration system, one per state a package reaches. */
export const CUSTOMS_EVENTS = {
  package_sent: "customs",
  package_uploaded: "customs",
  package_accepted: "customs",
  package_rejected: "customs",
  package_withdraw_requested: "customs",
  package_withdrawn: "customs",
  package_processing_error: "customs",
  declaration_released: "customs",
} as const satisfies Record<string, ContainerEventType>;

/** The code of an event: `order_status` is an order's status change, read from the order's history. */
export type ContainerEventCode =
  | (typeof TRACK_DATE_EVENTS)[TrackDateField]["code"]
  | keyof typeof CUSTOMS_EVENTS
  | "order_status";

/** Every event code, in the order of a container's journey. */
export const CONTAINER_EVENT_CODES: readonly ContainerEventCode[] = [
  "order_status",
  ...Object.values(TRACK_DATE_EVENTS).map((event) => event.code),
  ...(Object.keys(CUSTOMS_EVENTS) as (keyof typeof CUSTOMS_EVENTS)[]),
];

/** Who reported an event: a user of the portal (a manager, or the order's workflow), or the customs system. */
export const CONTAINER_EVENT_SOURCES = ["portal", "customs"] as const;
export type ContainerEventSource = (typeof CONTAINER_EVENT_SOURCES)[number];

/** DCSA's classifier: planned (a day still to come) or actual (a day that has come). */
export const EVENT_CLASSIFIERS = ["PLN", "ACT"] as const;
export type EventClassifier = (typeof EVENT_CLASSIFIERS)[number];

/** A label's colour: `#rrggbb`, as the customs declaration system sends it. */
export const LABEL_COLOR = /^#[0-9a-f]{6}$/;
