import { describe, expect, it } from "vitest";
import type { AppConfig } from "../app-config";
import { allows, meets } from "./access";
import { createShell } from "./registry";
import { buildUser, USERS } from "./test-users";
import type { WebModule } from "./web-module";

const page = async () => () => null;
const CONFIG: AppConfig = {
  version: "1",
  admin_url: "https://admin.example/",
  api_docs_url: "",
  user_manual_url: "",
  service_desk_url: "",
  support_email: "",
  upload_max_bytes: 20 * 1024 * 1024,
};

const reports: WebModule = {
  namespaces: ["reports", "grid"],
  routes: [
    { path: "reports", page, access: "signed-in" },
    {
      path: "reports/terminal",
      page,
      namespaces: ["terminal"],
      access: { flag: "is_manager", confirmed: true },
    },
  ],
  nav: [{ to: "/reports", label: "nav.reports", icon: "DashboardOutlined" }],
  profileMenu: [{ to: "/reports/terminal", label: "menu.terminal", icon: "PersonOutline" }],
  tiles: [
    { id: "terminal", icon: "PersonOutline", order: 30, to: "/reports/terminal" },
    { id: "reports", icon: "DashboardOutlined", order: 10, to: "/reports", requires: { confirmed: true } },
  ],
};
const links: WebModule = {
  namespaces: [],
  routes: [{ path: "sign-in", page, access: "guest" }],
  tiles: [
    {
      id: "admin",
      icon: "AdminPanelSettingsOutlined",
      order: 20,
      link: "admin_url",
      requires: { flag: "is_staff" },
    },
  ],
};
const shell = createShell([reports, links]);

describe("access rules", () => {
  it.each([
    ["guest", null, true],
    ["guest", buildUser(), false],
    ["signed-in", null, false],
    ["signed-in", USERS["a new customer"], true],
  ] as const)("%s lets in %j: %s", (access, user, expected) => {
    expect(allows(access, user)).toBe(expected);
  });

  it.each([
    [{ flag: "is_manager" }, USERS["an unconfirmed manager"], true],
    [{ flag: "is_manager" }, USERS["a confirmed customer"], false],
    [{ confirmed: true }, USERS["a customer awaiting confirmation"], false],
    [{ confirmed: true }, USERS["a confirmed customer"], true],
    [{ flag: "is_manager", confirmed: true }, USERS["an unconfirmed manager"], false],
    [{ flag: "is_manager", confirmed: true }, USERS["a confirmed manager"], true],
    [{ flag: "can_edit_refbook" }, USERS["a reference book editor"], true],
  ] as const)("%j for user %#", (requirement, user, expected) => {
    expect(meets(user, requirement)).toBe(expected);
    expect(allows(requirement, user)).toBe(expected);
    expect(allows(requirement, null)).toBe(false);
  });
});

describe("createShell", () => {
  it("lists every module's routes, each with its own catalogs or else its module's", () => {
    expect(shell.routes.map((route) => [route.path, route.namespaces])).toEqual([
      ["reports", ["reports", "grid"]],
      ["reports/terminal", ["terminal"]],
      ["sign-in", []],
    ]);
  });

  it("lets open an address whom its route lets in, and no address no module routes", () => {
    const manager = USERS["a confirmed manager"];
    expect(shell.canOpen("/reports/terminal", manager)).toBe(true);
    expect(shell.canOpen("/reports/terminal", USERS["an unconfirmed manager"])).toBe(false);
    expect(shell.canOpen("/sign-in", null)).toBe(true);
    expect(shell.canOpen("/sign-in", manager)).toBe(false);
    expect(shell.canOpen("/reports/other", manager)).toBe(false);
  });

  it("shows a menu entry to whom its route lets in", () => {
    const customer = USERS["a confirmed customer"];
    expect(shell.menu("nav", customer).map((entry) => entry.to)).toEqual(["/reports"]);
    expect(shell.menu("profileMenu", customer)).toEqual([]);
    expect(shell.menu("profileMenu", USERS["a confirmed manager"]).map((entry) => entry.to)).toEqual([
      "/reports/terminal",
    ]);
  });

  it("orders the tiles of every module by `order`, each shown under its route's rule and its own", () => {
    const ids = (user = buildUser(), config: AppConfig | undefined = CONFIG) =>
      shell.tiles(user, config).map((tile) => tile.id);
    expect(ids(USERS["a confirmed staff manager"])).toEqual(["reports", "admin", "terminal"]);
    expect(ids(USERS["a confirmed customer"])).toEqual(["reports"]);
    expect(ids(USERS["an unconfirmed staff manager"])).toEqual(["admin"]);
  });

  it("opens a configured address in place of a route, and offers no tile while it is not configured", () => {
    const staff = USERS["a confirmed staff manager"];
    expect(shell.tiles(staff, CONFIG).find((tile) => tile.id === "admin")).toEqual({
      id: "admin",
      icon: "AdminPanelSettingsOutlined",
      href: CONFIG.admin_url,
    });
    expect(shell.tiles(staff, { ...CONFIG, admin_url: "" }).map((tile) => tile.id)).not.toContain("admin");
    expect(shell.tiles(staff, undefined).map((tile) => tile.id)).not.toContain("admin");
  });
});
