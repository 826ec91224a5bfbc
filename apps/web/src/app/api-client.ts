import type { AnswerOf, ApiRoute, FileRoute, TokenPair } from "@portal/domain";
import i18next from "i18next";
import { filenameFromContentDisposition } from "./content-disposition";
import { reportApiFailure, reportValidationMarker } from "./errors";
import { clearSession, getAccessToken, getRefreshToken, getSession, setTokens } from "./session";

/** An answer of the API with a status outside 2xx. `body` is the parsed JSON error body (or null). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(errorSummary(status, body));
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** The request left but no answer came back (offline, server down, connection reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "NetworkError";
  }
}

export type ApiInit = RequestInit & {
  /** Sent as the JSON body, with `Content-Type: application/json`. */
  json?: unknown;
  /** The caller shows the error itself (forms with field errors): no global toast. */
  silent?: boolean;
};

const REFRESH_PATH = "/api/token/refresh/";

/**
 * The names of a route's path parameters: `"GET /a/:companyId/b/:id/"` → `"companyId" | "id"` (a download's last
 * one may end its path without the slash: `file/:fileId`).
 */
type ParamNames<S extends string> = S extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : S extends `${string}:${infer Name}`
    ? Name
    : never;

/** A call of a named route: its query, and the values of its path's `:name` parameters (required when it has some). */
export type RouteInit<R extends ApiRoute> = Omit<ApiInit, "method"> & {
  query?: URLSearchParams | Record<string, string>;
} & ([ParamNames<R>] extends [never]
    ? { params?: undefined }
    : { params: Record<ParamNames<R>, string | number> });

/**
 * Calls a route of the API named as `packages/domain`'s route table names it (`"GET /profile/api/users/me/"`)
 * and answers what the table says it answers: the method and the path come from the name, with its `:name`
 * parameters from `params` and the query from `query`. See {@link apiRequest} for the rest.
 */
export async function apiFetch<R extends ApiRoute>(
  route: R,
  ...[init]: [ParamNames<R>] extends [never] ? [RouteInit<R>?] : [RouteInit<R>]
): Promise<AnswerOf<R>> {
  const { params, query, ...rest } = (init ?? {}) as RouteInit<R>;
  const [method = "GET"] = route.split(" ");
  return (await apiRequest(routeUrl(route, params, query), { ...rest, method })) as AnswerOf<R>;
}

/**
 * Downloads the file a route of the table answers (`"GET /tracking/api/freight_orders/:orderId/print"`), named and
 * given its parameters and query as {@link apiFetch} takes them; the file's name comes from Content-Disposition.
 * A file's address the API itself gives (a package's document) goes to {@link apiDownload}.
 */
export function apiFile<R extends FileRoute>(
  route: R,
  ...[init]: [ParamNames<R>] extends [never] ? [RouteInit<R>?] : [RouteInit<R>]
): Promise<{ blob: Blob; filename: string | null }> {
  const { params, query, ...rest } = (init ?? {}) as RouteInit<R>;
  return apiDownload(routeUrl(route, params, query), rest);
}

/** The address of a named route's call: its path with the `:name` parameters' values, and the query. */
function routeUrl(
  route: ApiRoute,
  params: Record<string, string | number> | undefined,
  query: URLSearchParams | Record<string, string> | undefined,
): string {
  const path = routePath(route, params ?? {});
  const search = query ? new URLSearchParams(query).toString() : "";
  return search ? `${path}?${search}` : path;
}

/** The path of a named route with the values of its `:name` parameters. */
function routePath(route: ApiRoute, params: Record<string, string | number>): string {
  const [, pattern = ""] = route.split(" ");
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Calls the API at an absolute path (`/profile/api/users/me/`) and answers the parsed JSON (undefined for 204).
 * Sends the language and the access token; on 401 refreshes the tokens once and retries; throws `ApiError`,
 * `NetworkError`, or the request-setup error, after a global toast unless `silent`. For the resources whose path
 * is built at run time (`resourceClient`, the grids); other calls name their route through {@link apiFetch}.
 *
 * In development and in tests the answer is checked against the route table's schema of its route (loaded
 * lazily, so production bundles carry neither zod nor the table): a drifted answer throws `AnswerDriftError`.
 */
