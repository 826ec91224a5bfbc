import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { roles } from "./schema/index.ts";

describe("openDatabase, embedded", () => {
  it("applies the migrations, pg_trgm included, and applying them again changes nothing", async () => {
    const database = await openDatabase({});
    try {
      await database.migrate();
      await database.migrate();
      const [row] = await database.db.select({ count: count() }).from(roles);
      expect(row?.count).toBe(5);
      const result = (await database.db.execute(
        "select similarity('Забайкальск', 'Забайкальск (эксп.)') > 0.3 as close",
      )) as unknown as { rows: unknown[] };
      expect(result.rows[0]).toEqual({ close: true });
    } finally {
      await database.close();
    }
  });
});

describe("the migrated schema", () => {
  it("has a trigram index on every stored search document", async () => {
    // drizzle-kit changes a generated column by dropping and adding it, which drops its index without a word.
    const database = await openDatabase({});
    try {
      await database.migrate();
      const result = (await database.db.execute(`
        select c.table_name as "table", count(i.indexname)::int as "indexes"
        from information_schema.columns c
        left join pg_indexes i on i.schemaname = c.table_schema and i.tablename = c.table_name
          and i.indexdef like '%USING gin (search_document gin_trgm_ops)%'
        where c.table_schema = 'public' and c.column_name = 'search_document'
        group by c.table_name order by c.table_name`)) as unknown as {
        rows: { table: string; indexes: number }[];
      };
      expect(result.rows.map((row) => row.table)).toEqual(
        expect.arrayContaining(["companies", "countries", "users"]),
      );
      for (const row of result.rows) expect(row.indexes, row.table).toBe(1);
    } finally {
      await database.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

// Concurrency means something only on a real server (PGlite has one connection); CI always sets the URL.
describe.runIf(serverUrl)("openDatabase, PostgreSQL server", () => {
  it("lets instances that start together migrate one after the other", async () => {
    const name = `portal_migrate_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: url.toString(), poolSize: 3 })),
    );
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const [first] = instances;
      if (!first) throw new Error("no instance");
      const [row] = await first.db.select({ count: count() }).from(roles);
      expect(row?.count).toBe(5);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
