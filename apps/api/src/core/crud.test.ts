import type { Policy } from "@portal/domain";
import { userFields } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/index.ts";
import { type UserView, userListResource } from "../modules/users/repo.ts";
import { createTestContext, type TestContext } from "../test/context.ts";
import { CrudService, presenter } from "./crud.ts";
import { Conflict, NotFound, ValidationFailed } from "./errors.ts";
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
