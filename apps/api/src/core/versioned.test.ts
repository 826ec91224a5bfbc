import { eq, sql } from "drizzle-orm";
import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../db/schema/index.ts";
import { createTestContext, type TestContext } from "../test/context.ts";
import { changeStamp, updateVersioned } from "./versioned.ts";

/** A versioned table of the test's own, with a column of each type a write compares. */
const samples = pgTable("versioned_write_samples", {
  id: serial("id").primaryKey(),
  amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }),
  amount_text: numeric("amount_text", { precision: 14, scale: 2 }),
  day: date("day"),
  at: timestamp("at", { withTimezone: true }),
  doc: jsonb("doc"),
  tags: text("tags").array(),
  note: text("note"),
  is_done: boolean("is_done"),
  updated_by_id: integer("updated_by_id"),
  update_date: timestamp("update_date", { withTimezone: true }),
  version: integer("version").notNull().default(1),
});
type Sample = typeof samples.$inferInsert;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.execute(sql`create table versioned_write_samples (
    id serial primary key, amount numeric(14, 2), amount_text numeric(14, 2), day date, at timestamptz, doc jsonb,
    tags text[], note text, is_done boolean, updated_by_id integer, update_date timestamptz,
    version integer not null default 1)`);
});
afterAll(() => ctx?.close());

async function sample(values: Sample) {
  const [row] = await ctx.db
    .insert(samples)
    .values({ ...values, update_date: new Date("2026-01-01T00:00:00Z") })
    .returning();
  if (!row) throw new Error("no sample");
  return row;
}
const stored = async (id: number) => (await ctx.db.select().from(samples).where(eq(samples.id, id)))[0];

/** Each column: a value stored, the same value as a body may send it otherwise, and a different one. */
const CASES: [keyof Sample, unknown, unknown, unknown][] = [
  ["amount", 10.5, 10.5, 10.51],
  ["amount_text", "10.50", "10.5", "10.6"],
  ["day", "2026-03-01", "2026-03-01", "2026-03-02"],
  [
    "at",
    new Date("2026-03-01T10:00:00Z"),
    new Date("2026-03-01T13:00:00+03:00"),
    new Date("2026-03-01T10:00:01Z"),
  ],
  ["doc", { a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, { a: 1, b: [2, 1] }],
  ["tags", ["a", "b"], ["a", "b"], ["b", "a"]],
  ["note", null, null, ""],
  ["note", "", "", null],
  ["note", "Текст", "Текст", "текст"],
  ["is_done", false, false, true],
];

describe("updateVersioned", () => {
  it.each(CASES)(
    "keeps the version and the stamp when %s is sent as stored (%j as %j), bumps both for another value",
    async (column, value, same, other) => {
      const row = await sample({ [column]: value });
      const stamp = changeStamp(7);
      expect(await updateVersioned(ctx.db, samples, row.id, { [column]: same }, 1, { stamp })).toBe(
        "unchanged",
      );
      expect(await stored(row.id)).toEqual(row);
      expect(await updateVersioned(ctx.db, samples, row.id, { [column]: other }, 1, { stamp })).toBe(
        "changed",
      );
      const after = await stored(row.id);
      expect(after).toMatchObject({ version: 2, updated_by_id: 7 });
      expect(after?.update_date).not.toEqual(row.update_date);
    },
  );

  it("is a change when one value of several differs, and no change for no values", async () => {
    const row = await sample({ amount: 1, note: "a" });
    expect(await updateVersioned(ctx.db, samples, row.id, {}, undefined)).toBe("unchanged");
    expect(await updateVersioned(ctx.db, samples, row.id, { amount: 1, note: "b" }, undefined)).toBe(
      "changed",
    );
    expect((await stored(row.id))?.version).toBe(2);
  });

  it("writes and bumps the version when it matches, and answers missing for a stale version or a gone row", async () => {
    const company = await ctx.buildCompany({ name: "Versioned" });
    expect(await updateVersioned(ctx.db, companies, company.id, { name: "V2" }, company.version)).toBe(
      "changed",
    );
    expect(await updateVersioned(ctx.db, companies, company.id, { name: "V3" }, company.version)).toBe(
      "missing",
    );
    expect(await updateVersioned(ctx.db, companies, company.id, { name: "V4" }, undefined)).toBe("changed");
    expect(await updateVersioned(ctx.db, companies, 2_000_000_000, { name: "X" }, undefined)).toBe("missing");
    const [stored] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
    expect(stored).toMatchObject({ name: "V4", version: company.version + 2 });
  });

  it("answers missing for a stale version or a gone row, whether or not the values differ", async () => {
    const row = await sample({ note: "a" });
    expect(await updateVersioned(ctx.db, samples, row.id, { note: "a" }, 2)).toBe("missing");
    expect(await updateVersioned(ctx.db, samples, row.id, { note: "b" }, 2)).toBe("missing");
    expect(await updateVersioned(ctx.db, samples, 999_999, { note: "a" }, undefined)).toBe("missing");
    expect(await updateVersioned(ctx.db, samples, row.id, { note: "a" }, 1, { where: sql`false` })).toBe(
      "missing",
    );
    expect(await stored(row.id)).toEqual(row);
  });

  it("writes a value the database computes, and a change of other tables (links), as a change", async () => {
    const row = await sample({ amount: 1 });
    expect(await updateVersioned(ctx.db, samples, row.id, { amount: sql`1` }, 1)).toBe("changed");
    expect(await updateVersioned(ctx.db, samples, row.id, { amount: 1 }, 2, { changesElsewhere: true })).toBe(
      "changed",
    );
    expect((await stored(row.id))?.version).toBe(3);
  });
});
