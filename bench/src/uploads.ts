/**
 * Uploads at once, measured by the server's memory: the API server runs in a process of its own (the embedded
 * database, the demo's data, a folder storage), and N clients each upload a file of S megabytes to one order at the
 * same moment. Its RSS is read before, sampled every 20 ms while they run (the peak), and each upload's answer checked.
 * Part of `npm run bench`, or alone:
 *
 *   tsx src/uploads.ts
 *   BENCH_UPLOADS=20x20           N uploads of S MB (decimal megabytes, under UPLOAD_MAX_BYTES' 20 MiB)
 *   BENCH_ONLY=uploads            with `npm run bench`: this benchmark only
 *
 * The server's data folder is temporary and removed afterwards.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { selects } from "./only.ts";

const [COUNT = 20, MEGABYTES = 20] = (process.env.BENCH_UPLOADS ?? "20x20").split("x").map(Number);
const MB = 1_000_000;
const SERVER = fileURLToPath(new URL("../../apps/api/src/server.ts", import.meta.url));

/** A free port on the loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** A process's resident memory now, in MB (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  if (!selects("uploads")) return;
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-uploads-"));
  const port = await freePort();
  const server = spawn(process.execPath, ["--import", "tsx", SERVER], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: "",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-0000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    // Up once the demo is seeded and the server listens
    for (;;) {
      if (server.exitCode !== null) throw new Error("the server stopped");
      const up = await fetch(`${base}/api/token/`, { method: "POST" }).catch(() => null);
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const token = await (
      await fetch(`${base}/api/token/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "manager", password: "Freight-2026" }),
      })
    ).json();
    const headers = { authorization: `JWT ${token.access}` };
    const orders = await (await fetch(`${base}/tracking/api/freight_orders/?take=1`, { headers })).json();
    const url = `${base}/tracking/api/freight_orders/${orders.results[0].id}/files/`;
    // PDF-like, incompressible: a header and random bytes
    const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(MEGABYTES * MB - 9)]);
    const upload = async (name: string) => {
      const form = new FormData();
      form.append("file", new Blob([file], { type: "application/pdf" }), name);
      const answer = await fetch(url, { method: "POST", headers, body: form });
      if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${await answer.text()}`);
    };
    // One upload first, so that the code paths are loaded before the memory is read
    await upload("warm-up.pdf");
    const before = await rssMb(server.pid ?? 0);
    let peak = before;
    const sampling = setInterval(() => {
      rssMb(server.pid ?? 0).then(
        (rss) => {
          peak = Math.max(peak, rss);
        },
        () => {},
      );
    }, 20);
    const started = performance.now();
    await Promise.all(Array.from({ length: COUNT }, (_, n) => upload(`scan-${n}.pdf`)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampling);
    peak = Math.max(peak, await rssMb(server.pid ?? 0));
    console.log(
      `\nUploads at once (${COUNT} of ${MEGABYTES} MB, folder storage, embedded database): ${seconds.toFixed(1)} s; ` +
        `server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB); ` +
        `load ${load()}`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
