import type { Language, NotificationKind, NotificationObject } from "@portal/domain";
import type { LabelledResource } from "@portal/domain/labels";
import { type Message, storedText, type Translate, translator } from "../../core/i18n.ts";

/** An event as it is rendered: what happened, to which object, and the words it was told with. */
export interface RenderableEvent {
  kind: NotificationKind;
  object_type: NotificationObject;
  object_id: number;
  /**
   * The names the message shows, kept as they were when it happened (`NotificationsService.emit` adds them):
   * `order` (an order's id), `status_name` / `status_name_en`, `comment`, `cost`, `document`, `container`,
   * `message` (the customs system's), `date`, `documents`, `reason`, `user`, `company`, `inn`, `failures`,
   * `minutes`, `name` and `prefix` (an API key's), `address`.
   */
  params: Record<string, string | number | null>;
}

/** An entry as the bell, the list and the mail show it. */
export interface RenderedNotification {
  title: string;
  text: string;
  /** The portal's page of the object (a path of the web app). */
  link: string;
}

type Params = RenderableEvent["params"];

/** A text line when its parameter is there, none otherwise. */
function line(key: Message["key"], name: string, params: Params): Message[] {
  const value = params[name];
  return value === null || value === undefined || value === "" ? [] : [{ key, params: { [name]: value } }];
}

/** A line "label: value" of a field's value when the parameter is there, the field named by its catalog label. */
function fieldLine(
  resource: LabelledResource,
  field: string,
  value: Params[string] | undefined,
  key: "notify_text_field" | "notify_text_cost" = "notify_text_field",
): Message[] {
  if (value === null || value === undefined || value === "") return [];
  return [{ key, params: { field: { label: { resource, field } }, value } }];
}

/** An amount of rubles as the reader writes it (12 345,00 or 12,345.00). */
function money(value: Params[string] | undefined, language: Language): string {
  if (typeof value !== "number") return value ?? "";
  const locale = language === "en" ? "en-US" : "ru-RU";
  return value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Each kind's title and text lines (the catalogs' `notify_*` messages). */
/** A second factor as a message names it: one-time codes, or the passkey by its name. */
function factorName(params: Params, t: Translate): string {
  if (params.factor === "passkey")
    return t({ key: "notify_factor_passkey", params: { name: params.name ?? "" } });
  return t({ key: "notify_factor_totp" });
}

