import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, type Db, openDatabase } from "../db/client.ts";
import type { Listen } from "../db/listen.ts";
import { companies, roles, userRoles, userSessions, users } from "../db/schema/index.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { createJobQueue, startJobs } from "../jobs/start.ts";
import { TokenService } from "../modules/auth/tokens.ts";
import { createServices, type Services } from "../modules/services.ts";
import { hashPassword } from "../modules/users/passwords.ts";
import { usernameKey } from "../modules/users/usernames.ts";
import { adminQuery } from "./admin-query.ts";
import { recordingLog, testJobSettings } from "./jobs.ts";

/** The password of every factory-built user. */
export const TEST_PASSWORD = "Factory-Pass-42";
let passwordHash: Promise<string> | undefined;

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The app's services (the ones its job workers use). */
  services: Services;
  /**
   * The app's job queue: started with every module's job types, its workers running unless the context was made
   * with `JOB_WORKERS: "false"` (then a test runs them when it chooses: `jobs.work()`).
   */
  jobs: JobQueue;
  /** LISTEN on the test file's database, for a second app on it (`buildApp`). */
  listen: Listen;
  /** The test file's database on the PostgreSQL server (TEST_DATABASE_URL); undefined on the embedded one. */
  databaseUrl: string | undefined;
  buildCompany(values?: Partial<typeof companies.$inferInsert>): Promise<typeof companies.$inferSelect>;
  buildUser(options?: BuildUserOptions): Promise<typeof users.$inferSelect>;
  /** Headers of a signed-in request (an access token issued directly, without the sign-in round trip). */
  authHeaders(user: { id: number; token_version: number }, lang?: string): Promise<Record<string, string>>;
  /** Requests as this user (in English). */
  as(user: { id: number; token_version: number }): Promise<Api>;
  /**
   * Asserts that each of these users gets `status` from the call (403 for a role the route refuses, 404 for
   * another company's row), naming the user that was let through.
   */
  expectRefused(
    users: Record<string, { id: number; token_version: number }>,
    call: (api: Api) => Promise<Response>,
    status?: number,
  ): Promise<void>;
  close(): Promise<void>;
}

type Response = Awaited<ReturnType<FastifyInstance["inject"]>>;

/** Requests of one signed-in user. */
export interface Api {
  get(url: string): Promise<Response>;
  post(url: string, payload?: object): Promise<Response>;
  patch(url: string, payload?: object): Promise<Response>;
  put(url: string, payload?: object): Promise<Response>;
  delete(url: string): Promise<Response>;
}

export interface BuildUserOptions extends Partial<typeof users.$inferInsert> {
  roles?: string[];
}

let sequence = 0;

/** A test file's own database, migrated: `drop` removes it (a server's database; the embedded one's folder). */
export interface TestDatabase {
  database: Database;
  /** How another process opens it (`openDatabase(where)`). */
  where: { url?: string; dataDir?: string };
  /** Opens the same database again (after `database.close()`, as a restarted process would). */
  reopen(): Promise<Database>;
  drop(): Promise<void>;
}

/** The kinds of database the suite runs on: the embedded one always, and the server named by TEST_DATABASE_URL. */
export const TEST_DATABASE_KINDS: Database["kind"][] = process.env.TEST_DATABASE_URL
  ? ["embedded", "server"]
  : ["embedded"];

/**
 * A fresh migrated database: a new database on the PostgreSQL server named by TEST_DATABASE_URL, else the embedded
 * one, in memory or, with `onDisk`, in a folder of its own (so that another process can open it in turn). `kind`
 * asks for one of the two (a server only where TEST_DATABASE_URL names one). Each is a copy of the run's migrated
 * template (test/database-template.ts) where there is one.
 */
export async function openTestDatabase(
  options: { onDisk?: boolean; kind?: Database["kind"] } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const templates = inject("testDatabaseTemplates") ?? {};
  let where: TestDatabase["where"];
  let drop: () => Promise<void>;
  let loadDataDir: Blob | undefined;
  if (serverUrl && options.kind !== "embedded") {
    const name = `portal_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const template = templates.server ? ` template "${templates.server}"` : "";
    await adminQuery(serverUrl, `create database "${name}"${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    where = { url: url.toString() };
    drop = () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  } else {
    if (options.kind === "server") throw new Error("TEST_DATABASE_URL names no server");
    const dataDir = options.onDisk ? mkdtempSync(path.join(tmpdir(), "portal-test-db-")) : undefined;
    where = { dataDir };
    drop = async () => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    };
    if (templates.embedded) loadDataDir = new Blob([readFileSync(templates.embedded)]);
  }
  const reopen = () => openDatabase({ ...where, poolSize: 4 });
  const database = await openDatabase({ ...where, poolSize: 4, loadDataDir });
  await database.migrate();
  return { database, where, reopen, drop };
}

