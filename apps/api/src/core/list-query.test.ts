import { PgDialect } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userListResource } from "../modules/users/repo.ts";
import { createTestContext, type TestContext } from "../test/context.ts";
import { ValidationFailed } from "./errors.ts";
import { compileListQuery, listQuery } from "./list-query.ts";

const dialect = new PgDialect();

function compile(query: Record<string, string>) {
  const compiled = compileListQuery(userListResource, listQuery.parse(query));
  const where = compiled.where ? dialect.sqlToQuery(compiled.where) : { sql: "", params: [] };
  return { ...compiled, where };
}

function refusal(query: Record<string, string>) {
  try {
    compile(query);
  } catch (error) {
    if (error instanceof ValidationFailed) return error.fields;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("compileListQuery", () => {
  it("compiles conditions with typed parameters", () => {
    const { where } = compile({ filters: "id__gte=5&(state=pending|state=new)&~is_active=false" });
    expect(where.sql).toBe(
      '("users"."id" >= $1 and ("users"."state" = $2 or "users"."state" = $3) and not "users"."is_active" = $4)',
    );
    expect(where.params).toEqual([5, "pending", "new", false]);
  });

  it("escapes LIKE wildcards in icontains and search", () => {
    const { where } = compile({ filters: "username__icontains=50%_off\\" });
    expect(where.sql).toBe('"users"."username" ilike $1');
    expect(where.params).toEqual(["%50\\%\\_off\\\\%"]);
  });

  it("compares timestamps by the reader's calendar day, from its start to the next day's, and supports in and isnull", () => {
    const { where } = compile({
      filters: "date_joined__lte=2026-11-21&id__in=1,2,3&last_login__isnull=true",
      tz: "America/New_York",
    });
    // Up to the start of 22 November in New York: 05:00 UTC
    expect(where.sql).toContain('"users"."date_joined" < to_timestamp($1::double precision)');
    expect(where.sql).toContain('"users"."id" in ($2, $3, $4)');
    expect(where.sql).toContain('"users"."last_login" is null');
    expect(where.params).toEqual([Date.parse("2026-11-22T05:00:00Z") / 1000, 1, 2, 3]);
  });

  it.each([
    ["exact", ">= to_timestamp($1::double precision) and", ["2026-11-20T14:00:00Z", "2026-11-21T14:00:00Z"]],
    ["gte", ">= to_timestamp($1::double precision)", ["2026-11-20T14:00:00Z"]],
    ["gt", ">= to_timestamp($1::double precision)", ["2026-11-21T14:00:00Z"]],
    ["lt", "< to_timestamp($1::double precision)", ["2026-11-20T14:00:00Z"]],
    ["lte", "< to_timestamp($1::double precision)", ["2026-11-21T14:00:00Z"]],
  ])(
    "takes a timestamp's %s on a day as the instants of the reader's day (Vladivostok)",
    (op, condition, bounds) => {
      const { where } = compile({ filters: `date_joined__${op}=2026-11-21`, tz: "Asia/Vladivostok" });
      expect(where.sql).toContain(`"users"."date_joined" ${condition}`);
      expect(where.params).toEqual(bounds.map((instant) => Date.parse(instant) / 1000));
    },
  );

  it("takes the forwarder's days (Moscow) when the query names no zone", () => {
    const { where } = compile({ filters: "date_joined__gte=2026-11-21" });
    expect(where.params).toEqual([Date.parse("2026-11-20T21:00:00Z") / 1000]);
  });

  it.each(["Mars/Olympus", "UTC; drop table users", "x".repeat(65), ""])("refuses the time zone %j", (tz) => {
    expect(() => listQuery.parse({ tz })).toThrow();
  });

  it("matches every search word in the stored search document (the columns and the company's name)", () => {
    const { where } = compile({ search: " ivan  timber " });
    expect(where.params).toEqual(["%ivan%", "%timber%"]);
    expect(where.sql).toBe(
      '("users"."search_document" like lower($1) and "users"."search_document" like lower($2))',
    );
  });

  it("orders by allow-listed fields and always by id last", () => {
    const { orderBy } = compileListQuery(
      userListResource,
      listQuery.parse({ ordering: "-last_name,username" }),
    );
    expect(orderBy.map((part) => dialect.sqlToQuery(part).sql)).toEqual([
      '"users"."last_name" desc',
      '"users"."username" asc',
      '"users"."id" asc',
    ]);
  });

  it.each([
    [{ filters: "password_hash=x" }, "filter_unknown_field"],
    [{ filters: "is_active__icontains=t" }, "filter_bad_operator"],
    [{ filters: "id=1.5" }, "filter_bad_value"],
    [{ filters: "date_joined__gt=2026-02-30" }, "filter_bad_value"],
    [{ filters: "state=archived" }, "filter_bad_value"],
    [{ filters: "id=1&" }, "filter_syntax"],
    [{ filters: `${"(".repeat(11)}id=1${")".repeat(11)}` }, "filter_too_deep"],
    [{ filters: `username=${"x".repeat(2001)}` }, "filter_too_long"],
    [{ ordering: "password_hash" }, "ordering_unknown_field"],
  ])("refuses %j with %s", (query, key) => {
    const fields = refusal(query);
    expect(Object.values(fields).flat()[0]?.key).toBe(key);
  });
});

describe("filter values never reach the SQL text", () => {
  const fieldNames = Object.entries(userListResource.fields).map(([name, field]) => ({
    name,
    type: field.type,
  }));
  it("holds for any value on any field with any operator", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fieldNames),
        fc.constantFrom("exact", "iexact", "icontains", "startswith", "lt", "gte", "in"),
        fc.string({ minLength: 1, maxLength: 40 }),
        (field, op, raw) => {
          // A marker makes the value distinguishable from SQL keywords and column names.
          const value = `zq${raw}`;
          const filters = `${field.name}__${op}="${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
          try {
            const { where } = compile({ filters });
            expect(where.sql).not.toContain("zq");
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationFailed);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("GET profile/api/users/ with arbitrary filters", () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext();
    headers = await ctx.authHeaders(await ctx.buildUser({ roles: ["Manager"] }));
  });
  afterAll(() => ctx?.close());

  const filterLike = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc
      .array(
        fc.constantFrom(
          "id",
          "state",
          "username",
          "__icontains",
          "__gt",
          "=",
          "&",
          "|",
          "~",
          "(",
          ")",
          '"',
          "1",
          "x",
          "2026-01-01",
          " ",
        ),
        { maxLength: 25 },
      )
      .map((parts) => parts.join("")),
  );

  it("answers 200 or 400 on filters, never 500", async () => {
    await fc.assert(
      fc.asyncProperty(filterLike, async (filters) => {
        const response = await ctx.app.inject({
          url: `/profile/api/users/?filters=${encodeURIComponent(filters)}`,
          headers,
        });
        expect([200, 400]).toContain(response.statusCode);
        if (response.statusCode === 400) expect(Object.keys(response.json())).toEqual(["filters"]);
      }),
      { numRuns: 150 },
    );
  });
});
