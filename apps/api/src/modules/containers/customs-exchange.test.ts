import { beforeAll, describe, expect, it } from "vitest";
import { useContainerTests } from "../../test/containers.ts";
import {
  buildDocuments,
  buildDocumentTypes,
  customsEvents,
  type DocumentKind,
  untilPackage,
} from "../../test/customs.ts";
import { openLiveStream } from "../../test/live.ts";
import { serverDay } from "./customs-day.ts";
import { LABEL_COLORS } from "./customs-simulator.ts";

// A package's life cycle through the customs exchange's jobs and the built-in simulator (deciding at once in
// tests): sent, uploaded, then accepted or rejected; withdrawn; its labels and events; and who hears of it.

const ORDERS = "/tracking/api/freight_orders/";

const { ctx, world } = useContainerTests();
let types: Awaited<ReturnType<typeof buildDocumentTypes>>;
beforeAll(async () => {
  types = await buildDocumentTypes(ctx.db);
});

/** An order of the first customer with these documents, a container on it and the client's requests. */
async function packageWorld(kinds: DocumentKind[]) {
  const people = await world();
  const order = await people.order();
  const files = await buildDocuments(ctx.db, ctx.config.FILES_DIR, types, order, kinds);
  const container = await people.container(order.id);
  const api = await ctx.as(people.client);
  const send = (body: object) =>
    api.patch(`${ORDERS}${order.id}/containers/`, { container: container.id, ...body });
  const labels = (as = api) => as.get(`${ORDERS}${order.id}/containers/${container.id}/labels/`);
  return { ...people, build: people, order, files, container, api, send, labels };
}

describe("a package through the customs exchange", () => {
  it("is accepted when it holds an invoice and a transport document: declaration, labels, events", async () => {
    const { client, files, container, send, labels } = await packageWorld(["invoice", "smgs", "packingList"]);
    const made = await send({ package_content: files });
    expect(made.statusCode, made.body).toBe(200);
    // The answer is the package as the request left it, whatever the exchange did since
    expect(made.json()).toMatchObject({ pkg_state: "pending", version: 2 });
    const pkgPid = made.json().pkg_pid as number;

    const accepted = await untilPackage(ctx.db, container.id, "accepted");
    const today = serverDay();
    const [year, month, day] = today.split("-");
    expect(accepted).toMatchObject({
      pkg_pid: pkgPid,
      td_number: expect.stringMatching(new RegExp(`^10719110/${day}${month}${year?.slice(2)}/5\\d{6}$`)),
      td_date: today,
      td_allowed_date: today,
      transit_decl_status: "Выпуск для транзита разрешён",
      transit_decl_status_date: today,
      // Saved, then uploaded, then accepted: each write a new version
      version: 4,
    });
    expect(accepted.pkg_message).toContain(accepted.td_number);

    const answer = await labels();
    expect(answer.statusCode).toBe(200);
    expect(answer.json().results).toEqual([
      {
        id: expect.any(Number),
        name: "Выпуск разрешён",
        color: LABEL_COLORS.green,
        create_date: expect.any(String),
      },
      {
        id: expect.any(Number),
        name: "Досмотр не требуется",
        color: LABEL_COLORS.blue,
        create_date: expect.any(String),
      },
    ]);

    const events = await customsEvents(ctx.db, container.id);
    expect(events.map((event) => [event.event_code, event.source, event.user_id, event.pkg_pid])).toEqual([
      ["package_sent", "portal", client.id, pkgPid],
      ["package_uploaded", "customs", null, pkgPid],
      ["package_accepted", "customs", null, pkgPid],
      ["declaration_released", "customs", null, pkgPid],
    ]);
    expect(events.every((event) => event.event_date === today)).toBe(true);
    expect(events[3]?.message).toContain(accepted.td_number);

    // A form opened before the exchange answered holds an old version: its save answers 409, not an overwrite
    const stale = await send({ package_content: files, version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ pkg_state: "accepted", version: 4 });
  });

  it("is rejected, naming what is missing, and a new package drops the old one's labels", async () => {
    const { files, container, send, labels } = await packageWorld(["invoice", "smgs"]);
    const [invoice] = files;
    await send({ package_content: files });
    await untilPackage(ctx.db, container.id, "accepted");
    // Without a packing list the goods are to be inspected
    expect((await labels()).json().results.map((label: { name: string }) => label.name)).toEqual([
      "Выпуск разрешён",
      "Назначен таможенный досмотр",
    ]);

    const replaced = await send({ package_content: [invoice] });
    expect(replaced.json().pkg_state).toBe("pending");
    // None of the old package's labels stays; the simulator, deciding at once here, may have put the new one's
    const names = (await labels()).json().results.map((label: { name: string }) => label.name);
    expect(names.filter((name: string) => name !== "Отказ в регистрации")).toEqual([]);
    const rejected = await untilPackage(ctx.db, container.id, "rejected");
    expect(rejected.pkg_message).toBe(
      "Отказ в регистрации транзитной декларации: в пакете нет документов: транспортный документ (накладная СМГС, CMR или коносамент)",
    );
    expect((await labels()).json().results).toMatchObject([
      { name: "Отказ в регистрации", color: LABEL_COLORS.red },
    ]);
    const events = await customsEvents(ctx.db, container.id, rejected.pkg_pid ?? 0);
    expect(events.map((event) => event.event_code)).toEqual([
      "package_sent",
      "package_uploaded",
      "package_rejected",
    ]);
    expect(events[2]?.message).toBe(rejected.pkg_message);
  });

  it("is withdrawn when the user asks, keeping its labels", async () => {
    const { files, container, send, labels } = await packageWorld(["invoice", "smgs", "packingList"]);
    await send({ package_content: files });
    const accepted = await untilPackage(ctx.db, container.id, "accepted");
    const asked = await send({ withdraw: true });
    expect(asked.json()).toMatchObject({ pkg_state: "withdraw", pkg_pid: accepted.pkg_pid });
    const withdrawn = await untilPackage(ctx.db, container.id, "withdrawn");
    expect(withdrawn.pkg_message).toBe("Пакет документов отозван декларантом");
    const events = await customsEvents(ctx.db, container.id);
    // The user's request, then the system's answer
    expect(events.slice(-2)).toMatchObject([
      { event_code: "package_withdraw_requested", source: "portal", pkg_pid: accepted.pkg_pid },
      { event_code: "package_withdrawn", source: "customs", pkg_pid: accepted.pkg_pid },
    ]);
    expect((await labels()).json().results).toHaveLength(2);
  });
});

