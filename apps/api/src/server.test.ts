// The server's start with several processes (API_PROCESSES): they share the port and stop together on SIGTERM;
// the embedded database refuses more than one. Started as `node --import tsx server.ts`, as a deployment runs it.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "./test/context.ts";

const SERVER = path.resolve(import.meta.dirname, "server.ts");
const JWT_SECRET = "server-test-secret-server-test-secret-0123456789";

/** Starts the server; resolves with its output once it says where it runs, or once it exits. */
function start(env: Record<string, string>): { child: ChildProcess; output: Promise<string> } {
  // The database is the test's: none from the environment
  const { DATABASE_URL: _none, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: {
      ...inherited,
      JWT_SECRET,
      HOST: "127.0.0.1",
      PORT: "0",
      SEED_DEMO: "false",
      WEB_DIST_DIR: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const output = new Promise<string>((resolve) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes(" is running at ")) resolve(text);
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", () => resolve(text));
  });
  return { child, output };
}

/** The servers the primary forked (not other children, such as the TypeScript loader's esbuild service). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("ps", ["--ppid", String(pid), "-o", "pid=,args="], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.includes(SERVER))
      .map((line) => Number.parseInt(line, 10));
  } catch {
    return []; // ps answers 1 when there are none
  }
}

/**
 * The status of `GET /api/health` on a connection of its own: fetch would reuse a kept-alive connection to a process
 * just killed, whose close it may not have read yet ("other side closed", seen once on a loaded host).
 */
function healthStatus(base: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get(`${base}/api/health`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on("error", reject);
  });
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the server's processes", () => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let started: ChildProcess | undefined;
  afterEach(async () => {
    // A failed test leaves no server behind
    if (started && started.exitCode === null && started.signalCode === null) {
      const exited = new Promise((resolve) => started?.once("exit", resolve));
      started.kill("SIGTERM");
      await exited;
    }
    started = undefined;
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    [database, dataDir] = [undefined, undefined];
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "runs API_PROCESSES servers on one port, which answer, replaces one that dies, and stops all on SIGTERM",
    async () => {
      database = await openTestDatabase({ kind: "server" });
      await database.database.close();
      const { child, output } = start({ DATABASE_URL: database.where.url ?? "", API_PROCESSES: "2" });
      started = child;
      const banner = await output;
      const base = banner.match(/running at (http:\/\/localhost:\d+)/)?.[1];
      expect(base, banner).toBeDefined();
      expect(banner).toContain("2 API processes");
      const servers = childrenOf(child.pid as number);
      expect(servers).toHaveLength(2);
      for (let i = 0; i < 4; i += 1) expect(await healthStatus(base as string)).toBe(200);

      // One that dies is replaced
      const [killed] = servers as [number];
      process.kill(killed, "SIGKILL");
      let now = childrenOf(child.pid as number);
      while (now.length !== 2 || now.includes(killed)) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = childrenOf(child.pid as number);
      }
      for (let i = 0; i < 4; i += 1) expect(await healthStatus(base as string)).toBe(200);

      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(now.filter(isRunning)).toEqual([]);
    },
    90_000,
  );

  it("refuses more than one process on the embedded database, saying why", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "portal-server-test-"));
    const { child, output } = start({ DATA_DIR: dataDir, API_PROCESSES: "2" });
    started = child;
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(await exited).toBe(1);
    expect(await output).toContain("API_PROCESSES: the embedded database runs in one process");
  }, 60_000);
});
