import type { ComponentType } from "react";
import type { AppConfig } from "../app-config";
import type { IconName } from "../layout/icons";
import type { RouteParams } from "../lazy-page";
import type { Access, Requirement } from "./access";

/** A page of a module at its own address. */
export interface ModuleRoute {
  /** Below the root, without the leading slash: "profiles", "help/internal". */
  path: string;
  /** The page's code, in a chunk of its own: `() => import("./pages/x-page").then((m) => m.XPage)`. */
  page: () => Promise<ComponentType>;
  /** The catalogs it needs, loaded with its code; the module's when not given. */
  namespaces?: readonly string[];
  /**
   * Its first data calls, made while its code loads (lazy-page.ts), for users the route lets in only; `params` are
   * the address's (`:id` of "freight-orders/:id").
   */
  prefetch?: (params: RouteParams) => Promise<unknown>;
  access: Access;
}

/** A link of the header's navigation or of the profile menu, shown to whoever its route lets in. */
export interface MenuEntry {
  /** The route it opens: "/profiles". */
  to: string;
  /** Key in the `signedIn` catalog (the signed-in pages' texts, src/i18n/index.ts). */
  label: string;
  icon: IconName;
  /** Where other pages of its section live ("/company/" under "/companies"): it shows as current there too. */
  sections?: readonly string[];
}

/** Addresses the deployment configures (`GET /api/config/`), empty when it does not. */
export type ConfigLink = { [K in keyof AppConfig]: K extends `${string}_url` ? K : never }[keyof AppConfig];

/**
 * A dashboard tile. Its texts are `tiles.<id>.title` and `tiles.<id>.text` in the `dashboard` catalog. It opens
 * a route, and shows to whoever the route lets in, or an address of the configuration in a new tab, and shows
 * when that is configured; in both cases only to users meeting `requires`.
 */
export type ModuleTile = {
  id: string;
  icon: IconName;
  /** Place among the tiles of every module, smallest first. */
  order: number;
  requires?: Requirement;
} & ({ to: string; link?: never } | { link: ConfigLink; to?: never });

/**
 * What a module of the web app adds to the shell: `export const xModule = { … } satisfies WebModule` in
 * src/modules/<name>/module.ts, listed in src/modules/index.ts.
 */
export interface WebModule {
  /** The catalogs of its pages (src/i18n/locales/<language>/<namespace>.json). */
  namespaces: readonly string[];
  routes: readonly ModuleRoute[];
  /** Links of the header's navigation. */
  nav?: readonly MenuEntry[];
  /** Links of the profile menu. */
  profileMenu?: readonly MenuEntry[];
  tiles?: readonly ModuleTile[];
}
