import { keysWithPrefix, writeItem } from "./storage";

/** Prefix of the localStorage keys where grids keep a user's column layout: `grid-layout:<userId>:<grid>`. */
export function gridLayoutPrefix(userId: number): string {
  return `grid-layout:${userId}:`;
}

/** Forgets every saved grid layout of the user and reloads, so open grids start from their defaults. */
export function resetGridLayouts(userId: number): void {
  for (const key of keysWithPrefix(gridLayoutPrefix(userId))) writeItem(key, null);
  window.location.reload();
}
