import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const base = { JWT_SECRET: "test-secret-test-secret-test-secret-0123456789" };

describe("loadConfig", () => {
  it("gives the demo every help link, unless the installation names its own or seeds no demo", () => {
    const demo = loadConfig(base);
    expect(demo.SERVICE_DESK_URL).toMatch(/^mailto:servicedesk@/);
    expect(demo.SUPPORT_EMAIL).toMatch(/^support@/);
    const own = loadConfig({
      ...base,
      SERVICE_DESK_URL: "https://desk.example/",
      SUPPORT_EMAIL: "help@example",
    });
    expect([own.SERVICE_DESK_URL, own.SUPPORT_EMAIL]).toEqual(["https://desk.example/", "help@example"]);
    const real = loadConfig({ ...base, SEED_DEMO: "false" });
    expect([real.SERVICE_DESK_URL, real.SUPPORT_EMAIL]).toEqual(["", ""]);
  });

  it("runs the job workers in the server by default, and not where JOB_WORKERS=false", () => {
    expect(loadConfig(base)).toMatchObject({ JOB_WORKERS: true, JOB_CONCURRENCY: 2, JOB_SCHEMA: "pgboss" });
    expect(loadConfig({ ...base, JOB_WORKERS: "false" }).JOB_WORKERS).toBe(false);
    expect(() => loadConfig({ ...base, JOB_SCHEMA: "jobs; drop table users" })).toThrow(/JOB_SCHEMA/);
    expect(() => loadConfig({ ...base, JOB_POLL_SECONDS: "0.1" })).toThrow(/JOB_POLL_SECONDS/);
  });

  it("sends packages to the customs simulator by default, and to a real system only with its address", () => {
    expect(loadConfig(base)).toMatchObject({
      CUSTOMS_GATEWAY: "simulator",
      CUSTOMS_SIMULATOR_OUTCOME: "auto",
      CUSTOMS_SIMULATOR_DELAY_SECONDS: 15,
    });
    expect(() => loadConfig({ ...base, CUSTOMS_GATEWAY: "http" })).toThrow(/CUSTOMS_URL: required/);
    const real = loadConfig({ ...base, CUSTOMS_GATEWAY: "http", CUSTOMS_URL: "https://customs.example/api" });
    expect(real.CUSTOMS_URL).toBe("https://customs.example/api");
    expect(() => loadConfig({ ...base, CUSTOMS_SIMULATOR_OUTCOME: "maybe" })).toThrow(
      /CUSTOMS_SIMULATOR_OUTCOME/,
    );
  });

  it("runs one process unless told, more only on PostgreSQL: the embedded database refuses them", () => {
    const server = { ...base, DATABASE_URL: "postgres://db.example/portal" };
    expect(loadConfig(base).apiProcesses).toBe(1);
    expect(loadConfig(server).apiProcesses).toBe(1);
    expect(loadConfig({ ...server, API_PROCESSES: "3" }).apiProcesses).toBe(3);
    expect(loadConfig({ ...base, API_PROCESSES: "1" }).apiProcesses).toBe(1);
    expect(() => loadConfig({ ...base, API_PROCESSES: "2" })).toThrow(/API_PROCESSES: the embedded database/);
    expect(() => loadConfig({ ...server, API_PROCESSES: "0" })).toThrow(/API_PROCESSES/);
  });

  it("refuses an invalid variable with a readable message", () => {
    expect(() => loadConfig({ ...base, PORT: "eighty" })).toThrow(/PORT/);
  });

  it("keeps mails in the outbox without SMTP_URL, and links them to the server's own address by default", () => {
    const embedded = loadConfig(base);
    expect(embedded.SMTP_URL).toBeUndefined();
    expect(embedded.PORTAL_URL).toBe("http://localhost:3000");
    const real = loadConfig({
      ...base,
      SMTP_URL: "smtps://u:p@mail.example:465",
      PORTAL_URL: "https://portal.example/",
    });
    expect([real.SMTP_URL, real.PORTAL_URL]).toEqual([
      "smtps://u:p@mail.example:465",
      "https://portal.example",
    ]);
    expect(() => loadConfig({ ...base, SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
  });
});
