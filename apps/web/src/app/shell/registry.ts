import type { AppConfig } from "../app-config";
import type { CurrentUser } from "../current-user";
import type { IconName } from "../layout/icons";
import { allows, meets } from "./access";
import type { MenuEntry, ModuleRoute, ModuleTile, WebModule } from "./web-module";

/** A module's route with the catalogs it loads worked out. */
export interface ShellRoute extends ModuleRoute {
  namespaces: readonly string[];
}

/** A tile as the dashboard shows it: to a route, or to an address opened in a new tab. */
export type ShownTile = { id: string; icon: IconName } & ({ to: string } | { href: string });

/** The header's navigation or the profile menu. */
export type MenuPlace = "nav" | "profileMenu";

/** What the router, the header, the profile menu and the dashboard read: every module's declarations. */
export interface Shell {
  routes: readonly ShellRoute[];
  /** Whether the user may open an address ("/profiles"): whether its route's guard lets them in. */
  canOpen: (to: string, user: CurrentUser | null) => boolean;
  /** The entries of a menu the user sees, in the module list's order. */
  menu: (place: MenuPlace, user: CurrentUser) => MenuEntry[];
  /** The dashboard's tiles the user sees, by their `order`; `config` undefined while it loads. */
  tiles: (user: CurrentUser, config: AppConfig | undefined) => ShownTile[];
}

/**
 * Builds the shell from the module list. Its test checks the declarations (one route an address, every menu
 * entry and tile leading to a route, one tile an id): checked here, they would weigh on every page's code.
 */
export function createShell(modules: readonly WebModule[]): Shell {
  const routes = modules.flatMap((module) =>
    module.routes.map((route) => ({ ...route, namespaces: route.namespaces ?? module.namespaces })),
  );
  const byAddress = new Map(routes.map((route) => [`/${route.path}`, route]));
  const tiles = modules.flatMap((module) => module.tiles ?? []).sort((a, b) => a.order - b.order);

  const canOpen = (to: string, user: CurrentUser | null) => {
    const route = byAddress.get(to);
    return route !== undefined && allows(route.access, user);
  };
  const shown = (tile: ModuleTile, user: CurrentUser, config: AppConfig | undefined): ShownTile | null => {
    const { id, icon } = tile;
    if (tile.requires && !meets(user, tile.requires)) return null;
    if (tile.to !== undefined) return canOpen(tile.to, user) ? { id, icon, to: tile.to } : null;
    const href = config?.[tile.link];
    return href ? { id, icon, href } : null;
  };
  return {
    routes,
    canOpen,
    menu: (place, user) =>
      modules.flatMap((module) => module[place] ?? []).filter((entry) => canOpen(entry.to, user)),
    tiles: (user, config) => tiles.flatMap((tile) => shown(tile, user, config) ?? []),
  };
}
