import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { adminQuery } from "./admin-query.ts";

// The API suite's global setup: the migrated database every test file starts from, made once a run instead of once a
// file. A fresh embedded database costs its `initdb` (a few seconds of WebAssembly) and the migrations; loading a
// dump of one already migrated skips both. On the PostgreSQL server a file's database is a copy of a migrated
// template (`CREATE DATABASE … TEMPLATE`). Files still run `migrate()` on their copy: it finds nothing to do, and
// would catch a template older than the migrations (docs/decisions.md, "Testing").

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * The migrated templates: a dump of the embedded database's data folder (a tar file), and the database on the
     * server of TEST_DATABASE_URL to copy; none where the setup did not run.
     */
    testDatabaseTemplates: { embedded?: string; server?: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), "portal-test-template-"));
  const embedded = path.join(folder, "pgdata.tar");
  const database = await openDatabase({});
  try {
    await database.migrate();
    if (database.kind !== "embedded") throw new Error("the embedded database was expected");
    const dump = await database.client.dumpDataDir("none");
    writeFileSync(embedded, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  let server: string | undefined;
  if (serverUrl) {
    server = `portal_template_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await adminQuery(serverUrl, `create database "${server}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${server}`;
    // Closed before any copy: PostgreSQL copies a template no session is connected to. Two connections: the
    // migrations' advisory lock holds one while they run on the other
    const template = await openDatabase({ url: url.toString(), poolSize: 2 });
    try {
      await template.migrate();
    } finally {
      await template.close();
    }
  }

  project.provide("testDatabaseTemplates", { embedded, server });
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (serverUrl && server) await adminQuery(serverUrl, `drop database if exists "${server}" with (force)`);
  };
}
