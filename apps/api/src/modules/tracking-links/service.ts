import { createHash, randomBytes } from "node:crypto";
import {
  FORWARDER_TIME_ZONE,
  type Language,
  PUBLIC_TRACKING_PATH,
  type PublicTracking,
  TRACK_DATE_EVENTS,
  TRACKING_LINK_DEFAULT_DAYS,
  type TrackDateField,
  type TrackingLink,
  type TrackingLinkCreate,
  type TrackingLinkCreated,
} from "@portal/domain";
import { labelOf } from "@portal/domain/labels";
import { NotFound, ValidationFailed } from "../../core/errors.ts";
import type { Principal } from "../../core/principal.ts";
import type { AddressLimit, AuthService } from "../auth/service.ts";
import { dayIn } from "../containers/tracking.ts";
import type { OrdersService } from "../orders/service.ts";
import type { TrackingLinksRepo } from "./repo.ts";

/** A track date's field by its milestone's code: the milestone is named by its field's label. */
const FIELD_OF_CODE = new Map<string, TrackDateField>(
  (Object.entries(TRACK_DATE_EVENTS) as [TrackDateField, { code: string }][]).map(([field, event]) => [
    event.code,
    field,
  ]),
);

/** The token's SHA-256: all the database keeps of it. */
function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

type LinkRow = Awaited<ReturnType<TrackingLinksRepo["links"]>>[number];

/**
 * Public tracking links (docs/decisions.md "Public tracking links"): whoever may open an order (its company's
 * users and related users, the forwarder's staff) makes links to it, lists and revokes them; anyone with a link's
 * token reads the order's public page (`publicTracking`), which answers a small shape of its own and nothing else.
 */
export class TrackingLinksService {
  constructor(
    private readonly repo: TrackingLinksRepo,
    private readonly orders: OrdersService,
    private readonly auth: Pick<AuthService, "countPerAddress">,
    private readonly limit: AddressLimit,
    private readonly portalUrl: string,
  ) {}

  /** GET freight_orders/{id}/tracking-links/: the order's links, newest first; 404 outside the user's orders. */
  async list(user: Principal, orderId: number): Promise<{ results: TrackingLink[] }> {
    await this.orders.orders.get(user, orderId);
    return { results: (await this.repo.links(orderId)).map(presentLink) };
  }

  /**
   * POST freight_orders/{id}/tracking-links/: a new link with a random token of 256 bits, lasting `expires_in_days`
   * (30 by default). The token is in the answer's `url` this once: only its hash is stored.
   */
  async create(user: Principal, orderId: number, body: TrackingLinkCreate): Promise<TrackingLinkCreated> {
    await this.orders.orders.get(user, orderId);
    const token = randomBytes(32).toString("base64url");
    const days = body.expires_in_days ?? TRACKING_LINK_DEFAULT_DAYS;
    const id = await this.repo.create(
      orderId,
      hashToken(token),
      user.id,
      new Date(Date.now() + days * 86_400_000),
    );
    const [row] = await this.repo.links(orderId, id);
    if (!row) throw new NotFound();
    return { ...presentLink(row), url: `${this.portalUrl}${PUBLIC_TRACKING_PATH}${token}` };
  }

  /**
   * The address of a live link of the order, for its print's QR code: the user gives the token (only its hash is
   * kept, so the server cannot rebuild the address); 404 outside the user's orders, 400 for a token that is no live
   * link of this order.
   */
  async printAddress(user: Principal, orderId: number, token: string): Promise<string> {
    await this.orders.orders.get(user, orderId);
    if (!(await this.repo.isLive(orderId, hashToken(token)))) {
      throw new ValidationFailed({ tracking_token: [{ key: "tracking_link_not_live" }] });
    }
    return `${this.portalUrl}${PUBLIC_TRACKING_PATH}${token}`;
  }

  /**
   * DELETE freight_orders/{id}/tracking-links/{linkId}/: revokes the link at once (its page answers 404 from now
   * on) and answers it as listed; 404 outside the user's orders and for another order's link.
   */
  async revoke(user: Principal, orderId: number, linkId: number): Promise<TrackingLink> {
    await this.orders.orders.get(user, orderId);
    await this.repo.revoke(orderId, linkId, user.id);
    const [row] = await this.repo.links(orderId, linkId);
    if (!row) throw new NotFound();
    return presentLink(row);
  }

  /**
   * GET /tracking/api/public/tracking/{token}/: the order's public page, names in `lang`. Counted per address first
   * (429 past the limit); an unknown, expired or revoked token, or one of a deleted order, is the same 404.
   */
  async publicTracking(token: string, address: string, lang: Language): Promise<PublicTracking> {
    await this.auth.countPerAddress("tracking", address, this.limit, "too_many_tracking_requests");
    const orderId = await this.repo.open(hashToken(token));
    const order = orderId === undefined ? undefined : await this.repo.publicOrder(orderId);
    if (!order) throw new NotFound();
    const containers = await this.repo.publicContainers(order.id);
    const milestones = await this.repo.milestones(containers.map((container) => container.id));
    const today = dayIn(new Date(), FORWARDER_TIME_ZONE);
    const inLanguage = (ru: string | null, en: string | null) => (lang === "en" && en ? en : ru) ?? "";
    return {
      number: order.id,
      status: inLanguage(order.status_name, order.status_name_en),
      route: {
        dispatch_location: order.dispatch_location,
        destination: order.destination,
        border_crossing_point: order.border_crossing_point_name,
        departure_country: order.consignor_countrycode,
        destination_country: order.consignee_countrycode,
      },
      planned_shipping_start: order.preferred_shipping_period_start,
      planned_shipping_end: order.preferred_shipping_period_end,
      containers: containers.map((container) => ({
        container: container.container,
        container_type:
          inLanguage(container.type_name, container.type_name_en) || (container.type_code ?? ""),
        events: milestones
          .filter((event) => event.container_id === container.id)
          .map((event) => {
            const field = FIELD_OF_CODE.get(event.event_code);
            return {
              code: event.event_code,
              type: event.event_type,
              name: field ? labelOf("container", field, lang) : event.event_code,
              date: event.event_date,
              classifier: event.event_date > today ? ("PLN" as const) : ("ACT" as const),
            };
          }),
      })),
    };
  }
}

/** A link as the order lists it. */
function presentLink(row: LinkRow): TrackingLink {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    created_by:
      row.first_name === null ? null : { first_name: row.first_name, last_name: row.last_name ?? "" },
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    last_opened_at: row.last_opened_at?.toISOString() ?? null,
    is_active: row.revoked_at === null && row.expires_at.getTime() > Date.now(),
  };
}