const MESSAGES: Record<NotificationKind, (params: Params, language: Language, t: Translate) => Message[]> = {
  order_status_changed: (params, language) => [
    {
      key: "notify_order_status_changed",
      params: {
        order: params.order ?? "",
        status: (language === "en" ? params.status_name_en : params.status_name) ?? "",
      },
    },
    ...fieldLine("freight_order", "status_comment", params.comment),
  ],
  order_returned: (params) => [
    { key: "notify_order_returned", params: { order: params.order ?? "" } },
    ...fieldLine("freight_order", "status_comment", params.comment),
  ],
  order_submitted: (params) => [
    { key: "notify_order_submitted", params: { order: params.order ?? "" } },
    ...fieldLine("freight_order", "status_comment", params.comment),
  ],
  order_cost_approved: (params, language) => [
    { key: "notify_order_cost_approved", params: { order: params.order ?? "" } },
    ...fieldLine("freight_order", "approved_cost", money(params.cost, language), "notify_text_cost"),
  ],
  order_paid: (params) => [{ key: "notify_order_paid", params: { order: params.order ?? "" } }],
  order_document_added: (params) => [
    { key: "notify_order_document_added", params: { order: params.order ?? "" } },
    ...line("notify_text_document", "document", params),
  ],
  // The customs system's message as it wrote it (in Russian), marked as the system's in either language
  package_accepted: (params) => [
    { key: "notify_package_accepted", params: { container: params.container ?? "" } },
    ...line("notify_text_customs", "message", params),
  ],
  package_rejected: (params) => [
    { key: "notify_package_rejected", params: { container: params.container ?? "" } },
    ...line("notify_text_customs", "message", params),
  ],
  package_withdrawn: (params) => [
    { key: "notify_package_withdrawn", params: { container: params.container ?? "" } },
    ...line("notify_text_customs", "message", params),
  ],
  declaration_released: (params) => [
    { key: "notify_declaration_released", params: { container: params.container ?? "" } },
    ...fieldLine("container", "td_allowed_date", params.date),
  ],
  export_ready: (params) => [
    { key: "notify_export_ready", params: { task: params.task ?? "" } } as Message,
    { key: "notify_text_export_ready", params: { documents: params.documents ?? 0 } } as Message,
  ],
  // The reason is kept as the task keeps it: a message, translated when read
  export_failed: (params, _language, t) => [
    { key: "notify_export_failed", params: { task: params.task ?? "" } },
    ...line("notify_text_export_failed", "reason", { reason: storedText(String(params.reason ?? ""), t) }),
  ],
  signup_approved: () => [{ key: "notify_signup_approved" }, { key: "notify_text_signup_approved" }],
  signup_declined: () => [{ key: "notify_signup_declined" }],
  sign_in_failures: (params) => [
    { key: "notify_sign_in_failures" },
    {
      key: "notify_text_sign_in_failures",
      params: { minutes: params.minutes ?? "", failures: params.failures ?? "" },
    },
    { key: "notify_text_sign_in_advice" },
  ],
  api_key_created: (params) => [
    { key: "notify_api_key_created", params: { name: params.name ?? "" } },
    ...fieldLine("api_key", "prefix", params.prefix ? `${params.prefix}…` : null),
  ],
  api_key_first_used: (params) => [
    { key: "notify_api_key_first_used", params: { name: params.name ?? "" } },
    ...fieldLine("api_key", "prefix", params.prefix ? `${params.prefix}…` : null),
    ...fieldLine("api_key", "last_used_address", params.address),
  ],
  api_key_revoked: (params) => [
    { key: "notify_api_key_revoked", params: { name: params.name ?? "" } },
    ...fieldLine("api_key", "prefix", params.prefix ? `${params.prefix}…` : null),
  ],
  security_factor_added: (params, _language, t) => [
    { key: "notify_security_factor_added", params: { factor: factorName(params, t) } },
    { key: "notify_text_security_advice" },
  ],
  security_factor_removed: (params, _language, t) => [
    { key: "notify_security_factor_removed", params: { factor: factorName(params, t) } },
    { key: "notify_text_security_advice" },
  ],
  security_new_sign_in: (params) => [
    { key: "notify_security_new_sign_in", params: { address: params.address ?? "" } } as Message,
    { key: "notify_text_security_browser", params: { browser: params.browser ?? "" } } as Message,
    { key: "notify_text_security_advice" },
  ],
  security_factors_reset: () => [
    { key: "notify_security_factors_reset" },
    { key: "notify_text_security_factors_reset" },
  ],
  webhook_endpoint_disabled: (params) => [
    { key: "notify_webhook_endpoint_disabled", params: { url: params.url ?? "" } },
    params.reason === "gone"
      ? ({ key: "notify_text_webhook_gone" } as Message)
      : ({ key: "notify_text_webhook_failing", params: { since: params.since ?? "" } } as Message),
  ],
  order_created: (params) => [{ key: "notify_order_created", params: { order: params.order ?? "" } }],
  container_added: (params) => [
    { key: "notify_container_added", params: { container: params.container ?? "" } },
  ],
  container_changed: (params) => [
    { key: "notify_container_changed", params: { container: params.container ?? "" } },
  ],
  tracking_event_recorded: (params) => [
    {
      key: "notify_tracking_event_recorded",
      params: { container: params.container ?? "", code: params.code ?? "", date: params.date ?? "" },
    },
  ],
  signup_waiting: (params) => [
    { key: "notify_signup_waiting", params: { user: params.user ?? "" } },
    ...fieldLine("user", "request_name", params.company),
    ...fieldLine("user", "request_inn", params.inn),
  ],
};

/** The portal's page of an event's object: a sign-up's is the user's own profile, or the managers' profiles list. */
function linkOf(event: RenderableEvent): string {
  switch (event.object_type) {
    case "freight_order":
      return `/freight-orders/${event.object_id}`;
    case "container":
      return `/containers/${event.object_id}`;
    case "export_task":
      return "/export-tasks";
    case "webhook_endpoint":
      return "/integrations";
    case "user":
      if (event.kind.startsWith("api_key_")) return "/integrations";
      return event.kind === "signup_waiting" ? "/profiles" : "/profile";
  }
}

/**
 * An event in a language: its title, its text (the comment, the customs system's message…; lines joined by a line
 * break, empty when it has none) and its link. Pure: every name it shows is in the event's params.
 */
export function renderNotification(event: RenderableEvent, language: Language): RenderedNotification {
  const t = translator(language);
  const [title, ...lines] = MESSAGES[event.kind](event.params, language, t);
  return { title: title ? t(title) : "", text: lines.map(t).join("\n"), link: linkOf(event) };
}
