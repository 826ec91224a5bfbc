import { dayIn, FORWARDER_TIME_ZONE, type NotificationKind } from "@portal/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { exportTasks, notificationEvents, notifications } from "../../db/schema/index.ts";
import { useContainerTests } from "../../test/containers.ts";
import { buildDocuments, buildDocumentTypes, untilPackage } from "../../test/customs.ts";
import { pdf, uploadRequests } from "../../test/uploads.ts";

// Each change that tells someone, made through the API as users make it: the event is written in the change's
// transaction, reaches the side it is for, in the reader's language, and a refused change tells nobody.

const ORDERS = "/tracking/api/freight_orders/";
const LIST = "/api/notifications/";
const WAIT = { timeout: 60_000, interval: 200 };

const { ctx, world } = useContainerTests();
let types: Awaited<ReturnType<typeof buildDocumentTypes>>;
let people: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  types = await buildDocumentTypes(ctx.db);
  people = await world();
});

type User = { id: number; token_version: number };

/** Who got an entry of this kind about this object, by id. */
async function recipients(kind: NotificationKind, objectId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ user: notifications.user_id })
    .from(notifications)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notifications.event_id))
    .where(and(eq(notificationEvents.kind, kind), eq(notificationEvents.object_id, objectId)));
  return rows.map((row) => row.user).sort((a, b) => a - b);
}

/** How many events an order has had. */
function eventsAboutOrder(id: number): Promise<number> {
  const about = and(
    eq(notificationEvents.object_type, "freight_order"),
    eq(notificationEvents.object_id, id),
  );
  return ctx.db.$count(notificationEvents, about);
}

