import type { Policy } from "@portal/domain";
import { userFields } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transportKinds, users } from "../db/schema/index.ts";
import { transportKindResource } from "../modules/reference/resources.ts";
import { type UserView, userListResource } from "../modules/users/repo.ts";
import { createTestContext, type TestContext } from "../test/context.ts";
import { CrudService, presenter, writeRules } from "./crud.ts";
import { Conflict, Forbidden, NotFound, ValidationFailed } from "./errors.ts";
import type { Principal } from "./principal.ts";
import { lockVersioned } from "./versioned.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const everyone: Policy = { canRead: () => true, canWrite: () => true };
const caller = { id: 0, company_ids: [], related_company_ids: [] } as unknown as Principal;

/** Users answered through a presenter of the test's own: the name in capitals, nothing else of the row. */
function shoutingUsers() {
  return new CrudService(ctx.db, {
    fields: userFields,
    table: users,
    list: userListResource,
    policy: everyone,
    present: presenter((row: UserView) => ({ id: row.id, shout: row.user.username.toUpperCase() })),
    unique: { field: "username", message: "username_taken" },
  });
}

describe("CrudService's presenter (`present`)", () => {
  it("shapes the answer of a list, a read and a change, and the current row of a 409", async () => {
    const user = await ctx.buildUser({ username: "crud.present" });
    const service = shoutingUsers();
    expect(await service.get(caller, user.id)).toEqual({ id: user.id, shout: "CRUD.PRESENT" });
    const page = await service.list(caller, { skip: 0, take: 1000 }, eq(userListResource.id, user.id));
    expect(page).toEqual({ results: [{ id: user.id, shout: "CRUD.PRESENT" }], count: 1 });
    expect(await service.update(caller, user.id, { first_name: "Shown", version: 1 })).toEqual({
      id: user.id,
      shout: "CRUD.PRESENT",
    });
    const stale = await service.update(caller, user.id, { first_name: "Late", version: 1 }).catch((e) => e);
    expect(stale).toBeInstanceOf(Conflict);
    expect((stale as Conflict).current).toEqual({ id: user.id, shout: "CRUD.PRESENT" });
  });
});

describe("CrudService's unique index (`unique`)", () => {
  it("answers 400 on the field when a change takes another row's unique value, not only a create", async () => {
    const taken = await ctx.buildUser({ username: "crud.taken" });
    const other = await ctx.buildUser({ username: "crud.other" });
    const failed = await shoutingUsers()
      .update(caller, other.id, { username_key: taken.username_key })
      .catch((e) => e);
    expect(failed).toBeInstanceOf(ValidationFailed);
    expect((failed as ValidationFailed).fields).toEqual({ username: [{ key: "username_taken" }] });
  });
});

type KindRow = { id: number; description: string; description_en: string };

/**
 * Transport kinds under a policy of the test's own: `description_en` is the managers' field; a kind whose
 * description starts with "Locked" is created and changed by managers only and deleted by nobody, which the policy
 * learns from the resource's `policyRow` (`policyRowOfNew` for a create). What the policy and the resource's rules
 * are given is kept in `seen`.
 */
function guardedKinds() {
  const seen = {
    fields: [] as (readonly string[])[],
    prepared: [] as Record<string, unknown>[],
    newRows: [] as Record<string, unknown>[],
  };
  const isLocked = (description: unknown) => String(description).startsWith("Locked");
  const policy: Policy<{ isLocked: boolean }> = {
    canRead: () => true,
    canWrite: () => true,
    ignoresField: (user, field) => field === "description_en" && !user.is_manager,
    canChangeRow: (user, row, fields) => {
      seen.fields.push(fields);
      return fields.length === 0 || user.is_manager || !row.isLocked;
    },
    canDeleteRow: (_user, row) => !row.isLocked,
    canCreateRow: (user, row) => user.is_manager || !row.isLocked,
  };
  const service = new CrudService<KindRow>(ctx.db, {
    ...transportKindResource,
    policy,
    policyRow: async (_db, row: KindRow) => ({ isLocked: isLocked(row.description) }),
    policyRowOfNew: async (_db, _user, values) => {
      seen.newRows.push(values);
      return { isLocked: isLocked(values.description) };
    },
    rules: writeRules<KindRow>({
      prepare: ({ values }) => {
        seen.prepared.push(values);
        return values;
      },
    }),
  });
  return { service, seen };
}

