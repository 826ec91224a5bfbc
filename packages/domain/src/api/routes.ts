import { z } from "zod";
import { tokenPair } from "../auth/schemas.ts";
import {
  passkeyOptionsAnswer,
  passkeyRegisteredAnswer,
  recoveryCodesAnswer,
  securityAnswer,
  sessionsAnswer,
  signInAnswer,
  totpEnrolmentAnswer,
} from "../auth/second-factor.ts";
import { companyFields, companyManagerFields, relatedUserFields } from "../companies/fields.ts";
import { containerBulkAnswer, containerFileAnswer } from "../containers/bulk.ts";
import { containerFields } from "../containers/fields.ts";
import {
  containerLabelsAnswer,
  orderContainerSchema,
  packageContentAnswer,
  trackingAnswer,
} from "../containers/schemas.ts";
import { dashboardChartsAnswer, dashboardWaitingAnswer } from "../dashboard/schemas.ts";
import { typedRowSchema as rowSchema } from "../fields/schemas.ts";
import { apiKeyCreatedSchema, apiKeySchema } from "../integrations/api-keys.ts";
import {
  webhookDeliverySchema,
  webhookEndpointList,
  webhookEndpointSchema,
  webhookQueuedAnswer,
  webhookSecretAnswer,
} from "../integrations/webhooks.ts";
import { liveChangeSchema } from "../live/schemas.ts";
import { appConfigSchema, healthAnswer } from "../meta/schemas.ts";
import { mailBounceAnswer, mailOutboxDetail, notificationSettingsAnswer } from "../notifications/mail.ts";
import { mailOutboxFields } from "../notifications/mail-fields.ts";
import { notificationSchema, unreadCountSchema } from "../notifications/schemas.ts";
import { exportTaskFields, terminalReportFields } from "../operations/fields.ts";
import { monitoringAnswer } from "../operations/schemas.ts";
import { directoryCompanyFields, freightOrderFields } from "../orders/fields.ts";
import { freightOrderFileFields } from "../orders/files.ts";
import { orderImportSchema } from "../orders/import-schemas.ts";
import {
  orderHistoryEntrySchema,
  orderStatusSchema,
  orderWorkflowSchema,
  signedFileAnswer,
  suggestionAnswer,
} from "../orders/schemas.ts";
import {
  publicTrackingAnswer,
  trackingLinkCreated,
  trackingLinkSchema,
  trackingLinksAnswer,
} from "../orders/tracking-links.ts";
import {
  companyServiceFields,
  companyTransportationCostFields,
  plannerContainerTypeFields,
  railwayRouteFields,
  railwayRouteServiceFields,
  railwayTransportationCostFields,
} from "../planner/fields.ts";
import { priceListCompanySchema, priceListCountsSchema } from "../planner/schemas.ts";
import {
  containerTypeFields,
  countryFields,
  documentTypeFields,
  etsngFields,
  gngFields,
  kindFields,
  locationFields,
  serviceFields,
} from "../reference/fields.ts";
import { userSchema } from "../users/schemas.ts";

/** The list pattern's answer: a page of `item`; `count_capped` when more rows match than `count` says. */
export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number(),
    /** Present (true) when more rows match than `count`: a search counts up to 1,000 rows past `skip`. */
    count_capped: z.literal(true).optional(),
    /** Present (true) when `count` is the planner's estimate: more than 10,000 rows match exact conditions. */
    count_estimated: z.literal(true).optional(),
  });
}

/**
 * The answer of a list asked for some fields (`fields=`): a page whose rows hold those of `item`'s fields (with
 * `id` and `version`).
 */
export function fieldsPageSchema<T extends z.ZodType>(item: T) {
  return listPageSchema(item instanceof z.ZodObject ? item.partial() : item);
}