describe("GET tracking/api/freight_orders/{id}/containers/{containerId}/labels/", () => {
  it("answers 404 for another company's order and for a container of another order", async () => {
    const { outsider, manager, related, order, container, files, send, labels, ...people } =
      await packageWorld(["invoice", "smgs"]);
    await send({ package_content: files });
    await untilPackage(ctx.db, container.id, "accepted");
    await ctx.expectRefused({ outsider }, (api) => labels(api), 404);
    // Staff and the company's related users see them
    for (const user of [manager, related]) {
      const answer = await labels(await ctx.as(user));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().results).toHaveLength(2);
    }
    const otherOrder = await people.build.order();
    const elsewhere = await people.api.get(`${ORDERS}${otherOrder.id}/containers/${container.id}/labels/`);
    expect(elsewhere.statusCode).toBe(404);
    const none = await people.api.get(`${ORDERS}${order.id}/containers/999999/labels/`);
    expect(none.statusCode).toBe(404);
    // A container without a package has no labels
    const bare = await people.build.container(order.id);
    const empty = await people.api.get(`${ORDERS}${order.id}/containers/${bare.id}/labels/`);
    expect(empty.json()).toEqual({ results: [] });
  });
});

describe("the live stream", () => {
  it("tells the container's company of each step of the exchange; another company hears nothing", async () => {
    const { client, outsider, order, files, container, send } = await packageWorld(["invoice", "smgs"]);
    const [own, foreign] = [
      await openLiveStream(ctx.app, await ctx.authHeaders(client)),
      await openLiveStream(ctx.app, await ctx.authHeaders(outsider)),
    ];
    try {
      await send({ package_content: files });
      const change = (resource: string, id: number) => ({
        event: "change",
        data: { resource, id, action: "changed" },
      });
      // Saved, uploaded, accepted: each the container's change and its order's (its containers grid); the acceptance
      // also tells the client two notifications of its own: the package accepted, the declaration released
      // (docs/notifications.md)
      const notices: unknown[] = [];
      const next = async () => {
        let event = await own.next();
        while ((event.data as { resource: string }).resource === "notifications") {
          notices.push(event.data);
          event = await own.next();
        }
        return event;
      };
      for (let step = 0; step < 3; step++) {
        expect(await next()).toEqual(change("containers", container.id));
        expect(await next()).toEqual(change("freight_orders", order.id));
      }
      const notice = { resource: "notifications", id: expect.any(Number), action: "created" };
      expect(notices).toEqual([notice, notice]);
      expect((await untilPackage(ctx.db, container.id, "accepted")).pkg_state).toBe("accepted");

      // Notices arrive in their commits' order: the outsider's own company's change comes first, so nothing of
      // the exchange reached them before it
      const outsiderOrder = await (await ctx.as(outsider)).post(ORDERS, { description_of_goods: "Уголь" });
      expect(outsiderOrder.statusCode, outsiderOrder.body).toBe(201);
      expect(await foreign.next()).toEqual({
        event: "change",
        data: { resource: "freight_orders", id: outsiderOrder.json().id, action: "created" },
      });
    } finally {
      own.close();
      foreign.close();
    }
  });
});