export async function apiRequest(path: string, init: ApiInit = {}): Promise<unknown> {
  try {
    const response = await send(path, init, "application/json");
    const body = await readBody(response);
    if (import.meta.env.DEV) {
      const { checkAnswer } = await import("./answer-check");
      checkAnswer(init.method ?? "GET", path, body);
    }
    return body;
  } catch (error) {
    if (!init.silent) reportApiFailure(error);
    else reportValidationMarker(error);
    throw error;
  }
}

/** Downloads a file through the same authentication and error handling; the name comes from Content-Disposition. */
export async function apiDownload(
  path: string,
  init: ApiInit = {},
): Promise<{ blob: Blob; filename: string | null }> {
  try {
    const response = await send(path, init, "*/*");
    const filename = filenameFromContentDisposition(response.headers.get("Content-Disposition"));
    return { blob: await response.blob(), filename };
  } catch (error) {
    if (!init.silent) reportApiFailure(error);
    else reportValidationMarker(error);
    throw error;
  }
}

/**
 * Opens a streaming answer (the live stream, `text/event-stream`) through the same authentication (a refresh and
 * one retry on 401, the session ended when that fails too), without toasts: its body is left for the caller to
 * read. Throws `ApiError` or `NetworkError` as `apiRequest` does.
 */
export function apiStream(path: string, signal: AbortSignal): Promise<Response> {
  return send(path, { signal }, "text/event-stream");
}

/** How far an upload has got: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Uploads a multipart form to a named route (`"POST /tracking/api/freight_orders/:orderId/files/"`, its path
 * parameters in `params`) with the progress of its bytes (fetch cannot report it), through the same
 * authentication (a refresh and one retry on 401) and error handling; silent: the caller shows a refusal where the
 * file is. A file past the API's size limit is refused before anything is sent, as the API's 413 (upload-limit.ts). Answers what the route table says, checked as `apiRequest` checks in development and in tests.
 */
export async function apiUpload<R extends ApiRoute>(
  route: R,
  form: FormData,
  options: {
    params?: Record<string, string | number>;
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
  } = {},
): Promise<AnswerOf<R>> {
  const path = routePath(route, options.params ?? {});
  try {
    // A file larger than the API takes is refused here, as the API would, instead of being sent whole first
    const { oversizeRefusal } = await import("./upload-limit");
    const refusal = await oversizeRefusal(form);
    if (refusal) throw refusal;
    const sentToken = getAccessToken();
    let answer = await uploadOnce(path, form, options, sentToken);
    if (answer.status === 401 && sentToken !== null) {
      if (await renewAfter(sentToken)) answer = await uploadOnce(path, form, options, getAccessToken());
      if (answer.status === 401) expireSession();
    }
    const body = answer.text ? parseJson(answer.text) : undefined;
    if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, body ?? null);
    if (import.meta.env.DEV) {
      const { checkAnswer } = await import("./answer-check");
      checkAnswer("POST", path, body);
    }
    return body as AnswerOf<R>;
  } catch (error) {
    reportValidationMarker(error);
    throw error;
  }
}

