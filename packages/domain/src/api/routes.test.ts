import { describe, expect, it } from "vitest";
import { routeOf } from "./routes.ts";

describe("routeOf", () => {
  it.each([
    ["GET", "/tracking/api/freight_orders/12/wf/?x=1", "GET /tracking/api/freight_orders/:id/wf/"],
    ["GET", "/tracking/api/freight_orders/12/history", "GET /tracking/api/freight_orders/:id/history/"],
    ["put", "/tracking/api/freight_orders/12/", "PUT /tracking/api/freight_orders/:id/"],
    ["GET", "/tracking/api/export-tasks/7", "GET /tracking/api/export-tasks/:id/"],
    // A literal segment wins over a parameter, as in the API's router
    ["GET", "/tracking/api/containers/td-schema/", "GET /tracking/api/containers/td-schema/"],
    ["GET", "/tracking/api/containers/5/", "GET /tracking/api/containers/:id/"],
    [
      "GET",
      "/tracking/api/freight_orders/1/containers/td/5/",
      "GET /tracking/api/freight_orders/:id/containers/td/:containerId/",
    ],
    ["GET", "/nowhere/", undefined],
  ])("%s %s → %s", (method, url, route) => {
    expect(routeOf(method, url)).toBe(route);
  });
});
