import type { LiveChange } from "@portal/domain";
import { describe, expect, it } from "vitest";
import type { ListenHandlers } from "../db/listen.ts";
import { LiveHub, type LiveSubscriber } from "./live-hub.ts";
import type { Principal } from "./principal.ts";

/** A principal with only what the hub decides on: staff or not, and their companies. */
function principal(companyIds: number[], isManager = false, id = 1): Principal {
  return { id, company_ids: companyIds, is_manager: isManager } as Principal;
}

/** A subscriber (of session `sessionId`) that records what it hears. */
function subscriber(user: Principal, sessionId = 1) {
  const heard: (LiveChange | "resync" | `end: ${string}`)[] = [];
  const subscriber: LiveSubscriber = {
    user,
    sessionId,
    change: (change) => heard.push(change),
    resync: () => heard.push("resync"),
    end: (reason) => heard.push(`end: ${reason}`),
  };
  return { subscriber, heard };
}

/** A hub on a fake LISTEN that the test feeds; `failures` first attempts to listen are refused. */
function hubWithChannel(failures = 0) {
  let handlers: ListenHandlers | null = null;
  let attempts = 0;
  let isClosed = false;
  const hub = new LiveHub(async (_channel, given) => {
    attempts += 1;
    if (attempts <= failures) throw new Error("connection refused");
    handlers = given;
    return async () => {
      isClosed = true;
    };
  });
  const notify = (notice: object) => handlers?.notice(JSON.stringify(notice));
  return { hub, notify, handlers: () => handlers, attempts: () => attempts, isClosed: () => isClosed };
}

const CHANGE = { resource: "freight_orders", id: 5, action: "changed" } as const;

describe("LiveHub", () => {
  it("forwards a notice to staff and to the users of the row's companies only, without the companies", async () => {
    const { hub, notify } = hubWithChannel();
    const [manager, own, related, other, none] = [
      subscriber(principal([], true)),
      subscriber(principal([3])),
      subscriber(principal([8, 3])),
      subscriber(principal([4])),
      subscriber(principal([])),
    ];
    for (const each of [manager, own, related, other, none]) await hub.join(each.subscriber);
    notify({ ...CHANGE, companies: [3] });
    // A row of no company: staff only
    notify({ ...CHANGE, id: 6, companies: [] });
    expect(manager.heard).toEqual([CHANGE, { ...CHANGE, id: 6 }]);
    expect(own.heard).toEqual([CHANGE]);
    expect(related.heard).toEqual([CHANGE]);
    expect(other.heard).toEqual([]);
    expect(none.heard).toEqual([]);
  });

  it("forwards a notice naming its users to those users' streams only, staff and the companies' users excepted", async () => {
    const { hub, notify } = hubWithChannel();
    const [manager, addressee, colleague] = [
      subscriber(principal([], true, 1)),
      subscriber(principal([3], false, 2)),
      subscriber(principal([3], false, 3)),
    ];
    for (const each of [manager, addressee, colleague]) await hub.join(each.subscriber);
    const entry = { resource: "notifications", id: 9, action: "created" } as const;
    notify({ ...entry, companies: [3], users: [2] });
    expect(addressee.heard).toEqual([entry]);
    expect(manager.heard).toEqual([]);
    expect(colleague.heard).toEqual([]);
  });

  it("forwards a change of a user's own account to that user, whatever their company, and to no other", async () => {
    const { hub, notify } = hubWithChannel();
    const [applicant, other] = [subscriber(principal([], false, 7)), subscriber(principal([], false, 8))];
    for (const each of [applicant, other]) await hub.join(each.subscriber);
    // An approval: the user's row moves into a company the user was not in when their stream opened
    const approval = { resource: "users", id: 7, action: "changed" } as const;
    notify({ ...approval, companies: [3] });
    // Another resource's row 7 is not the account
    notify({ ...CHANGE, id: 7, companies: [3] });
    expect(applicant.heard).toEqual([approval]);
    expect(other.heard).toEqual([]);
  });

  it("ignores a payload that is not a notice, and stops forwarding to a stream that left", async () => {
    const { hub, notify, handlers } = hubWithChannel();
    const listener = subscriber(principal([], true));
    const leave = await hub.join(listener.subscriber);
    handlers()?.notice("not json");
    notify({ resource: "unknown", id: 1, action: "changed", companies: [] });
    notify({ ...CHANGE, id: -1, companies: [] });
    expect(listener.heard).toEqual([]);
    leave();
    notify({ ...CHANGE, companies: [] });
    expect(listener.heard).toEqual([]);
  });

  it("ends the streams of the sessions a notice names, and nobody else's", async () => {
    const { hub, notify } = hubWithChannel();
    const [first, second, third, otherUser] = [
      subscriber(principal([3], false, 2), 11),
      subscriber(principal([3], false, 2), 12),
      subscriber(principal([3], false, 2), 13),
      subscriber(principal([3], false, 5), 11),
    ];
    for (const each of [first, second, third, otherUser]) await hub.join(each.subscriber);
    notify({ ended: { user: 2, sessions: [11] } });
    expect(first.heard).toEqual(["end: session_ended"]);
    expect([second.heard, third.heard, otherUser.heard]).toEqual([[], [], []]);
    // An ended stream hears nothing more; the others still do
    notify({ ...CHANGE, companies: [3] });
    expect(first.heard).toEqual(["end: session_ended"]);
    expect(second.heard).toEqual([CHANGE]);
    notify({ ended: { user: 2, sessions: [12, 13] } });
    expect(second.heard).toEqual([CHANGE, "end: session_ended"]);
    expect(third.heard).toEqual([CHANGE, "end: session_ended"]);
    expect(otherUser.heard).toEqual([CHANGE]);
  });

  it("listens once for all its streams, asks them to resync when the connection resumes, and stops on close", async () => {
    const channel = hubWithChannel();
    const [first, second] = [subscriber(principal([1])), subscriber(principal([2]))];
    await channel.hub.join(first.subscriber);
    await channel.hub.join(second.subscriber);
    expect(channel.attempts()).toBe(1);
    channel.handlers()?.resumed();
    expect([first.heard, second.heard]).toEqual([["resync"], ["resync"]]);
    await channel.hub.close();
    expect(channel.isClosed()).toBe(true);
  });

  it("tries to listen again for the next stream when the database refused the first", async () => {
    const { hub, attempts } = hubWithChannel(1);
    await expect(hub.join(subscriber(principal([1])).subscriber)).rejects.toThrow(/refused/);
    await hub.join(subscriber(principal([1])).subscriber);
    expect(attempts()).toBe(2);
  });
});