function uploadOnce(
  path: string,
  form: FormData,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
  token: string | null,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("Accept-Language", language());
    if (token) request.setRequestHeader("Authorization", `JWT ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new NetworkError(new Error("upload failed")));
    request.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { detail: text.slice(0, 500) };
  }
}

async function send(path: string, init: ApiInit, accept: string): Promise<Response> {
  const { json, silent: _silent, ...request } = init;
  const body = json === undefined ? request.body : JSON.stringify(json);
  const usesToken = !path.startsWith("/api/token/");
  const sentToken = usesToken ? getAccessToken() : null;

  let response = await fetchOnce(path, { ...request, body }, json !== undefined, accept, sentToken);
  if (response.status === 401 && sentToken !== null) {
    if (await renewAfter(sentToken)) {
      response = await fetchOnce(path, { ...request, body }, json !== undefined, accept, getAccessToken());
    }
    if (response.status === 401) expireSession();
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  return response;
}

async function fetchOnce(
  path: string,
  init: RequestInit,
  isJson: boolean,
  accept: string,
  token: string | null,
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has("Accept")) headers.set("Accept", accept);
  headers.set("Accept-Language", language());
  if (isJson && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  if (token) headers.set("Authorization", `JWT ${token}`);
  try {
    return await fetch(path, { ...init, headers });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new NetworkError(error);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * After a 401 for `sentToken`: true when a newer access token is available to retry with. Concurrent requests
 * share one refresh call; a request that failed with an already replaced token just retries.
 */
async function renewAfter(sentToken: string): Promise<boolean> {
  const current = getAccessToken();
  if (current !== null && current !== sentToken) return true;
  if (!getRefreshToken()) return false;
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshTokens(): Promise<boolean> {
  const refresh = getRefreshToken();
  if (!refresh) return false;
  const response = await fetchOnce(
    REFRESH_PATH,
    { method: "POST", body: JSON.stringify({ refresh }) },
    true,
    "application/json",
    null,
  );
  // A fault of the server or throttling says nothing about the token: keep the session, report the error.
  if (response.status >= 500 || response.status === 429) {
    throw new ApiError(response.status, await readErrorBody(response));
  }
  if (!response.ok) return false;
  const tokens = (await response.json()) as Partial<TokenPair>;
  if (!tokens.access || !tokens.refresh) return false;
  setTokens({ access: tokens.access, refresh: tokens.refresh });
  return true;
}

/** The tokens are no longer accepted: end the session; the route guard sends the user to sign in. */
function expireSession(): void {
  if (getAccessToken() === null && getSession().user === null) return;
  clearSession("expired");
}

function language(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? "ru";
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  return isJsonResponse(response) ? JSON.parse(text) : text;
}

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    if (!text) return null;
    if (isJsonResponse(response)) return JSON.parse(text);
    return { detail: text.slice(0, 500) };
  } catch {
    return null;
  }
}

function isJsonResponse(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get("Content-Type") ?? "");
}

function errorSummary(status: number, body: unknown): string {
  const detail = body && typeof body === "object" && "detail" in body ? String(body.detail) : "";
  return detail ? `${status}: ${detail}` : `HTTP ${status}`;
}

/** The `detail` line of an error body, if there is one. */
export function errorDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  if (body && typeof body === "object" && "detail" in body && typeof body.detail === "string")
    return body.detail;
  return null;
}

/**
 * Field messages of a 400 body (`{field: [messages]}`), joined per field; `detail` and the `@validation`
 * marker are left out. Nested objects give dotted names (`consignor.name`).
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return flattenFieldErrors(error.body);
}

export function flattenFieldErrors(body: unknown, prefix = ""): Record<string, string> {
  const result: Record<string, string> = {};
  if (!body || typeof body !== "object" || Array.isArray(body)) return result;
  for (const [key, value] of Object.entries(body)) {
    if (!prefix && (key === "detail" || key === "@validation")) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") result[name] = value;
    else if (Array.isArray(value)) {
      const messages = value.filter((item): item is string => typeof item === "string");
      if (messages.length) result[name] = messages.join(" ");
      else {
        for (const [index, item] of value.entries()) {
          Object.assign(result, flattenFieldErrors(item, `${name}.${index}`));
        }
      }
    } else Object.assign(result, flattenFieldErrors(value, name));
  }
  return result;
}