const client = caller;
const manager = { ...caller, is_manager: true } as Principal;

describe("CrudService's enforcement of the policy", () => {
  it("drops the fields the user has no say in from a create's and a change's body before the resource's rules", async () => {
    const { service, seen } = guardedKinds();
    const created = await service.create(client, { description: "Crud rail", description_en: "Rail" });
    expect(created).toMatchObject({ description: "Crud rail", description_en: "" });
    const changed = await service.update(client, created.id, { description_en: "Rail", version: 1 });
    expect(changed.description_en).toBe("");
    expect(seen.prepared).toEqual([{ description: "Crud rail" }, {}]);
    const byManager = await service.update(manager, created.id, { description_en: "Rail" });
    expect(byManager.description_en).toBe("Rail");
  });

  it("refuses a change the row rule forbids with 403, given the resource's view of the row and the altered fields", async () => {
    const { service, seen } = guardedKinds();
    const { id } = await service.create(manager, { description: "Locked crud kind" });
    // The form sends the row back as stored: nothing is altered, and the rule lets it through
    await service.update(client, id, { description: "Locked crud kind" });
    const refused = await service.update(client, id, { description: "Opened" }).catch((e) => e);
    expect(refused).toBeInstanceOf(Forbidden);
    const [stored] = await ctx.db.select().from(transportKinds).where(eq(transportKinds.id, id));
    expect(stored?.description).toBe("Locked crud kind");
    await service.update(manager, id, { description: "Locked by the manager" });
    expect(seen.fields).toEqual([[], ["description"], ["description"]]);
    // The create, the unaltered change and the manager's: the refused change never reached the resource's rules
    expect(seen.prepared).toHaveLength(3);
  });

  it("refuses a create the row rule forbids with 403, judged on the new row's values the user has a say in", async () => {
    const { service, seen } = guardedKinds();
    const before = await ctx.db.select().from(transportKinds);
    const body = { description: "Locked by a client", description_en: "Locked" };
    expect(await service.create(client, body).catch((e) => e)).toBeInstanceOf(Forbidden);
    // Asked alone, before a body is read (an upload's): the same answer
    expect(await service.checkCreate(client, body).catch((e) => e)).toBeInstanceOf(Forbidden);
    await service.checkCreate(manager, body);
    expect(await ctx.db.select().from(transportKinds)).toHaveLength(before.length);
    expect(seen.prepared).toEqual([]);
    const created = await service.create(manager, body);
    expect(created).toMatchObject({ description: "Locked by a client", description_en: "Locked" });
    const admitted = { description: "Locked by a client" };
    expect(seen.newRows).toEqual([admitted, admitted, body, body]);
  });

  it("refuses a deletion the row rule forbids with 403 and keeps the row", async () => {
    const { service } = guardedKinds();
    const locked = await service.create(manager, { description: "Locked crud kind 2" });
    const open = await service.create(manager, { description: "Open crud kind" });
    expect(await service.delete(manager, locked.id).catch((e) => e)).toBeInstanceOf(Forbidden);
    expect(await service.get(client, locked.id)).toMatchObject({ id: locked.id });
    await service.delete(client, open.id);
    expect(await service.get(client, open.id).catch((e) => e)).toBeInstanceOf(NotFound);
  });
});

describe("lockVersioned", () => {
  it("answers the stored version, 409 with the current row when stale, 404 outside its condition", async () => {
    const user = await ctx.buildUser({ username: "crud.lock" });
    const table = users;
    const current = async () => "the current row";
    await ctx.db.transaction(async (db) => {
      expect(await lockVersioned(db, table, user.id, undefined, { current })).toBe(user.version);
      expect(await lockVersioned(db, table, user.id, user.version, { current })).toBe(user.version);
    });
    const stale = await ctx.db
      .transaction((db) => lockVersioned(db, table, user.id, user.version + 1, { current }))
      .catch((e) => e);
    expect(stale).toBeInstanceOf(Conflict);
    expect((stale as Conflict).current).toBe("the current row");
    const outside = await ctx.db
      .transaction((db) =>
        lockVersioned(db, table, user.id, undefined, { where: eq(users.state, "declined"), current }),
      )
      .catch((e) => e);
    expect(outside).toBeInstanceOf(NotFound);
  });
});
