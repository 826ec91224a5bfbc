import { LABEL_COLOR } from "@portal/domain";
import { z } from "zod";
import {
  type CustomsAnswer,
  type CustomsGateway,
  type CustomsPackage,
  CustomsRefused,
  CustomsUnavailable,
} from "./customs-gateway.ts";

// The gateway to a real customs declaration system over HTTP (docs/customs.md "The HTTP adapter"): JSON calls on
// packages by their id, a bearer token, and failures sorted into "try again later" and "refused for good".

export interface HttpGatewaySettings {
  /** The system's base address: calls go to `<url>/packages/…`. */
  url: string;
  token?: string | undefined;
  timeoutSeconds: number;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const label = z.object({
  name: z.string().min(1).max(255),
  // Stored as `#rrggbb` in lower case, however the system writes it
  color: z
    .string()
    .transform((color) => color.toLowerCase())
    .pipe(z.string().regex(LABEL_COLOR)),
});

/** The system's answer about a package (every call answers this shape). */
const answerBody = z.discriminatedUnion("state", [
  z.object({
    state: z.literal("uploaded"),
    message: z.string().default(""),
    check_after_seconds: z.number().min(0).max(86_400).nullable().default(null),
  }),
  z.object({
    state: z.literal("accepted"),
    message: z.string().default(""),
    declaration: z.object({
      td_number: z.string().min(1).max(50),
      td_date: day,
      td_allowed_date: day,
      status: z.string().max(1000),
      status_date: day,
    }),
    labels: z.array(label).max(50).default([]),
  }),
  z.object({
    state: z.literal("rejected"),
    message: z.string().default(""),
    labels: z.array(label).max(50).default([]),
  }),
  z.object({ state: z.literal("withdrawn"), message: z.string().default("") }),
]);

/** A refusal's body: `{message}` (the system's text), anything else is shown by its status alone. */
const refusalBody = z.object({ message: z.string().min(1) });

/** At most this much of a message is kept (`pkg_message` holds 2000 characters). */
const MESSAGE_MAX = 2000;

/**
 * A real customs declaration system's HTTP interface:
 * - `POST <url>/packages/` sends a package (its documents' bytes in base64) and answers its state;
 * - `GET <url>/packages/<pkg_pid>/` answers where it stands; `DELETE` withdraws it (a 404 there: nothing to
 *   withdraw, taken as withdrawn).
 * A timeout, a network error, a 5xx, a 429 or an answer that is not the contract's throw `CustomsUnavailable`
 * (retried); a 422 is the system's rejection of the package (`rejected` with its message); any other 4xx throws
 * `CustomsRefused` with the system's message (the package's `processing_error`).
 */
export function httpCustomsGateway(settings: HttpGatewaySettings): CustomsGateway {
  const base = settings.url.replace(/\/+$/, "");
  const call = async (
    method: "POST" | "GET" | "DELETE",
    path: string,
    signal: AbortSignal,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (settings.token) headers.authorization = `Bearer ${settings.token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const timeout = AbortSignal.timeout(settings.timeoutSeconds * 1000);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.any([signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) {
        throw new CustomsUnavailable(
          `Система таможенного декларирования не ответила за ${settings.timeoutSeconds} с`,
        );
      }
      if (signal.aborted) throw error;
      throw new CustomsUnavailable(`Система таможенного декларирования недоступна (${networkCause(error)})`);
    }
    let json: unknown = null;
    try {
      json = text === "" ? null : JSON.parse(text);
    } catch {
      // Not JSON: a proxy's error page, say; judged by its status below
    }
    return { status: response.status, json };
  };

  const answer = (status: number, json: unknown): CustomsAnswer => {
    if (status >= 500 || status === 429 || status === 408) {
      throw new CustomsUnavailable(`Система таможенного декларирования ответила ошибкой ${status}`);
    }
    if (status === 422) {
      return { state: "rejected", message: clip(messageOf(json) ?? "Пакет отклонён (422)") };
    }
    if (status >= 400) {
      const message = messageOf(json);
      throw new CustomsRefused(clip(message ? `${message} (${status})` : `Запрос отклонён (${status})`));
    }
    const parsed = answerBody.safeParse(json);
    if (!parsed.success) {
      throw new CustomsUnavailable("Ответ системы таможенного декларирования не по протоколу обмена");
    }
    const data = parsed.data;
    switch (data.state) {
      case "uploaded":
        return {
          state: "uploaded",
          message: clip(data.message),
          checkAfterSeconds: data.check_after_seconds,
        };
      case "accepted":
        return {
          state: "accepted",
          message: clip(data.message),
          declaration: {
            td_number: data.declaration.td_number,
            td_date: data.declaration.td_date,
            td_allowed_date: data.declaration.td_allowed_date,
            transit_decl_status: data.declaration.status,
            transit_decl_status_date: data.declaration.status_date,
          },
          labels: data.labels,
        };
      case "rejected":
        return { state: "rejected", message: clip(data.message), labels: data.labels };
      case "withdrawn":
        return { state: "withdrawn", message: clip(data.message) };
    }
  };

  return {
    description: `customs declaration system at ${base}`,
    async submit(pkg, signal) {
      const { status, json } = await call("POST", "/packages/", signal, await packageBody(pkg));
      return answer(status, json);
    },
    async status(pkg, signal) {
      const { status, json } = await call("GET", `/packages/${pkg.pkg_pid}/`, signal);
      return answer(status, json);
    },
    async withdraw(pkg, signal) {
      const { status, json } = await call("DELETE", `/packages/${pkg.pkg_pid}/`, signal);
      // A package the system does not hold (never taken, or gone already) is withdrawn as far as it is concerned
      if (status === 404) {
        return { state: "withdrawn", message: clip(messageOf(json) ?? "Пакет в системе не найден") };
      }
      return answer(status, json);
    },
  };
}

/** The body of `POST /packages/`: the package and its documents, each with its bytes. */
async function packageBody(pkg: CustomsPackage) {
  return {
    pkg_pid: pkg.pkg_pid,
    container: pkg.container,
    freight_order: pkg.freight_order,
    border_crossing: pkg.border_crossing,
    documents: await Promise.all(
      pkg.documents.map(async (doc) => ({
        id: doc.id,
        filename: doc.filename,
        content_type: doc.content_type,
        document_type: doc.document_type,
        document_number: doc.document_number,
        document_date: doc.document_date,
        content_base64: (await doc.read()).toString("base64"),
      })),
    ),
  };
}

function messageOf(json: unknown): string | null {
  const parsed = refusalBody.safeParse(json);
  return parsed.success ? parsed.data.message : null;
}

function clip(message: string): string {
  return message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX - 1)}…` : message;
}

/** A network error's code (ECONNREFUSED, ENOTFOUND …), never its message, which may name internal addresses. */
function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  return typeof cause?.code === "string" ? cause.code : "сетевая ошибка";
}