/** The row schema of a list page's schema (`listPageSchema(item)`), or undefined for another answer. */
export function listItemSchema(schema: z.ZodType): z.ZodType | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const results = (schema.shape as Record<string, unknown>).results;
  return results instanceof z.ZodArray ? (results.element as z.ZodType) : undefined;
}

/** A page of the list pattern as the web reads it. */
export type ListPage<T> = { results: T[]; count: number; count_capped?: true; count_estimated?: true };

/** The list pattern's answer to `group=<field>`: each value of the field with how many filtered rows have it. */
export const groupListSchema = z.object({
  groups: z.array(
    z.object({ key: z.union([z.string(), z.number(), z.boolean(), z.null()]), count: z.number() }),
  ),
  count: z.number(),
});
export type GroupList = z.infer<typeof groupListSchema>;

/** PUT profile/api/users/me/: the user, with a new token pair when a password change revoked the old tokens. */
export const meUpdateResponse = userSchema.extend({ tokens: tokenPair.optional() });
export type MeUpdateResponse = z.infer<typeof meUpdateResponse>;

/**
 * What a download answers: a file, not JSON (the web's `apiFile` saves it). The API declares no schema for it, and
 * no answer of JSON is expected from it: `never`.
 */
export const fileAnswer = z.never();

/** The operations of a resource of the list pattern (`crudRoutes`) and the routes each is. */
type Operation = "list" | "create" | "read" | "update" | "delete";
type OperationRoutes<P extends string, S extends z.ZodType> = {
  list: Record<`GET ${P}`, ReturnType<typeof listPageSchema<S>>>;
  create: Record<`POST ${P}`, S>;
  read: Record<`GET ${P}:id/`, S>;
  update: Record<`PATCH ${P}:id/` | `PUT ${P}:id/`, S>;
  delete: Record<`DELETE ${P}:id/`, z.ZodUndefined>;
};
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** The answers of a resource of the list pattern: its list, one row, a creation, a change, a deletion (those it has). */
function resource<P extends string, S extends z.ZodType, O extends Operation>(
  path: P,
  row: S,
  operations: readonly O[],
): UnionToIntersection<OperationRoutes<P, S>[O]> {
  const routes: Record<Operation, [string, z.ZodType][]> = {
    list: [[`GET ${path}`, listPageSchema(row)]],
    create: [[`POST ${path}`, row]],
    read: [[`GET ${path}:id/`, row]],
    // A change is taken as PATCH and as PUT alike
    update: [
      [`PATCH ${path}:id/`, row],
      [`PUT ${path}:id/`, row],
    ],
    delete: [[`DELETE ${path}:id/`, z.undefined()]],
  };
  return Object.fromEntries(operations.flatMap((operation) => routes[operation])) as UnionToIntersection<
    OperationRoutes<P, S>[O]
  >;
}

const ALL = ["list", "create", "read", "update", "delete"] as const;
/** A company's linked users: listed, added and removed, never changed. */
const LINKS = ["list", "create", "delete"] as const;
/** A price list's rows: listed, read and their cost changed; made and dropped as a whole. */
const PRICES = ["list", "read", "update"] as const;
/** A row of a container's own columns (monitoring, terminal report): listed, read and its cells changed. */
const CELLS = ["list", "read", "update"] as const;

/**
 * What each route of the API answers, keyed by `METHOD /path/` (`:name` for a path parameter): the same schemas
 * the API's routes declare, and every route the API has (route-table.test.ts compares both ways). The web names its
 * calls by these keys (their answers' types come from here) and, in development and in tests, checks each answer
 * against its schema. Only types of it reach a production bundle: the web loads it lazily, and only where
 * `import.meta.env.DEV` holds.
 */
