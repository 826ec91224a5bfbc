import { describe, expect, it } from "vitest";
import { containerStage, dashboardWeeks, waitingItemsOf, weekStart } from "./figures.ts";

describe("containerStage", () => {
  it.each([
    [{}, "waiting"],
    [{ railway_trip_start_date: "2026-11-01" }, "on_rail"],
    [{ railway_trip_start_date: "2026-11-01", arrival_at_border_date: "2026-11-08" }, "at_border"],
    [{ arrival_at_border_date: "2026-11-08" }, "at_border"],
    [
      {
        railway_trip_start_date: "2026-11-01",
        arrival_at_border_date: "2026-11-08",
        final_release_date: "2026-11-10",
      },
      "released",
    ],
    [{ final_release_date: "2026-11-10", railway_trip_start_date: null }, "released"],
  ] as const)("reads %o as %s", (dates, stage) => {
    expect(containerStage(dates)).toBe(stage);
  });
});

describe("dashboardWeeks", () => {
  it("ends with the Moscow week of the moment, Mondays twelve weeks back", () => {
    const weeks = dashboardWeeks(new Date("2026-11-26T12:00:00Z"));
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe("2026-09-07");
    expect(weeks[11]).toBe("2026-11-23");
  });

  it("turns the week at Monday 00:00 in Moscow, Sunday 21:00 UTC", () => {
    expect(dashboardWeeks(new Date("2026-11-29T20:59:59Z"))[11]).toBe("2026-11-23");
    expect(dashboardWeeks(new Date("2026-11-29T21:00:00Z"))[11]).toBe("2026-11-30");
  });

  it("crosses a year's end", () => {
    expect(dashboardWeeks(new Date("2027-01-01T00:00:00Z"))[11]).toBe("2026-12-28");
  });

  it("starts a week at Monday midnight in Moscow", () => {
    expect(weekStart("2026-11-23").toISOString()).toBe("2026-11-22T21:00:00.000Z");
  });
});

describe("waitingItemsOf", () => {
  it("gives staff the submitted orders, sign-ups and failed packages, clients their own to-dos", () => {
    expect(waitingItemsOf({ is_manager: true }).map((item) => item.key)).toEqual([
      "orders_submitted",
      "signups_pending",
      "packages_failed",
    ]);
    expect(waitingItemsOf({ is_manager: false }).map((item) => item.key)).toEqual([
      "orders_to_correct",
      "orders_to_sign",
      "packages_rejected",
    ]);
  });
});
