import { readFileSync } from "node:fs";
import path from "node:path";
import { en } from "@portal/domain/labels/en";
import { ru } from "@portal/domain/labels/ru";
import { describe, expect, it } from "vitest";
import type { AppConfig } from "../app/app-config";
import { USERS } from "../app/shell/test-users";
import { FIELDS_NAMESPACE } from "../i18n";
import { MODULES, shell } from ".";

const LOCALES = path.join(import.meta.dirname, "..", "i18n", "locales");
const CONFIG = { admin_url: "https://admin.example/", api_docs_url: "/api/docs" } as AppConfig;

function catalog(language: string, namespace: string): Record<string, unknown> {
  if (namespace === FIELDS_NAMESPACE) return { ...(language === "en" ? en : ru) };
  return JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8"));
}

/** The text at a dotted key of a catalog, if it is one. */
function textAt(catalog: Record<string, unknown>, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog);
}

const entries = MODULES.flatMap((module) => [...(module.nav ?? []), ...(module.profileMenu ?? [])]);
const tiles = MODULES.flatMap((module) => module.tiles ?? []);

describe("the module list", () => {
  it("gives each address one route", () => {
    const addresses = shell.routes.map((route) => route.path);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it("leads every menu entry and tile to a route of a module", () => {
    const addresses = new Set(shell.routes.map((route) => `/${route.path}`));
    for (const link of [...entries, ...tiles])
      if (link.to !== undefined) expect(addresses).toContain(link.to);
  });

  it("gives each tile its own id", () => {
    expect(new Set(tiles.map((tile) => tile.id)).size).toBe(tiles.length);
  });

  it.each(["ru", "en"])("has its texts in the %s catalogs", (language) => {
    for (const route of shell.routes) for (const namespace of route.namespaces) catalog(language, namespace);
    for (const entry of entries)
      expect(textAt(catalog(language, "signedIn"), entry.label), entry.label).toBeTypeOf("string");
    for (const tile of tiles) {
      for (const text of ["title", "text"]) {
        expect(textAt(catalog(language, "dashboard"), `tiles.${tile.id}.${text}`), tile.id).toBeTypeOf(
          "string",
        );
      }
    }
  });
});

describe("what each kind of user sees", () => {
  it.each([
    ["a new customer", ["/dashboard"], ["/profile"], ["profile"]],
    ["a customer awaiting confirmation", ["/dashboard"], ["/profile"], ["profile"]],
    ["a declined customer", ["/dashboard"], ["/profile"], ["profile"]],
    [
      "a confirmed customer",
      ["/dashboard", "/freight-orders", "/containers"],
      ["/profile", "/reports/terminal-utro", "/export-tasks", "/integrations"],
      ["orders", "containers", "profile"],
    ],
    [
      "a customer with monitoring access",
      ["/dashboard", "/freight-orders", "/containers", "/monitoring"],
      ["/profile", "/reports/terminal-utro", "/export-tasks", "/integrations"],
      ["orders", "containers", "profile"],
    ],
    [
      "a reference book editor",
      ["/dashboard", "/freight-orders", "/containers"],
      ["/profile", "/reports/terminal-utro", "/transport", "/services", "/export-tasks", "/integrations"],
      ["orders", "containers", "profile", "transport", "services"],
    ],
    ["an unconfirmed manager", ["/dashboard", "/companies", "/profiles"], ["/profile"], ["profile"]],
    [
      "a confirmed manager",
      ["/dashboard", "/freight-orders", "/containers", "/monitoring", "/companies", "/profiles"],
      ["/profile", "/reports/terminal-utro", "/export-tasks", "/integrations"],
      ["orders", "containers", "companies", "profiles", "profile"],
    ],
    [
      "a confirmed staff manager",
      ["/dashboard", "/freight-orders", "/containers", "/monitoring", "/companies", "/profiles"],
      ["/profile", "/reports/terminal-utro", "/export-tasks", "/integrations"],
      ["orders", "containers", "companies", "profiles", "profile", "admin", "api_docs"],
    ],
    ["an unconfirmed staff manager", ["/dashboard", "/companies", "/profiles"], ["/profile"], ["profile"]],
  ] as const)("%s: header %j, profile menu %j, tiles %j", (kind, nav, profileMenu, tileIds) => {
    const user = USERS[kind];
    expect(shell.menu("nav", user).map((entry) => entry.to)).toEqual(nav);
    expect(shell.menu("profileMenu", user).map((entry) => entry.to)).toEqual(profileMenu);
    expect(shell.tiles(user, CONFIG).map((tile) => tile.id)).toEqual(tileIds);
  });

  it("offers staff the admin tile only when the deployment has an admin address, and the API's documentation", () => {
    const staff = USERS["a confirmed staff manager"];
    expect(shell.tiles(staff, { ...CONFIG, admin_url: "" }).map((tile) => tile.id)).toEqual([
      "orders",
      "containers",
      "companies",
      "profiles",
      "profile",
      "api_docs",
    ]);
    expect(shell.tiles(staff, undefined).map((tile) => tile.id)).toEqual([
      "orders",
      "containers",
      "companies",
      "profiles",
      "profile",
    ]);
  });

  it("opens the internal manual to managers only", () => {
    expect(shell.canOpen("/help/internal", USERS["an unconfirmed manager"])).toBe(true);
    expect(shell.canOpen("/help/internal", USERS["a confirmed customer"])).toBe(false);
    expect(shell.canOpen("/help", USERS["a new customer"])).toBe(true);
  });
});
