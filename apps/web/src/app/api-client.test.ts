import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerDriftError } from "./answer-check";
import { ApiError, apiDownload, apiFetch, apiFile, apiRequest, NetworkError } from "./api-client";
import type { CurrentUser } from "./current-user";
import { reportApiFailure, reportValidationMarker } from "./errors";
import { clearSession, getAccessToken, getRefreshToken, getSession, setTokens, setUser } from "./session";

vi.mock("./errors", () => ({ reportApiFailure: vi.fn(), reportValidationMarker: vi.fn() }));

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

function authorization(init: RequestInit): string | null {
  return new Headers(init.headers).get("Authorization");
}

let calls: { url: string; init: RequestInit }[];

function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}

const user = { id: 7, username: "client", version: 1 } as CurrentUser;

beforeEach(() => {
  clearSession("user");
  setTokens({ access: "old-access", refresh: "old-refresh" });
  setUser(user);
  vi.mocked(reportApiFailure).mockClear();
  vi.mocked(reportValidationMarker).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends JSON, the language and the access token, and answers the parsed body", async () => {
    serve(() => json(200, { ok: true }));
    await expect(apiRequest("/x/", { method: "PUT", json: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get("Authorization")).toBe("JWT old-access");
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Accept-Language")).toBe("ru");
    expect(calls[0]?.init.body).toBe('{"a":1}');
  });

  it("answers undefined for 204", async () => {
    serve(() => new Response(null, { status: 204 }));
    await expect(apiFetch("POST /api/token/logout/")).resolves.toBeUndefined();
  });

  it("throws ApiError with the parsed body and reports it unless silent", async () => {
    serve(() => json(400, { email: ["Email is invalid"] }));
    const error = await apiRequest("/x/").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, body: { email: ["Email is invalid"] } });
    expect(reportApiFailure).toHaveBeenCalledWith(error);

    vi.mocked(reportApiFailure).mockClear();
    await expect(apiRequest("/x/", { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(reportApiFailure).not.toHaveBeenCalled();
  });

  it("still shows the @validation toast of a silent call, whose caller shows the field messages", async () => {
    const body = { first_name: ["This field must be set."], "@validation": "fields_not_provided" };
    serve(() => json(400, body));
    const error = await apiRequest("/x/", { silent: true }).catch((caught: unknown) => caught);
    expect(reportApiFailure).not.toHaveBeenCalled();
    expect(reportValidationMarker).toHaveBeenCalledWith(error);
  });

  it("turns a failed connection into NetworkError", async () => {
    serve(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(apiRequest("/x/", { silent: true })).rejects.toBeInstanceOf(NetworkError);
  });

  it("refreshes once for concurrent 401s, stores the new pair and retries each request", async () => {
    let refreshes = 0;
    serve(async (url, init) => {
      if (url === "/api/token/refresh/") {
        refreshes += 1;
        expect(JSON.parse(String(init.body))).toEqual({ refresh: "old-refresh" });
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { access: "new-access", refresh: "new-refresh" });
      }
      return authorization(init) === "JWT new-access" ? json(200, { url }) : json(401, { detail: "expired" });
    });

    const answers = await Promise.all([apiRequest("/a/"), apiRequest("/b/"), apiRequest("/c/")]);

    expect(answers).toEqual([{ url: "/a/" }, { url: "/b/" }, { url: "/c/" }]);
    expect(refreshes).toBe(1);
    expect(getAccessToken()).toBe("new-access");
    expect(getRefreshToken()).toBe("new-refresh");
    expect(calls.filter((call) => call.url === "/api/token/refresh/")).toHaveLength(1);
    expect(reportApiFailure).not.toHaveBeenCalled();
  });

  it("retries without refreshing when another request already replaced the token", async () => {
    serve((url, init) => {
      if (url === "/api/token/refresh/") throw new Error("must not refresh");
      if (authorization(init) === "JWT old-access") {
        setTokens({ access: "newer-access", refresh: "newer-refresh" });
        return json(401, { detail: "expired" });
      }
      return json(200, { auth: authorization(init) });
    });
    await expect(apiRequest("/a/")).resolves.toEqual({ auth: "JWT newer-access" });
  });

  it("ends the session when the refresh is refused", async () => {
    serve((url) =>
      url === "/api/token/refresh/" ? json(401, { detail: "revoked" }) : json(401, { detail: "x" }),
    );

    const results = await Promise.allSettled([apiRequest("/a/"), apiRequest("/b/")]);

    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(calls.filter((call) => call.url === "/api/token/refresh/")).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getSession()).toEqual({ user: null, logoutReason: "expired" });
  });

  it("keeps the session when the refresh call cannot reach the server", async () => {
    serve((url) => {
      if (url === "/api/token/refresh/") throw new TypeError("Failed to fetch");
      return json(401, { detail: "expired" });
    });
    await expect(apiRequest("/a/", { silent: true })).rejects.toBeInstanceOf(NetworkError);
    expect(getAccessToken()).toBe("old-access");
    expect(getSession().user).toEqual(user);
  });

  it("keeps the session when the refresh call fails on the server's side", async () => {
    serve((url) => (url === "/api/token/refresh/" ? json(500, { detail: "Server error" }) : json(401, {})));
    await expect(apiRequest("/a/", { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(getRefreshToken()).toBe("old-refresh");
    expect(getSession().user).toEqual(user);
  });

  it("does not refresh for the token endpoints themselves", async () => {
    serve(() => json(401, { detail: "No active account found with the given credentials" }));
    await expect(
      apiFetch("POST /api/token/", { json: { username: "a", password: "b" }, silent: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(authorization(calls[0]?.init ?? {})).toBeNull();
    expect(getAccessToken()).toBe("old-access");
  });
});

describe("apiFetch of a named route", () => {
  it("takes the method and the path from the route's name, with its parameters and its query", async () => {
    serve(() => json(200, { services: 3, transportation_costs: 4 }));
    await expect(
      apiFetch("POST /planner/api/company/:companyId/company_price_refresh/", {
        params: { companyId: 12 },
        query: { a: "x y" },
      }),
    ).resolves.toEqual({ services: 3, transportation_costs: 4 });
    expect(calls[0]?.url).toBe("/planner/api/company/12/company_price_refresh/?a=x+y");
    expect(calls[0]?.init.method).toBe("POST");
  });

  it("refuses to call a route whose path parameter is missing", async () => {
    serve(() => json(200, {}));
    // @ts-expect-error: the route's `:id` has no value
    await expect(apiFetch("GET /profile/api/companies/:id/", { silent: true })).rejects.toThrow(/:id/);
    expect(calls).toHaveLength(0);
  });
});

describe("the check of answers against the route table (development and tests)", () => {
  it("passes an answer that matches its route's schema", async () => {
    serve(() => json(200, { access: "a", refresh: "r" }));
    await expect(apiFetch("POST /api/token/", { json: {}, silent: true })).resolves.toEqual({
      access: "a",
      refresh: "r",
    });
  });

  it("reports an answer with a field of the wrong type as drifted", async () => {
    serve(() => json(200, { access: 1, refresh: "r" }));
    // A refresh's answer: the sign-in's is a union (tokens or the second step), whose drift names no one field
    const error = await apiFetch("POST /api/token/refresh/", { json: {}, silent: true }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AnswerDriftError);
    expect(error).toMatchObject({ route: "POST /api/token/refresh/" });
    expect(String(error)).toMatch(/access/);
  });

  it("reports an answer that lacks a field", async () => {
    serve(() => json(200, { services: 3 }));
    await expect(
      apiFetch("POST /planner/api/company/:companyId/company_price_delete/", { params: { companyId: 1 } }),
    ).rejects.toBeInstanceOf(AnswerDriftError);
    expect(reportApiFailure).toHaveBeenCalled();
  });

  it("checks a call by its path too (the resources' and the grids' calls), query and trailing slash aside", async () => {
    serve(() => json(200, { results: [{ value: 7 }], count: 1 }));
    await expect(
      apiRequest("/tracking/api/directory/freight-order-suggestion?field_name=description", { silent: true }),
    ).rejects.toMatchObject({
      name: "AnswerDriftError",
      route: "GET /tracking/api/directory/freight-order-suggestion/",
    });

    serve(() => json(200, { results: [{ value: "earlier" }], count: 1 }));
    await expect(
      apiRequest("/tracking/api/directory/freight-order-suggestion?field_name=description", { silent: true }),
    ).resolves.toEqual({ results: [{ value: "earlier" }], count: 1 });
  });

  it("checks a grouped list's answer as groups", async () => {
    serve(() => json(200, { groups: [{ key: "new", count: 2 }], count: 2 }));
    await expect(
      apiRequest("/tracking/api/freight_orders/?group=status", { silent: true }),
    ).resolves.toMatchObject({
      count: 2,
    });
    serve(() => json(200, { groups: [{ key: "new" }], count: 2 }));
    await expect(
      apiRequest("/tracking/api/freight_orders/?group=status", { silent: true }),
    ).rejects.toBeInstanceOf(AnswerDriftError);
  });

  it("leaves the answers of routes the table does not know unchecked", async () => {
    serve(() => json(200, { anything: true }));
    await expect(apiRequest("/not/in/the/table/")).resolves.toEqual({ anything: true });
  });
});

describe("apiDownload", () => {
  it("answers the blob and the file name of Content-Disposition", async () => {
    serve(
      () =>
        new Response("zip-bytes", {
          headers: {
            "Content-Disposition": "attachment; filename*=UTF-8''%D0%B0%D1%80%D1%85%D0%B8%D0%B2.zip",
          },
        }),
    );
    const { blob, filename } = await apiDownload("/tracking/api/export-tasks/1");
    expect(filename).toBe("архив.zip");
    expect(await blob.text()).toBe("zip-bytes");
  });
});

describe("apiFile", () => {
  it("downloads a file route of the table by its name, its parameters and its query", async () => {
    serve(
      () =>
        new Response("%PDF", { headers: { "Content-Disposition": 'attachment; filename="order-12.pdf"' } }),
    );
    const { blob, filename } = await apiFile("GET /tracking/api/freight_orders/:orderId/print", {
      params: { orderId: 12 },
      query: { tz: "Europe/Moscow" },
    });
    expect(calls.map((call) => call.url)).toEqual([
      "/tracking/api/freight_orders/12/print?tz=Europe%2FMoscow",
    ]);
    expect(filename).toBe("order-12.pdf");
    expect(await blob.text()).toBe("%PDF");
    await apiFile("GET /tracking/api/freight_orders/:orderId/file/:fileId", {
      params: { orderId: 12, fileId: 5 },
    });
    expect(calls.at(-1)?.url).toBe("/tracking/api/freight_orders/12/file/5");
  });
});
