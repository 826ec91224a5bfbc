import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminQuery } from "../../apps/api/src/test/admin-query.ts";

/** Where a bench's database is: a database on the PostgreSQL server, or an embedded one's folder. */
export interface BenchDatabase {
  where: { url?: string; dataDir?: string };
  drop(): Promise<void>;
}

/**
 * A fresh database named after the bench (`portal_bench_{name}_…`): on the PostgreSQL server of `serverUrl` when
 * there is one (BENCH_DATABASE_URL), else an embedded one in a folder of its own.
 */
export async function freshDatabase(name: string, serverUrl: string | undefined): Promise<BenchDatabase> {
  if (serverUrl) {
    const database = `portal_bench_${name}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    await adminQuery(serverUrl, `create database "${database}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return {
      where: { url: url.toString() },
      drop: () => adminQuery(serverUrl, `drop database if exists "${database}" with (force)`),
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), `portal-bench-${name}-`));
  return { where: { dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
}