/**
 * A fresh database and app for one test file: embedded (in memory) by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL, dropped at the end. The app's job queue runs as the server's
 * does, polling often, with the customs simulator deciding at once and a failed exchange retried once, a second
 * later: a test watches a package move on in seconds.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const { database, where, drop: dropDatabase } = await openTestDatabase();
  const databaseUrl = where.url;
  // Uploaded files go to a folder of the test file's own, removed with its database
  const filesDir = mkdtempSync(path.join(tmpdir(), "portal-test-files-"));
  const config = loadConfig({
    NODE_ENV: "test",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    WEB_DIST_DIR: "",
    FILES_DIR: filesDir,
    CUSTOMS_SIMULATOR_DELAY_SECONDS: "0",
    CUSTOMS_POLL_SECONDS: "0",
    CUSTOMS_RETRY_LIMIT: "1",
    CUSTOMS_RETRY_DELAY_SECONDS: "1",
    SECOND_FACTOR_KEY: "test-second-factor-key-test-second-factor-key",
    // The suite's staff sign in with the password alone unless a test asks for the policy (security tests)
    STAFF_SECOND_FACTOR: "optional",
    ...env,
  });
  const jobs = createJobQueue(database, config, recordingLog(), testJobSettings());
  const services = createServices(database.db, config, jobs);
  const app = await buildApp({ config, db: database.db, listen: database.listen, services });
  await startJobs(jobs, { db: database.db, config, services }, { work: config.JOB_WORKERS });
  const tokens = new TokenService(
    config.jwtSecret,
    config.ACCESS_TOKEN_TTL_SECONDS,
    config.REFRESH_TOKEN_TTL_SECONDS,
  );
  const db = database.db;
  /** A session per user that `authHeaders` signs in, opened once: its access tokens are refused once it ends. */
  const sessions = new Map<number, Promise<number>>();
  const sessionOf = (userId: number) => {
    let session = sessions.get(userId);
    if (!session) {
      session = db
        .insert(userSessions)
        .values({ user_id: userId })
        .returning({ id: userSessions.id })
        .then(([row]) => row?.id ?? Number.NaN);
      sessions.set(userId, session);
    }
    return session;
  };

  const context: TestContext = {
    app,
    db,
    config,
    services,
    jobs,
    listen: database.listen,
    databaseUrl,
    async buildCompany(values = {}) {
      sequence += 1;
      const [row] = await db
        .insert(companies)
        .values({ name: `Company ${sequence}`, inn: String(7700000000 + sequence), ...values })
        .returning();
      if (!row) throw new Error("company not created");
      return row;
    },
    async buildUser({ roles: roleNames = ["RegisteredCustomer"], ...values } = {}) {
      sequence += 1;
      passwordHash ??= hashPassword(TEST_PASSWORD);
      const username = values.username ?? `user${sequence}`;
      const [row] = await db
        .insert(users)
        .values({
          username,
          username_key: usernameKey(username),
          password_hash: await passwordHash,
          first_name: `First${sequence}`,
          last_name: `Last${sequence}`,
          email: `user${sequence}@example.com`,
          phone: `+7 900 000-00-${String(sequence).padStart(2, "0")}`,
          state: "approved",
          ...values,
        })
        .returning();
      if (!row) throw new Error("user not created");
      const roleRows = await db.select().from(roles);
      const ids = roleNames.map((name) => roleRows.find((role) => role.name === name)?.id);
      if (ids.some((id) => id === undefined)) throw new Error(`unknown role in ${roleNames}`);
      if (ids.length > 0) {
        await db
          .insert(userRoles)
          .values(ids.map((role_id) => ({ user_id: row.id, role_id: role_id as number })));
      }
      return row;
    },
    async authHeaders(user, lang = "en") {
      const access = tokens.issueAccess({
        userId: user.id,
        tokenVersion: user.token_version,
        sessionId: await sessionOf(user.id),
      });
      return { authorization: `JWT ${access}`, "accept-language": lang };
    },
    async as(user) {
      const headers = await context.authHeaders(user);
      const send = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object) =>
        app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      return {
        get: (url) => send("GET", url),
        post: (url, payload) => send("POST", url, payload ?? {}),
        patch: (url, payload) => send("PATCH", url, payload ?? {}),
        put: (url, payload) => send("PUT", url, payload ?? {}),
        delete: (url) => send("DELETE", url),
      };
    },
    async expectRefused(refused, call, status = 403) {
      for (const [name, user] of Object.entries(refused)) {
        const response = await call(await context.as(user));
        expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBe(status);
      }
    },
    async close() {
      await app.close();
      // Before the database goes: a queue polling a dropped database would fail (or, on a server, hold it)
      await jobs.stop();
      await services.pdf.close();
      await database.close();
      await dropDatabase();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
  return context;
}

/**
 * The test file's context, made before its tests and closed after them: `const ctx = useTestContext();` at the top
 * of a file stands for its `beforeAll` and `afterAll` (the members are there once the tests run).
 */
export function useTestContext(env: Record<string, string> = {}): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    Object.assign(context, await createTestContext(env));
  });
  afterAll(() => context.close?.());
  return context;
}
