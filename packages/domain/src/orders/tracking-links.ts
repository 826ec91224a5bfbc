import { z } from "zod";
import { CONTAINER_EVENT_TYPES, EVENT_CLASSIFIERS } from "../containers/events.ts";

// Public tracking links of an order (docs/decisions.md "Public tracking links"): the calls of the signed-in users
// who make, list and revoke them, and the small answer the public page reads with a link's token.

/** How long a new link lasts when the body does not say: 30 days. */
export const TRACKING_LINK_DEFAULT_DAYS = 30;
/** The longest a link may last. */
export const TRACKING_LINK_MAX_DAYS = 365;
/** The public page's path; the token follows it. */
export const PUBLIC_TRACKING_PATH = "/track/";

/** POST freight_orders/{id}/tracking-links/: how many days the link lasts (default 30). */
export const trackingLinkCreateBody = z.object({
  expires_in_days: z.int().min(1).max(TRACKING_LINK_MAX_DAYS).optional(),
});
export type TrackingLinkCreate = z.infer<typeof trackingLinkCreateBody>;

/** A link as the order lists it: who made it and when, until when it works, when it was last opened. */
export const trackingLinkSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  created_by: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  last_opened_at: z.string().nullable(),
  /** Neither expired nor revoked. */
  is_active: z.boolean(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;
export const trackingLinksAnswer = z.object({ results: z.array(trackingLinkSchema) });

/** A link just made: its address, with the token that is shown this once (only its hash is kept). */
export const trackingLinkCreated = trackingLinkSchema.extend({ url: z.string() });
export type TrackingLinkCreated = z.infer<typeof trackingLinkCreated>;

/**
 * GET /tracking/api/public/tracking/{token}/: all that the public page shows, and nothing more: the order's number,
 * status and route, its planned shipping period, and each container's number, type and milestones (a day to come is
 * planned, `PLN`; one that has come actual, `ACT`). Names are in the request's language. Strict, so that no field
 * slips in unseen: a test lists them.
 */
export const publicTrackingAnswer = z.strictObject({
  number: z.number(),
  status: z.string(),
  route: z.strictObject({
    dispatch_location: z.string(),
    destination: z.string(),
    border_crossing_point: z.string(),
    /** ISO 3166 codes of the consignor's and the consignee's countries ("" when not given). */
    departure_country: z.string(),
    destination_country: z.string(),
  }),
  planned_shipping_start: z.string().nullable(),
  planned_shipping_end: z.string().nullable(),
  containers: z.array(
    z.strictObject({
      container: z.string(),
      container_type: z.string(),
      events: z.array(
        z.strictObject({
          code: z.string(),
          type: z.enum(CONTAINER_EVENT_TYPES),
          name: z.string(),
          date: z.string(),
          classifier: z.enum(EVENT_CLASSIFIERS),
        }),
      ),
    }),
  ),
});
export type PublicTracking = z.infer<typeof publicTrackingAnswer>;
