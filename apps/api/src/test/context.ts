import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, type Db, openDatabase } from "../db/client.ts";
import { companies, roles, userRoles, users } from "../db/schema/index.ts";
import { hashPassword } from "../modules/auth/passwords.ts";
import { TokenService } from "../modules/auth/tokens.ts";
import { usernameKey } from "../modules/auth/usernames.ts";

/** The password of every factory-built user. */
export const TEST_PASSWORD = "Factory-Pass-42";
let passwordHash: Promise<string> | undefined;

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  buildCompany(values?: Partial<typeof companies.$inferInsert>): Promise<typeof companies.$inferSelect>;
  buildUser(options?: BuildUserOptions): Promise<typeof users.$inferSelect>;
  /** Headers of a signed-in request (an access token issued directly, without the sign-in round trip). */
  authHeaders(user: { id: number; token_version: number }, lang?: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface BuildUserOptions extends Partial<typeof users.$inferInsert> {
  roles?: string[];
}

let sequence = 0;

/**
 * A fresh database and app for one test file: embedded (in memory) by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL, dropped at the end.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `portal_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    await adminQuery(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), poolSize: 4 });
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  } else {
    database = await openDatabase({});
  }
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: "test",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    WEB_DIST_DIR: "",
    ...env,
  });
  const app = await buildApp({ config, db: database.db });
  const tokens = new TokenService(
    config.jwtSecret,
    config.ACCESS_TOKEN_TTL_SECONDS,
    config.REFRESH_TOKEN_TTL_SECONDS,
  );
  const db = database.db;

  return {
    app,
    db,
    config,
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
      const access = await tokens.issueAccess({ userId: user.id, tokenVersion: user.token_version });
      return { authorization: `JWT ${access}`, "accept-language": lang };
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