export const apiRoutes = {
  "POST /api/token/": signInAnswer,
  "POST /api/token/second-step/": tokenPair,
  "POST /api/token/passkey/options/": passkeyOptionsAnswer,
  "POST /api/token/passkey/": tokenPair,
  "POST /api/token/refresh/": tokenPair,
  "POST /api/token/logout/": z.undefined(),
  "GET /api/config/": appConfigSchema,
  "GET /api/health/": healthAnswer,
  /** An event stream: each `change` event's data (docs/live-updates.md). */
  "GET /api/live/": liveChangeSchema,
  "GET /api/dashboard/waiting/": dashboardWaitingAnswer,
  "GET /api/dashboard/charts/": dashboardChartsAnswer,
  "GET /api/notifications/": listPageSchema(notificationSchema),
  "GET /api/notifications/unread-count/": unreadCountSchema,
  "POST /api/notifications/:id/read/": unreadCountSchema,
  "POST /api/notifications/read-all/": unreadCountSchema,
  "GET /api/api-keys/": listPageSchema(apiKeySchema),
  "POST /api/api-keys/": apiKeyCreatedSchema,
  "POST /api/api-keys/:id/revoke/": apiKeySchema,
  "GET /api/webhooks/endpoints/": webhookEndpointList,
  "POST /api/webhooks/endpoints/": webhookEndpointSchema,
  "GET /api/webhooks/endpoints/:id/": webhookEndpointSchema,
  "PATCH /api/webhooks/endpoints/:id/": webhookEndpointSchema,
  "DELETE /api/webhooks/endpoints/:id/": z.undefined(),
  "GET /api/webhooks/endpoints/:id/secret/": webhookSecretAnswer,
  "POST /api/webhooks/endpoints/:id/rotate-secret/": webhookSecretAnswer,
  "POST /api/webhooks/endpoints/:id/test/": webhookQueuedAnswer,
  "POST /api/webhooks/endpoints/:id/replay-failed/": webhookQueuedAnswer,
  "GET /api/webhooks/deliveries/": listPageSchema(webhookDeliverySchema),
  "POST /api/webhooks/deliveries/:id/replay/": webhookQueuedAnswer,
  "POST /accounts/signup/": userSchema,
  "GET /profile/api/users/me/": userSchema,
  "GET /profile/api/security/": securityAnswer,
  "POST /profile/api/security/totp/": totpEnrolmentAnswer,
  "POST /profile/api/security/totp/confirm/": recoveryCodesAnswer,
  "DELETE /profile/api/security/totp/": z.undefined(),
  "POST /profile/api/security/recovery-codes/": recoveryCodesAnswer,
  "POST /profile/api/security/passkeys/options/": passkeyOptionsAnswer,
  "POST /profile/api/security/passkeys/": passkeyRegisteredAnswer,
  "DELETE /profile/api/security/passkeys/:passkeyId/": z.undefined(),
  "GET /profile/api/security/sessions/": sessionsAnswer,
  "DELETE /profile/api/security/sessions/:sessionId/": z.undefined(),
  "POST /profile/api/security/sessions/end-others/": z.undefined(),
  "POST /profile/api/users/:id/reset-factors/": z.undefined(),
  "PUT /profile/api/users/me/": meUpdateResponse,
  ...resource("/profile/api/users/", userSchema, ["list", "read"]),
  "PATCH /profile/api/users/:id/": userSchema,
  ...resource("/profile/api/companies/", rowSchema(companyFields), ALL),
  ...resource("/profile/api/companies/:companyId/users/", userSchema, ["list", "create"]),
  ...resource("/profile/api/companies/:companyId/managers/", rowSchema(companyManagerFields), LINKS),
  ...resource("/profile/api/companies/:companyId/related_users/", rowSchema(relatedUserFields), LINKS),
  "GET /profile/api/managers/": listPageSchema(userSchema),
  ...resource("/service/api/transport_kind/", rowSchema(kindFields), ALL),
  ...resource("/service/api/shipment_kind/", rowSchema(kindFields), ALL),
  ...resource("/service/api/service/", rowSchema(serviceFields), ALL),
  "GET /service/api/container_type/": listPageSchema(rowSchema(containerTypeFields)),
  "GET /refbooks/api/country/": listPageSchema(rowSchema(countryFields)),
  "GET /refbooks/api/etsng/": listPageSchema(rowSchema(etsngFields)),
  "GET /refbooks/api/gng/": listPageSchema(rowSchema(gngFields)),
  "GET /tracking/api/locations/": listPageSchema(rowSchema(locationFields)),
  "GET /tracking/api/document-types/": listPageSchema(rowSchema(documentTypeFields)),
  "GET /tracking/api/freight-order-statuses/": listPageSchema(orderStatusSchema),
  "GET /tracking/api/freight-order-statuses/:id/": orderStatusSchema,
  ...resource("/tracking/api/freight_orders/", rowSchema(freightOrderFields), ALL),
  "GET /tracking/api/freight_orders/:id/wf/": orderWorkflowSchema,
  "GET /tracking/api/freight_orders/:id/history/": listPageSchema(orderHistoryEntrySchema),
  "PATCH /tracking/api/freight_orders/:id/set_is_paid/": rowSchema(freightOrderFields),
  "GET /tracking/api/freight_orders/:orderId/print": fileAnswer,
  ...resource("/tracking/api/freight_orders/:orderId/files/", rowSchema(freightOrderFileFields), ALL),
  "GET /tracking/api/freight_orders/:orderId/file/:fileId": fileAnswer,
  "POST /tracking/api/freight_orders/:orderId/sign/": signedFileAnswer,
  "GET /tracking/api/freight_orders/:orderId/sign/:fileId": fileAnswer,
  "GET /tracking/api/freight_orders/:id/containers/": listPageSchema(orderContainerSchema),
  "PATCH /tracking/api/freight_orders/:id/containers/": orderContainerSchema,
  "POST /tracking/api/freight_orders/:id/containers/bulk/check/": containerBulkAnswer,
  "POST /tracking/api/freight_orders/:id/containers/bulk/": containerBulkAnswer,
  "GET /tracking/api/freight_orders/:id/containers/bulk/template/": fileAnswer,
  "POST /tracking/api/freight_orders/:id/containers/bulk/file/check/": containerFileAnswer,
  "POST /tracking/api/freight_orders/:id/containers/bulk/file/": containerFileAnswer,
  "GET /tracking/api/freight_orders/:id/containers/:containerId/package-content/": packageContentAnswer,
  "GET /tracking/api/freight_orders/:id/containers/:containerId/labels/": containerLabelsAnswer,
  "GET /tracking/api/freight_orders/:id/containers/:containerId/tracking/": trackingAnswer,
  "GET /tracking/api/freight_orders/:id/containers/td/:containerId/": fileAnswer,
  "GET /tracking/api/freight_orders/:id/containers/td-pdf/:containerId/": fileAnswer,
  ...resource("/tracking/api/containers/", rowSchema(containerFields), ALL),
  "GET /tracking/api/containers/td-schema/": fileAnswer,
  ...resource("/tracking/api/monitoring/", monitoringAnswer, CELLS),
  ...resource("/tracking/api/reports/terminal-utro/", rowSchema(terminalReportFields), CELLS),
  ...resource("/tracking/api/directory/company/", rowSchema(directoryCompanyFields), ALL),
  "GET /tracking/api/directory/freight-order-suggestion/": suggestionAnswer,
  // The export of documents (docs/exports.md): its tasks, and a done task's archive
  ...resource("/tracking/api/export-tasks/", rowSchema(exportTaskFields), ["list", "create"]),
  "GET /tracking/api/export-tasks/:id/": fileAnswer,
  "DELETE /tracking/api/export-tasks/:id/": z.undefined(),
  // The import of shipping orders from a spreadsheet
  "GET /tracking/api/order-imports/template/": fileAnswer,
  "POST /tracking/api/order-imports/": orderImportSchema,
  "GET /tracking/api/order-imports/:id/": orderImportSchema,
  "POST /tracking/api/order-imports/:id/start/": orderImportSchema,
  "GET /tracking/api/order-imports/:id/report/": fileAnswer,
  // The planner's reference lists and base prices
  "GET /planner/api/railway_route/": listPageSchema(rowSchema(railwayRouteFields)),
  "GET /planner/api/container_type/": listPageSchema(rowSchema(plannerContainerTypeFields)),
  "GET /planner/api/railway_route_all_services/": listPageSchema(rowSchema(railwayRouteServiceFields)),
  "GET /planner/api/railway_route_all_transportation_cost/": listPageSchema(
    rowSchema(railwayTransportationCostFields),
  ),
  "GET /planner/api/company/:companyId/": priceListCompanySchema,
  "POST /planner/api/company/:companyId/company_price_refresh/": priceListCountsSchema,
  "POST /planner/api/company/:companyId/company_price_delete/": priceListCountsSchema,
  ...resource("/planner/api/company/:companyId/service/", rowSchema(companyServiceFields), PRICES),
  ...resource(
    "/planner/api/company/:companyId/transportation_cost/",
    rowSchema(companyTransportationCostFields),
    PRICES,
  ),
  // Notifications by e-mail (docs/mail.md)
  "GET /api/notifications/settings/": notificationSettingsAnswer,
  "PUT /api/notifications/settings/": notificationSettingsAnswer,
  "PUT /profile/api/users/me/language/": z.undefined(),
  "GET /api/notifications/outbox/": listPageSchema(rowSchema(mailOutboxFields)),
  "GET /api/notifications/outbox/:id/": mailOutboxDetail,
  "POST /api/notifications/mail/bounces/": mailBounceAnswer,
  // Public tracking links of an order, and the public page's answer (docs/decisions.md "Public tracking links")
  "GET /tracking/api/freight_orders/:id/tracking-links/": trackingLinksAnswer,
  "POST /tracking/api/freight_orders/:id/tracking-links/": trackingLinkCreated,
  "DELETE /tracking/api/freight_orders/:id/tracking-links/:linkId/": trackingLinkSchema,
  "GET /tracking/api/public/tracking/:token/": publicTrackingAnswer,
};

