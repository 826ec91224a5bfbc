import { isValidElement, type ReactElement } from "react";
import { matchRoutes, Navigate } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GuestOnly, RequireAccess, RequireAuth } from "./guards";
import type { LazyPage } from "./lazy-page";
import { buildRoutes } from "./router";
import { clearSession, setUser } from "./session";
import { createShell } from "./shell/registry";
import { USERS } from "./shell/test-users";

const page = async () => () => null;
const routes = buildRoutes(
  createShell([
    {
      namespaces: ["example"],
      routes: [
        { path: "sign-in", page, access: "guest" },
        { path: "dashboard", page, access: "signed-in" },
        { path: "profiles", page, namespaces: ["profiles", "grid"], access: { flag: "is_manager" } },
        { path: "transport", page, access: { flag: "can_edit_refbook", confirmed: true } },
      ],
    },
  ]).routes,
);

/** What renders at an address, outermost first: the guards' and pages' element types with their props. */
function chain(pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
    const element = route.element as ReactElement<Record<string, unknown>>;
    expect(isValidElement(element)).toBe(true);
    return { type: element.type, props: element.props, preloads: route.handle !== undefined };
  });
}

describe("routes built from the modules' declarations", () => {
  it("puts a guest page behind GuestOnly, outside the layout", () => {
    const [guard, shown] = chain("/sign-in");
    expect(guard?.type).toBe(GuestOnly);
    expect(shown?.preloads).toBe(true);
    expect(chain("/sign-in")).toHaveLength(2);
  });

  it("puts a signed-in page in the layout, behind RequireAuth and no other guard", () => {
    const steps = chain("/dashboard");
    expect(steps.map((step) => step.type)[0]).toBe(RequireAuth);
    expect(steps.map((step) => step.preloads)).toEqual([false, true, true]);
  });

  it.each([
    ["/profiles", { flag: "is_manager" }],
    ["/transport", { flag: "can_edit_refbook", confirmed: true }],
  ])("puts %s behind RequireAccess with its route's requirement", (address, requirement) => {
    const steps = chain(address);
    expect(steps[0]?.type).toBe(RequireAuth);
    expect(steps[2]?.type).toBe(RequireAccess);
    expect(steps[2]?.props).toEqual({ requirement });
    expect(steps).toHaveLength(4);
  });

  it.each(["/", "/freight-orders", "/profiles/42"])("sends %s to the dashboard", (address) => {
    const last = chain(address).at(-1);
    expect(last?.type).toBe(Navigate);
    expect(last?.props).toMatchObject({ to: "/dashboard", replace: true });
  });
});

describe("a route's prefetch", () => {
  afterEach(() => clearSession("user"));

  /** Preloads /profiles of a fresh route tree (a page preloads once) and tells whether its prefetch ran. */
  async function prefetches(): Promise<boolean> {
    const prefetch = vi.fn(async () => {});
    const { routes } = createShell([
      {
        namespaces: [],
        routes: [{ path: "profiles", page, prefetch, access: { flag: "is_manager" } }],
      },
    ]);
    const handle = matchRoutes(buildRoutes(routes), "/profiles")?.at(-1)?.route.handle as
      | LazyPage
      | undefined;
    expect(handle).toBeDefined();
    await handle?.preload();
    return prefetch.mock.calls.length > 0;
  }

  it("runs for a user the route lets in", async () => {
    setUser(USERS["a confirmed manager"]);
    expect(await prefetches()).toBe(true);
  });

  it("is given the address's parameters", async () => {
    setUser(USERS["a confirmed manager"]);
    const prefetch = vi.fn(async () => {});
    const { routes } = createShell([
      { namespaces: [], routes: [{ path: "orders/:id", page, prefetch, access: "signed-in" }] },
    ]);
    const match = matchRoutes(buildRoutes(routes), "/orders/16")?.at(-1);
    await (match?.route.handle as LazyPage | undefined)?.preload(match?.params);
    expect(prefetch).toHaveBeenCalledWith({ id: "16" });
  });

  it("does not run for a user the route refuses, nor for nobody", async () => {
    setUser(USERS["a confirmed customer"]);
    expect(await prefetches()).toBe(false);
    clearSession("user");
    expect(await prefetches()).toBe(false);
  });
});
