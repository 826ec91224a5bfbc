import { NOTIFICATION_KINDS, type NotificationKind } from "@portal/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { companyManagers, exportTasks, notificationEvents, relatedUsers } from "../../db/schema/index.ts";
import { useTestContext } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";
import type { NotificationActor } from "./recipients.ts";
import type { NotificationEvent } from "./service.ts";

// Who hears each kind of event (docs/notifications.md, "Who hears what"), told straight through `emit`: the
// company's side and the forwarder's, never the actor, never anyone outside the company's tenancy scope.

const ctx = useTestContext();
let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  world = await buildWorld();
});

/**
 * Customer A with its client (the usual actor), a colleague, a user of company C related to A, an applicant still
 * pending and a deactivated user; customer B with its own client and a user of C related to B; the forwarder's
 * managers of A and of B; an export task of A by A's manager; and someone who signed up.
 */
async function buildWorld() {
  const forwarder = await ctx.buildCompany({ is_expedition_company: true });
  const [a, b, c] = [await ctx.buildCompany(), await ctx.buildCompany(), await ctx.buildCompany()];
  const managerA = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
  const managerB = await ctx.buildUser({ company_id: forwarder.id, roles: ["Head"] });
  await ctx.db.insert(companyManagers).values([
    { company_id: a.id, manager_id: managerA.id },
    { company_id: b.id, manager_id: managerB.id },
  ]);
  const clientA = await ctx.buildUser({ company_id: a.id });
  const colleagueA = await ctx.buildUser({ company_id: a.id });
  const relatedA = await ctx.buildUser({ company_id: c.id });
  const pendingA = await ctx.buildUser({ company_id: a.id, state: "pending", roles: ["Customer"] });
  const inactiveA = await ctx.buildUser({ company_id: a.id, is_active: false });
  const clientB = await ctx.buildUser({ company_id: b.id });
  const relatedB = await ctx.buildUser({ company_id: c.id });
  await ctx.db.insert(relatedUsers).values([
    { company_id: a.id, user_id: relatedA.id },
    { company_id: b.id, user_id: relatedB.id },
  ]);
  const applicant = await ctx.buildUser({
    state: "pending",
    roles: ["Customer"],
    request_name: "ООО «Новый»",
  });
  const order = await buildOrder(ctx.db, { company_id: a.id, author_id: clientA.id });
  const [task] = await ctx.db
    .insert(exportTasks)
    .values({ company_id: a.id, from_date: "2026-01-01", to_date: "2026-01-31", author_id: managerA.id })
    .returning();
  if (!task) throw new Error("task not created");
  return {
    a,
    b,
    managerA,
    managerB,
    clientA,
    colleagueA,
    relatedA,
    pendingA,
    inactiveA,
    clientB,
    relatedB,
    applicant,
    order,
    task,
  };
}

const actorOf = (user: { id: number }, isManager = false): NotificationActor => ({
  id: user.id,
  is_manager: isManager,
});

/** The event of a kind about A's objects (an order, a container of it, the task, the applicant). */
function eventOf(kind: NotificationKind, actor: NotificationActor | null): NotificationEvent {
  if (kind === "export_ready" || kind === "export_failed") {
    return { kind, actor, company_id: world.a.id, object_type: "export_task", object_id: world.task.id };
  }
  if (kind.startsWith("signup_") || kind === "sign_in_failures") {
    return { kind, actor, company_id: null, object_type: "user", object_id: world.applicant.id };
  }
  return { kind, actor, company_id: world.a.id, object_type: "freight_order", object_id: world.order.id };
}

/** Emits an event in a transaction of its own; answers its recipients' ids, sorted. */
async function recipientsOf(event: NotificationEvent): Promise<number[]> {
  const entries = await ctx.db.transaction((tx) => ctx.services.notifications.emit(tx, event));
  return entries.map((entry) => entry.user_id).sort((x, y) => x - y);
}

const ids = (...users: { id: number }[]) => users.map((user) => user.id).sort((x, y) => x - y);

describe("NotificationsService.emit: who hears an order's event", () => {
  it("tells the company's users, its related users and its managers, never the acting client", async () => {
    const { clientA, colleagueA, relatedA, managerA } = world;
    expect(await recipientsOf(eventOf("order_status_changed", actorOf(clientA)))).toEqual(
      ids(colleagueA, relatedA, managerA),
    );
    expect(await recipientsOf(eventOf("order_returned", actorOf(managerA, true)))).toEqual(
      ids(clientA, colleagueA, relatedA),
    );
    // The system (the customs exchange) is nobody: everyone hears
    expect(await recipientsOf(eventOf("package_rejected", null))).toEqual(
      ids(clientA, colleagueA, relatedA, managerA),
    );
  });

  it("tells a document added to the other side: a client's to the managers, a manager's to the company's users", async () => {
    const { clientA, colleagueA, relatedA, managerA } = world;
    expect(await recipientsOf(eventOf("order_document_added", actorOf(clientA)))).toEqual(ids(managerA));
    expect(await recipientsOf(eventOf("order_document_added", actorOf(relatedA)))).toEqual(ids(managerA));
    expect(await recipientsOf(eventOf("order_document_added", actorOf(managerA, true)))).toEqual(
      ids(clientA, colleagueA, relatedA),
    );
  });

  it("tells a submission for approval to the company's managers only", async () => {
    expect(await recipientsOf(eventOf("order_submitted", actorOf(world.clientA)))).toEqual(
      ids(world.managerA),
    );
  });

  it("tells every manager of a company that has none assigned", async () => {
    const lonely = await ctx.buildCompany();
    const client = await ctx.buildUser({ company_id: lonely.id });
    const order = await buildOrder(ctx.db, { company_id: lonely.id, author_id: client.id });
    const heard = await recipientsOf({
      kind: "order_paid",
      actor: null,
      company_id: lonely.id,
      object_type: "freight_order",
      object_id: order.id,
    });
    expect(heard).toEqual(expect.arrayContaining(ids(client, world.managerA, world.managerB)));
    expect(heard).not.toContain(world.clientA.id);
  });
});