/** The user's newest entry (or the one `skip` entries older), as the API lists it in a language. */
async function newest(user: User, lang = "en", skip = 0) {
  const response = await ctx.app.inject({
    url: `${LIST}?take=1&skip=${skip}`,
    headers: await ctx.authHeaders(user, lang),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results[0];
}

const patchOrder = async (user: User, id: number, body: object) =>
  (await ctx.as(user)).patch(`${ORDERS}${id}/`, body);

describe("an order's status change", () => {
  it("returned for correction tells the client, the related user and the other managers, with the comment", async () => {
    const { client, related, outsider, manager } = people;
    const order = await people.order({ status: 3 });
    const moved = await patchOrder(manager, order.id, { status: 4, status_comment: "Уточните вес брутто" });
    expect(moved.statusCode, moved.body).toBe(200);
    const heard = await recipients("order_returned", order.id);
    expect(heard).toEqual(expect.arrayContaining([client.id, related.id]));
    expect(heard).not.toContain(manager.id);
    expect(heard).not.toContain(outsider.id);
    expect(await newest(client)).toMatchObject({
      kind: "order_returned",
      title: `Shipping order No. ${order.id}: returned for correction`,
      text: "Status comment: Уточните вес брутто",
      link: `/freight-orders/${order.id}`,
      read: false,
    });
    expect((await newest(client, "ru")).title).toBe(`Заявка № ${order.id}: возвращена на доработку`);
  });

  it("submitted by a client tells the managers only", async () => {
    const { client, related, manager } = people;
    const order = await people.order({ status: 1 });
    expect((await patchOrder(client, order.id, { status: 3 })).statusCode).toBe(200);
    const heard = await recipients("order_submitted", order.id);
    expect(heard).toContain(manager.id);
    expect(heard).not.toContain(related.id);
    expect(await recipients("order_status_changed", order.id)).toEqual([]);
    expect(await newest(manager)).toMatchObject({
      title: `Shipping order No. ${order.id}: submitted for approval`,
    });
  });

  it("approved tells the client the status by its name in their language", async () => {
    const { client, manager } = people;
    const order = await people.order({ status: 3 });
    expect((await patchOrder(manager, order.id, { status: 2 })).statusCode).toBe(200);
    expect(await recipients("order_status_changed", order.id)).toContain(client.id);
    expect((await newest(client)).title).toBe(`Shipping order No. ${order.id}: status “Approved”`);
    expect((await newest(client, "ru")).title).toBe(`Заявка № ${order.id}: статус «Согласована»`);
  });

  it("refused tells nobody: the event goes with the write", async () => {
    const order = await people.order({ status: 3 });
    // Returning for correction needs a comment
    expect((await patchOrder(people.manager, order.id, { status: 4 })).statusCode).toBe(400);
    expect(await eventsAboutOrder(order.id)).toBe(0);
  });
});

describe("an order's cost and payment", () => {
  it("a manager's approved cost tells the client the amount; the same cost saved again tells nobody", async () => {
    const { client, manager } = people;
    const order = await people.order({ status: 2 });
    expect((await patchOrder(manager, order.id, { approved_cost: 125000 })).statusCode).toBe(200);
    expect(await recipients("order_cost_approved", order.id)).toContain(client.id);
    expect(await newest(client)).toMatchObject({ text: "Approved cost: 125,000.00 RUB" });
    expect((await newest(client, "ru")).text).toMatch(/^Согласованная стоимость: 125\s000,00 руб\.$/);
    // The same cost again is no change
    expect(
      (await patchOrder(manager, order.id, { approved_cost: 125000, notes: "Ставка на март" })).statusCode,
    ).toBe(200);
    expect(await eventsAboutOrder(order.id)).toBe(1);
  });

  it("marked paid tells the client; marked unpaid tells nobody", async () => {
    const head = await ctx.buildUser({ company_id: people.forwarder.id, roles: ["Head"] });
    const order = await people.order({ status: 6, approved_cost: 1500 });
    const api = await ctx.as(head);
    expect((await api.patch(`${ORDERS}${order.id}/set_is_paid/`, { is_paid: true })).statusCode).toBe(200);
    expect((await api.patch(`${ORDERS}${order.id}/set_is_paid/`, { is_paid: false })).statusCode).toBe(200);
    expect(await recipients("order_paid", order.id)).toContain(people.client.id);
    expect(await eventsAboutOrder(order.id)).toBe(1);
  });
});

describe("a document added", () => {
  it("by the client tells the managers, by a manager the company's users", async () => {
    const { client, related, manager } = people;
    const { upload } = uploadRequests(ctx);
    const order = await people.order({ status: 1 });
    const byClient = await upload(client, `${ORDERS}${order.id}/files/`, [pdf("invoice.pdf")]);
    expect(byClient.statusCode, byClient.body).toBe(201);
    let heard = await recipients("order_document_added", order.id);
    expect(heard).toContain(manager.id);
    expect(heard).not.toContain(related.id);
    expect(await newest(manager)).toMatchObject({ text: "Document: invoice.pdf" });

    const byManager = await upload(manager, `${ORDERS}${order.id}/files/`, [pdf("contract.pdf")]);
    expect(byManager.statusCode, byManager.body).toBe(201);
    heard = await recipients("order_document_added", order.id);
    expect(heard.filter((id) => id === client.id)).toHaveLength(1);
    expect(await newest(client)).toMatchObject({ text: "Document: contract.pdf" });
  });
});

describe("a container's package and declaration", () => {
  async function sendPackage(kinds: Parameters<typeof buildDocuments>[4]) {
    const order = await people.order();
    const files = await buildDocuments(ctx.db, ctx.config.FILES_DIR, types, order, kinds);
    const container = await people.container(order.id, { container: "MSKU9070323" });
    const sent = await (await ctx.as(people.client)).patch(`${ORDERS}${order.id}/containers/`, {
      container: container.id,
      package_content: files,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return { order, container };
  }

  it("accepted tells the company's users and managers, the customs system's message included", async () => {
    const { container } = await sendPackage(["invoice", "smgs", "packingList"]);
    const accepted = await untilPackage(ctx.db, container.id, "accepted");
    expect(await recipients("package_accepted", container.id)).toEqual(
      expect.arrayContaining([people.client.id, people.related.id, people.manager.id]),
    );
    // The transit declaration it registered is released: told too, with its release date
    expect(await recipients("declaration_released", container.id)).toEqual(
      expect.arrayContaining([people.client.id, people.related.id, people.manager.id]),
    );
    const released = await ctx.db
      .select({ params: notificationEvents.params })
      .from(notificationEvents)
      .where(
        and(
          eq(notificationEvents.kind, "declaration_released"),
          eq(notificationEvents.object_id, container.id),
        ),
      );
    expect(released).toEqual([{ params: expect.objectContaining({ date: accepted.td_allowed_date }) }]);
    // The verdict, then the release it brought (the newest)
    expect(await newest(people.client)).toMatchObject({
      title: "Container MSKU9070323: declaration released",
    });
    expect(await newest(people.client, "en", 1)).toMatchObject({
      title: "Container MSKU9070323: package accepted",
      text: `Customs: ${accepted.pkg_message}`,
      link: `/containers/${container.id}`,
    });
  });

  it("rejected tells them why", async () => {
    const { container } = await sendPackage(["invoice"]);
    const rejected = await untilPackage(ctx.db, container.id, "rejected");
    expect(await recipients("package_rejected", container.id)).toContain(people.client.id);
    expect(await newest(people.client, "ru")).toMatchObject({
      title: "Контейнер MSKU9070323: пакет отклонён",
      text: `Сообщение таможни: ${rejected.pkg_message}`,
    });
  });

  it("withdrawn at the user's request tells the company's users and managers, the system's answer included", async () => {
    const { order, container } = await sendPackage(["invoice", "smgs", "packingList"]);
    await untilPackage(ctx.db, container.id, "accepted");
    const asked = await (await ctx.as(people.client)).patch(`${ORDERS}${order.id}/containers/`, {
      container: container.id,
      withdraw: true,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const withdrawn = await untilPackage(ctx.db, container.id, "withdrawn");
    // The client asked, but the system answered: the client is told as well
    expect(await recipients("package_withdrawn", container.id)).toEqual(
      expect.arrayContaining([people.client.id, people.related.id, people.manager.id]),
    );
    expect(await newest(people.related, "ru")).toMatchObject({
      title: "Контейнер MSKU9070323: пакет отозван",
      text: `Сообщение таможни: ${withdrawn.pkg_message}`,
      link: `/containers/${container.id}`,
    });
    expect(await newest(people.client)).toMatchObject({ title: "Container MSKU9070323: package withdrawn" });
  });

  it("the declaration's release date set by a manager tells the client once", async () => {
    const order = await people.order({ status: 2 });
    const container = await people.container(order.id);
    const api = await ctx.as(people.manager);
    const url = `/tracking/api/containers/${container.id}/`;
    expect((await api.patch(url, { dt_allowed_date: "2026-03-02" })).statusCode).toBe(200);
    expect((await api.patch(url, { dt_allowed_date: "2026-03-03" })).statusCode).toBe(200);
    expect(await recipients("declaration_released", container.id)).toContain(people.client.id);
    const released = and(
      eq(notificationEvents.kind, "declaration_released"),
      eq(notificationEvents.object_id, container.id),
    );
    expect(await ctx.db.$count(notificationEvents, released)).toBe(1);
    expect(await newest(people.client)).toMatchObject({ text: "TD release date: 2026-03-02" });
  });
});

describe("an export's end", () => {
  it("tells its author that the archive is ready, with the link to the tasks", async () => {
    const today = dayIn(FORWARDER_TIME_ZONE);
    const created = await (await ctx.as(people.manager)).post("/tracking/api/export-tasks/", {
      company: people.company.id,
      from_date: today,
      to_date: today,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    await expect
      .poll(
        async () => (await ctx.db.select().from(exportTasks).where(eq(exportTasks.id, id)))[0]?.status,
        WAIT,
      )
      .toBe("SUCCESS");
    expect(await recipients("export_ready", id)).toEqual([people.manager.id]);
    expect(await newest(people.manager)).toMatchObject({
      title: `Export of documents No. ${id}: ready`,
      link: "/export-tasks",
    });
  });
});

describe("a sign-up", () => {
  it("sent to confirmation tells the managers; approved or declined tells the applicant", async () => {
    const { manager, company } = people;
    const applicant = await ctx.buildUser({
      state: "new",
      roles: ["Customer"],
      first_name: "Анна",
      last_name: "Орлова",
    });
    const sent = await (await ctx.as(applicant)).put("/profile/api/users/me/", {
      first_name: "Анна",
      last_name: "Орлова",
      phone: "+7 383 210-44-12",
      email: "a.orlova@example.ru",
      status: "pending",
      request_inn: "2724123459",
      request_name: "ООО «Амурский терминал»",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await recipients("signup_waiting", applicant.id)).toContain(manager.id);
    expect(await newest(manager)).toMatchObject({
      title: `A new registration waits for confirmation: Анна Орлова (${applicant.username})`,
      text: "Company name: ООО «Амурский терминал»\nCompany INN: 2724123459",
      link: "/profiles",
    });

    const managerApi = await ctx.as(manager);
    const approved = await managerApi.patch(`/profile/api/users/${applicant.id}/`, {
      state: "approved",
      company_id: company.id,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await recipients("signup_approved", applicant.id)).toEqual([applicant.id]);
    expect(await newest(applicant, "ru")).toMatchObject({
      title: "Ваша регистрация подтверждена",
      link: "/profile",
    });

    const other = await ctx.buildUser({ state: "pending", roles: ["Customer"] });
    expect(
      (await managerApi.patch(`/profile/api/users/${other.id}/`, { state: "declined" })).statusCode,
    ).toBe(200);
    expect(await recipients("signup_declined", other.id)).toEqual([other.id]);
  });
});
