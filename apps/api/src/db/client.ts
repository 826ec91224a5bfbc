import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type Listen, listenEmbedded, listenOnServer } from "./listen.ts";
import * as schema from "./schema/index.ts";

/** The one typed database handle, whichever driver is behind it; a transaction (`db.transaction((tx) => …)`) is one too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The opened database: the embedded PGlite (one connection, `client`) or a PostgreSQL server (`url`, a pool). The
 * job queue reaches the same database through them (jobs/queue.ts).
 */
export type Database = {
  db: Db;
  migrate(): Promise<void>;
  /** LISTEN on a channel: a connection of its own on a server, the one connection of the embedded database. */
  listen: Listen;
  close(): Promise<void>;
} & ({ kind: "embedded"; client: PGlite } | { kind: "server"; url: string });

const migrationsFolder = path.resolve(import.meta.dirname, "migrations");
/** Advisory lock key that serialises migrations across instances sharing one server. */
const MIGRATION_LOCK = 7_240_201;

/**
 * Opens the database: a PostgreSQL server when `url` is given, else the embedded PGlite in `dataDir`
 * (in memory when `dataDir` is undefined, as tests use it). pg_trgm is loaded into PGlite here because
 * the migrations create the extension and PGlite only has the extensions it was started with.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** The embedded database's data to start from, a dump of its data folder (`dumpDataDir`): the tests' template. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that the server drops (restart, failover, termination) is replaced by the pool; without
    // a listener its error would end the process. Queries in flight fail on their own and answer 500.
    pool.on("error", () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "server",
      url: options.url,
      migrate: async () => {
        // Instances starting together take turns: the second finds the migrations applied.
        const lock = await pool.connect();
        try {
          await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
          await migratePg(db as never, { migrationsFolder });
        } finally {
          await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      listen: listenOnServer(options.url),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({
    dataDir: options.dataDir ? path.resolve(options.dataDir, "pg") : undefined,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "embedded",
    client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    listen: listenEmbedded(client),
    close: () => client.close(),
  };
}