/** A route of the API by `METHOD /path/`. */
export type ApiRoute = keyof typeof apiRoutes;
/** What a route answers. */
export type AnswerOf<R extends ApiRoute> = z.infer<(typeof apiRoutes)[R]>;
/** A route that answers a file (`fileAnswer`): a download. */
export type FileRoute = {
  [R in ApiRoute]: (typeof apiRoutes)[R] extends typeof fileAnswer ? R : never;
}[ApiRoute];

/**
 * The route an actual call takes (`GET`, `/tracking/api/freight_orders/12/wf/?x=1`): the table's key whose path
 * matches segment by segment (a `:name` matches any one segment; the query and a missing trailing slash do not
 * matter), the one naming more segments literally where two match (`containers/td-schema/` before
 * `containers/:id/`, as the API's router chooses), or undefined.
 */
export function routeOf(method: string, url: string): ApiRoute | undefined {
  const segments = pathSegments(url);
  const verb = method.toUpperCase();
  let best: { key: ApiRoute; literal: number } | undefined;
  for (const key of Object.keys(apiRoutes) as ApiRoute[]) {
    const [keyMethod, pattern = ""] = key.split(" ");
    if (keyMethod !== verb) continue;
    const parts = pathSegments(pattern);
    if (
      parts.length !== segments.length ||
      !parts.every((part, i) => part.startsWith(":") || part === segments[i])
    )
      continue;
    const literal = parts.filter((part) => !part.startsWith(":")).length;
    if (!best || literal > best.literal) best = { key, literal };
  }
  return best?.key;
}

function pathSegments(url: string): string[] {
  return (url.split(/[?#]/)[0] ?? "").split("/").filter(Boolean);
}
