import { describe, expect, it } from "vitest";
import { showsChanges } from "../../app/live/live-refresh";
import { listSearch } from "../../components/data-grid/list-query";
import { notificationPage, notificationPageQuery, unreadCountQuery } from "./api";

// The bell and the page follow the live stream: a new or read notification refreshes the count and every page of
// them, and no other resource's change does.
describe("the notifications' queries on the live stream", () => {
  const keys = [
    unreadCountQuery().queryKey,
    notificationPageQuery("ru", notificationPage(0, 8)).queryKey,
    notificationPageQuery("en", notificationPage(1, 25)).queryKey,
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

describe("a page of notifications", () => {
  it("is asked by the list pattern's paging, in the list's own order (newest first)", () => {
    expect(notificationPage(0, 8)).toEqual({ skip: 0, take: 8 });
    expect(listSearch(notificationPage(2, 25)).toString()).toBe("skip=50&take=25");
  });
});