describe("NotificationsService.emit: who hears the other kinds", () => {
  it("tells an export's end to its author only", async () => {
    expect(await recipientsOf(eventOf("export_ready", null))).toEqual(ids(world.managerA));
    expect(await recipientsOf(eventOf("export_failed", null))).toEqual(ids(world.managerA));
  });

  it("tells a decided sign-up to the applicant, and a waiting one to every manager", async () => {
    const { applicant, managerA, managerB } = world;
    expect(await recipientsOf(eventOf("signup_approved", actorOf(managerA, true)))).toEqual(ids(applicant));
    expect(await recipientsOf(eventOf("signup_declined", actorOf(managerA, true)))).toEqual(ids(applicant));
    const waiting = await recipientsOf(eventOf("signup_waiting", actorOf(applicant)));
    expect(waiting).toEqual(expect.arrayContaining(ids(managerA, managerB)));
    expect(waiting).not.toContain(applicant.id);
    expect(waiting).not.toContain(world.clientA.id);
  });

  it("tells failed sign-ins to the account's user only, whatever their company", async () => {
    expect(await recipientsOf(eventOf("sign_in_failures", null))).toEqual(ids(world.applicant));
  });

  it("writes no event when nobody is to hear it", async () => {
    // A manager's document on the order of a company with no users: there is no other side
    const empty = await ctx.buildCompany();
    const order = await buildOrder(ctx.db, { company_id: empty.id, author_id: world.clientA.id });
    const before = await ctx.db.$count(notificationEvents);
    const event: NotificationEvent = {
      kind: "order_document_added",
      actor: actorOf(world.managerA, true),
      company_id: empty.id,
      object_type: "freight_order",
      object_id: order.id,
    };
    expect(await recipientsOf(event)).toEqual([]);
    expect(await ctx.db.$count(notificationEvents)).toBe(before);
  });
});

describe("NotificationsService.emit: the tenancy scope", () => {
  it("never tells anyone outside the company's scope, the actor, a pending or a deactivated user, whoever acts", async () => {
    const { clientA, colleagueA, relatedA, managerA, managerB, applicant } = world;
    const actors = {
      system: null,
      client: actorOf(clientA),
      related: actorOf(relatedA),
      manager: actorOf(managerA, true),
    };
    const inScope = new Set(ids(clientA, colleagueA, relatedA, managerA, managerB));
    for (const kind of NOTIFICATION_KINDS) {
      for (const [name, actor] of Object.entries(actors)) {
        const heard = await recipientsOf(eventOf(kind, actor));
        const isAboutUser = kind.startsWith("signup_") || kind === "sign_in_failures";
        const allowed = isAboutUser ? new Set([...inScope, applicant.id]) : inScope;
        for (const id of heard) expect(allowed.has(id), `${kind} by ${name}: user ${id}`).toBe(true);
        for (const outsider of [world.clientB, world.relatedB, world.pendingA, world.inactiveA]) {
          expect(heard, `${kind} by ${name}`).not.toContain(outsider.id);
        }
        if (actor) expect(heard, `${kind} by ${name}`).not.toContain(actor.id);
      }
    }
    // Every kind by every actor: some hundred emits on a busy machine
  }, 60_000);
});

describe("NotificationsService: deliveries", () => {
  it("hands each event's entries to the registered deliveries in its transaction, rendered on demand", async () => {
    const { clientA, colleagueA, relatedA, managerA } = world;
    let failing = false;
    const handed: { ids: number[]; users: number[]; titles: string[] }[] = [];
    ctx.services.notifications.register({
      async entriesAdded(db, entries) {
        if (failing) throw new Error("the mail could not be queued");
        const rendered = await ctx.services.notifications.loadRendered(
          db,
          entries.map((entry) => entry.id),
          "en",
        );
        handed.push({
          ids: entries.map((entry) => entry.id),
          users: rendered.map((entry) => entry.user_id).sort((x, y) => x - y),
          titles: rendered.map((entry) => entry.title),
        });
      },
    });
    const entries = await ctx.db.transaction((tx) =>
      ctx.services.notifications.emit(tx, eventOf("order_returned", actorOf(managerA, true))),
    );
    expect(handed).toEqual([
      {
        ids: entries.map((entry) => entry.id),
        users: ids(clientA, colleagueA, relatedA),
        titles: Array(3).fill(`Shipping order No. ${world.order.id}: returned for correction`),
      },
    ]);

    // A delivery that fails fails the change: nothing of the event stays
    failing = true;
    const before = await ctx.db.$count(notificationEvents);
    await expect(
      ctx.db.transaction((tx) => ctx.services.notifications.emit(tx, eventOf("order_paid", null))),
    ).rejects.toThrow("the mail could not be queued");
    expect(await ctx.db.$count(notificationEvents)).toBe(before);
    failing = false;
  });
});
