import { z } from "zod";
import { typedRowSchema } from "../fields/schemas.ts";
import { rowId, rowVersion } from "../values/schemas.ts";
import { CONTAINER_EVENT_SOURCES, CONTAINER_EVENT_TYPES, EVENT_CLASSIFIERS } from "./events.ts";
import { orderContainerFields } from "./fields.ts";

// Bodies and answers of the container calls that are not a resource's rows (the rows come from the field
// definitions).

/** An order's file in a container's package, as the order's containers grid lists it (spec 01 §3, "Order file"). */
export const packageFileSchema = z.object({
  id: z.number(),
  filename: z.string(),
  document_number: z.string(),
  document_date: z.string().nullable(),
  document_type: z.number().nullable(),
  document_title: z.string(),
  is_original: z.boolean(),
  create_date: z.string(),
  freight_order: z.number(),
});
export type PackageFile = z.infer<typeof packageFileSchema>;

/** A row of GET freight_orders/{id}/containers/: the container with its package's files. */
export const orderContainerSchema = typedRowSchema(orderContainerFields).extend({
  package_content: z.array(packageFileSchema),
});
export type OrderContainer = z.infer<typeof orderContainerSchema>;

/**
 * PATCH freight_orders/{id}/containers/: make (or replace) the container's package of these files of the order,
 * or (`withdraw: true`) withdraw it. `version` is the container's, as every versioned write's.
 */
export const orderContainersPatchBody = z.object({
  container: rowId(),
  package_content: z.array(rowId()).max(1000).optional(),
  withdraw: z.boolean().optional(),
  version: rowVersion().optional(),
});
export type OrderContainersPatch = z.infer<typeof orderContainersPatchBody>;

/** GET freight_orders/{fid}/containers/{id}/package-content/: the package's files with their download addresses. */
export const packageContentAnswer = z.object({
  results: z.array(
    z.object({
      url: z.string(),
      freight_order: z.number(),
      freight_order_file_id: z.number(),
      filename: z.string(),
    }),
  ),
});
export type PackageContent = z.infer<typeof packageContentAnswer>;

/**
 * GET freight_orders/{fid}/containers/{id}/labels/: the labels the customs declaration system put on the
 * container's current package (spec 02 §3 "Container label"), oldest first; each row is shown in its colour.
 */
export const containerLabelsAnswer = z.object({
  results: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      /** `#rrggbb` */
      color: z.string(),
      create_date: z.string(),
    }),
  ),
});
export type ContainerLabels = z.infer<typeof containerLabelsAnswer>;

/**
 * An event of a container's tracking (GET freight_orders/{fid}/containers/{id}/tracking/, newest first): its
 * order's status changes (`order_status`, with the status, its description where it differs from the name, and the
 * signed document) and the container's own milestones (track dates, package states), DCSA-style.
 */
export const trackingEventSchema = z.object({
  /** Unique within the answer: `order-{history id}` or `event-{event id}`. */
  id: z.string(),
  /** The day of the event (yyyy-MM-dd). */
  date: z.string(),
  /** When it was recorded (ISO 8601): it orders the events of one day. */
  recorded_at: z.string(),
  event_type: z.enum(CONTAINER_EVENT_TYPES),
  event_code: z.string(),
  classifier: z.enum(EVENT_CLASSIFIERS),
  source: z.enum(CONTAINER_EVENT_SOURCES),
  /** The order's status (order_status events), with its name in the request's language; null otherwise. */
  status: z.number().nullable(),
  status_name: z.string(),
  status_desc: z.string(),
  /** The signed order of a status change, where there is one. */
  document: z.object({ id: z.number(), filename: z.string(), url: z.string() }).nullable(),
  /** The package the event is about (customs events), and the system's message. */
  pkg_pid: z.number().nullable(),
  message: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;
export const trackingAnswer = z.object({ results: z.array(trackingEventSchema) });
export type TrackingAnswer = z.infer<typeof trackingAnswer>;
