import { describe, expect, it } from "vitest";
import { showsChanges } from "../../app/live/live-refresh";
import { notificationPageQuery, unreadCountQuery } from "./api";

// The bell and the page follow the live stream: a new or read notification refreshes the count and every page of
// them, and no other resource's change does.
describe("the notifications' queries on the live stream", () => {
  const keys = [
    unreadCountQuery().queryKey,
    notificationPageQuery("ru", 0, 8).queryKey,
    notificationPageQuery("en", 25, 25).queryKey,
  ];

  it("are refreshed by a notifications change, whichever entry it names", () => {
    const shows = showsChanges([{ resource: "notifications", id: 41, action: "created" }]);
    for (const key of keys) expect(shows(key), JSON.stringify(key)).toBe(true);
  });

  it("are left alone by an order's change", () => {
    const shows = showsChanges([{ resource: "freight_orders", id: 41, action: "changed" }]);
    for (const key of keys) expect(shows(key), JSON.stringify(key)).toBe(false);
  });
});
