import { WAITING_ITEMS } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { readUrlState } from "../../components/data-grid/url-state";
import { containersGrid } from "../containers/containers-grid";
import { ordersGrid } from "../orders/orders-grid";
import { USERS_GRID } from "../profiles/users-grid";
import { WAITING_LISTS, waitingLink } from "./api";

const GRIDS = {
  freight_orders: ordersGrid("en"),
  containers: containersGrid("en"),
  users: USERS_GRID,
} as const;

describe("waitingLink", () => {
  it.each([...WAITING_ITEMS.client, ...WAITING_ITEMS.manager])(
    "opens the list of $key filtered by its value",
    (item) => {
      const grid = GRIDS[item.list];
      expect(WAITING_LISTS[item.list].gridId).toBe(grid.gridId);
      const link = new URL(waitingLink(item), "http://portal");
      expect(link.pathname).toBe(WAITING_LISTS[item.list].page);
      const state = readUrlState(link.searchParams, grid.gridId, grid.columns);
      const filter = state.filters.find((row) => row.id === item.field);
      // A choice filter keeps its values as text (a multi-select as a list of them)
      expect([filter?.value].flat()).toEqual([String(item.value)]);
    },
  );
});
