// Two API instances on one PostgreSQL database behind nginx, as docs/operations.md deploys them ("Two instances
// and more"): a session, a throttle, a job and a live update behave as on one instance. The instances are the
// server's own start (server.ts, run by tsx) on free ports; nginx runs with the documented configuration from a
// folder of its own. Skipped on the embedded database (one process) and where nginx is not installed.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "./modules/auth/totp.ts";
import { createTestContext, TEST_PASSWORD, type TestContext } from "./test/context.ts";
import { softAuthenticator } from "./test/soft-authenticator.ts";

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].find((file) => existsSync(file));
const SKIPPED = !process.env.TEST_DATABASE_URL
  ? "TEST_DATABASE_URL names no PostgreSQL server"
  : !NGINX
    ? "nginx is not installed (apt-get install nginx)"
    : null;
const SERVER = path.resolve(import.meta.dirname, "server.ts");
const NGINX_TEMPLATE = path.resolve(import.meta.dirname, "../../../docs/nginx.conf");
const JWT_SECRET = "two-instances-secret-two-instances-secret-0123";

/** A port no one listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts one instance, added to `started` at once (stopped after the tests even when its start fails), and
 * resolves once it listens (its banner), or fails with what it said.
 */
function startInstance(env: Record<string, string>, started: ChildProcess[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(" is running at ")) resolve(child);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) =>
      reject(new Error(`an instance exited (${code}) before it listened:\n${output}`)),
    );
  });
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // A stop waits for running jobs and open streams: on a loaded machine past the hook's minute once. Nothing here
    // tests the shutdown (server.test.ts does), so a process still running after 10 s is killed
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** A Server-Sent Events answer, read on demand: `until` reads it until its text so far passes the check. */
function eventsOf(response: Response) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  let text = "";
  return {
    async until(check: (text: string) => boolean): Promise<void> {
      while (!check(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended:\n${text}`);
        text += decoder.decode(value, { stream: true });
      }
    },
  };
}

describe.skipIf(SKIPPED)(`two API instances behind nginx${SKIPPED ? ` (skipped: ${SKIPPED})` : ""}`, () => {
  let ctx: TestContext;
  const instances: ChildProcess[] = [];
  let nginx: ChildProcess | undefined;
  let folder: string;
  let a: string;
  let b: string;
  let proxy: string;

  beforeAll(async () => {
    // The test's own app makes the users and runs no jobs: the instances' workers do
    ctx = await createTestContext({ JOB_WORKERS: "false" });
    folder = mkdtempSync(path.join(tmpdir(), "portal-two-instances-"));
    const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
    const env = {
      DATABASE_URL: ctx.databaseUrl ?? "",
      JWT_SECRET,
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      WEB_DIST_DIR: "",
      LOG_LEVEL: "warn",
      API_PROCESSES: "1",
      TRUST_PROXY: "127.0.0.1",
      JOB_POLL_SECONDS: "0.5",
      DATA_DIR: path.join(folder, "data"),
      // Shared by both instances, as a deployment gives it; staff sign in with the password in the tests but this one's
      SECOND_FACTOR_KEY: "two-instances-factor-key-two-instances-factor",
      STAFF_SECOND_FACTOR: "optional",
      // Passkeys are bound to the portal's address (the load balancer's); an IP address is no RP ID
      PORTAL_URL: `http://localhost:${portProxy}`,
      // The shared volume of both instances' files (an archive made by one is downloaded through the other)
      FILES_DIR: path.join(folder, "files"),
    };
    // Both at once, as a deployment starts them: they take turns at the migrations and the reference books
    await Promise.all([portA, portB].map((port) => startInstance({ ...env, PORT: String(port) }, instances)));
    [a, b, proxy] = [portA, portB, portProxy].map((port) => `http://127.0.0.1:${port}`) as [
      string,
      string,
      string,
    ];

    // The documented configuration, with this test's ports and folder
    const config = readFileSync(NGINX_TEMPLATE, "utf8")
      .replaceAll("/var/lib/portal-nginx", folder)
      .replace(
        /server 127\.0\.0\.1:3000[^;]*;\s*server 127\.0\.0\.1:3001[^;]*;/,
        `server 127.0.0.1:${portA};\n    server 127.0.0.1:${portB};`,
      )
      .replace("listen 80;", `listen 127.0.0.1:${portProxy};`)
      // Which instance answered, for the test to see that the streams went to both
      .replace("# test: upstream header", "add_header X-Upstream $upstream_addr always;");
    writeFileSync(path.join(folder, "nginx.conf"), config);
    nginx = spawn(
      NGINX as string,
      ["-p", folder, "-c", path.join(folder, "nginx.conf"), "-g", "daemon off;"],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    for (;;) {
      if (nginx.exitCode !== null)
        throw new Error(`nginx exited: ${readFileSync(path.join(folder, "error.log"), "utf8")}`);
      const up = await fetch(`${proxy}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);

  afterAll(async () => {
    await Promise.all([...instances.map(stopped), nginx ? stopped(nginx) : undefined]);
    await ctx?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  const signIn = (base: string, username: string, password = TEST_PASSWORD) =>
    fetch(`${base}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password }),
    });

  it("shares the second step and the passkey challenges: begun on one instance, taken on the other", async () => {
    const user = await ctx.buildUser();
    const post = (base: string, url: string, body: object, access?: string) =>
      fetch(`${base}${url}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(access ? { authorization: `JWT ${access}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const { access } = (await (await signIn(a, user.username)).json()) as { access: string };
    const { secret } = (await (await post(a, "/profile/api/security/totp/", {}, access)).json()) as {
      secret: string;
    };
    const confirmed = await post(
      b,
      "/profile/api/security/totp/confirm/",
      { code: totpCode(secret) },
      access,
    );
    expect(confirmed.status).toBe(200);
    const { second_step } = (await (await signIn(a, user.username)).json()) as {
      second_step: { ticket: string };
    };
    const code = totpCode(secret, Date.now() + 30_000);
    expect((await post(b, "/api/token/second-step/", { ticket: second_step.ticket, code })).status).toBe(200);

    const registration = (await (
      await post(b, "/profile/api/security/passkeys/options/", {}, access)
    ).json()) as {
      options: Record<string, unknown>;
    };
    const origin = `http://localhost:${new URL(proxy).port}`;
    const { credential, made } = softAuthenticator.create(registration.options, origin);
    expect(
      (await post(a, "/profile/api/security/passkeys/", { name: "Key", credential }, access)).status,
    ).toBe(201);
    const signInOptions = (await (await post(a, "/api/token/passkey/options/", {})).json()) as {
      options: Record<string, unknown>;
    };
    const assertion = softAuthenticator.get(made, signInOptions.options, origin);
    expect((await post(b, "/api/token/passkey/", { credential: assertion })).status).toBe(200);
  });

  it("signs in through one instance, is served and refreshed by the other, and signs out everywhere", async () => {
    const user = await ctx.buildUser();
    const tokens = (await (await signIn(a, user.username)).json()) as { access: string; refresh: string };
    const me = await fetch(`${b}/profile/api/users/me/`, {
      headers: { authorization: `JWT ${tokens.access}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(user.username);
    const refreshed = await fetch(`${b}/api/token/refresh/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh: tokens.refresh }),
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { refresh: string };
    const out = await fetch(`${a}/api/token/logout/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh: next.refresh }),
    });
    expect(out.status).toBe(204);
    // The session ended on A: B refuses its access token
    const after = await fetch(`${b}/profile/api/users/me/`, {
      headers: { authorization: `JWT ${tokens.access}` },
    });
    expect(after.status).toBe(401);
  });

  it("counts failed sign-ins made on both instances together", async () => {
    const user = await ctx.buildUser();
    // LOGIN_MAX_FAILURES_PER_ACCOUNT_ADDRESS is 5: five failures, alternating, then the sixth attempt is refused
    const statuses = [];
    for (const base of [a, b, a, b, a])
      statuses.push((await signIn(base, user.username, "wrong-password")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await signIn(b, user.username)).status).toBe(429);
    expect((await signIn(a, user.username)).status).toBe(429);
  });

  it("runs a job sent through one instance once, and announces its changes on streams of both through nginx", async () => {
    const company = await ctx.buildCompany();
    const manager = await ctx.buildUser({ roles: ["Manager"] });
    const { access } = (await (await signIn(proxy, manager.username)).json()) as { access: string };
    const headers = { authorization: `JWT ${access}` };
    // A stream on each instance: nginx takes turns per worker process, so streams are opened until both instances
    // hold one (the others are closed at once)
    const controller = new AbortController();
    const byInstance = new Map<string, Response>();
    for (let attempt = 0; attempt < 40 && byInstance.size < 2; attempt += 1) {
      const opened = new AbortController();
      controller.signal.addEventListener("abort", () => opened.abort());
      const stream = await fetch(`${proxy}/api/live/`, {
        headers: { ...headers, accept: "text/event-stream" },
        signal: opened.signal,
      });
      const upstream = stream.headers.get("x-upstream") ?? "";
      if (byInstance.has(upstream)) opened.abort();
      else byInstance.set(upstream, stream);
    }
    const streams = [...byInstance.values()];
    try {
      expect([...byInstance.keys()].sort()).toEqual([a, b].map((base) => base.replace("http://", "")).sort());
      const events = streams.map(eventsOf);
      await Promise.all(events.map((stream) => stream.until((text) => text.includes("event: ready"))));
      const made = await fetch(`${a}/tracking/api/export-tasks/`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ company: company.id, from_date: "2026-01-01", to_date: "2026-01-31" }),
      });
      expect(made.status).toBe(201);
      const task = (await made.json()) as { id: number };
      const announced = (text: string) => text.includes(`"resource":"export_tasks","id":${task.id}`);
      await Promise.all(events.map((stream) => stream.until(announced)));

      // Done, by one worker of the two, once; its archive is in the shared folder, downloaded through the other
      let done = false;
      while (!done) {
        const answer = await fetch(`${b}/tracking/api/export-tasks/`, { headers });
        type Row = { id: number; done: boolean; celery_task_status: string };
        const row = ((await answer.json()) as { results: Row[] }).results.find((one) => one.id === task.id);
        expect(row?.celery_task_status).not.toBe("FAILURE");
        done = row?.done === true;
        if (!done) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const jobs = (await ctx.db.execute(
        sql`select state, retry_count from ${sql.identifier(ctx.config.JOB_SCHEMA)}.job
            where name = 'exports.build-archive' and data->>'task' = ${String(task.id)}`,
      )) as unknown as { rows: { state: string; retry_count: number }[] };
      expect(jobs.rows).toEqual([{ state: "completed", retry_count: 0 }]);
      const archive = await fetch(`${b}/tracking/api/export-tasks/${task.id}/`, { headers });
      expect(archive.status).toBe(200);
      expect(archive.headers.get("content-type")).toBe("application/zip");
    } finally {
      controller.abort();
    }
  });
});
