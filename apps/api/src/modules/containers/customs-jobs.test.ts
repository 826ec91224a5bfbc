import { beforeAll, describe, expect, it } from "vitest";
import { useContainerTests } from "../../test/containers.ts";
import {
  buildDocuments,
  buildDocumentTypes,
  containerRow,
  customsEvents,
  jobRun,
  untilPackage,
} from "../../test/customs.ts";

// The exchange's jobs one at a time: no worker runs here until the last test, so each test runs a job's handler
// itself (as a worker would, or as a worker that died after its effect would again) and sees what it changed.

const ORDERS = "/tracking/api/freight_orders/";

const { ctx, world } = useContainerTests({ JOB_WORKERS: "false" });
let types: Awaited<ReturnType<typeof buildDocumentTypes>>;
beforeAll(async () => {
  types = await buildDocumentTypes(ctx.db);
});

async function packageWorld() {
  const people = await world();
  const order = await people.order();
  const files = await buildDocuments(ctx.db, ctx.config.FILES_DIR, types, order, [
    "invoice",
    "smgs",
    "packingList",
  ]);
  const container = await people.container(order.id);
  const api = await ctx.as(people.client);
  const send = async (body: object) => {
    const answer = await api.patch(`${ORDERS}${order.id}/containers/`, { container: container.id, ...body });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { pkg_pid: number; pkg_state: string; version: number };
  };
  return { container, files, send };
}

const jobs = () => ctx.services.customs.jobTypes;

describe("the customs exchange's jobs", () => {
  it("send a package once per request: its key sends nothing twice, and a second run changes nothing", async () => {
    const { container, files, send } = await packageWorld();
    const { pkg_pid } = await send({ package_content: files });
    const key = `${container.id}:${pkg_pid}`;
    expect(await ctx.jobs.find(jobs().submit, key)).toMatchObject({ state: "created" });
    const again = await ctx.db.transaction((tx) =>
      ctx.jobs.send(tx, jobs().submit, { container: container.id, pkg_pid }),
    );
    expect(again).toBe(false);

    const payload = { container: container.id, pkg_pid };
    await jobs().submit.handle(payload, jobRun());
    const uploaded = await containerRow(ctx.db, container.id);
    expect(uploaded).toMatchObject({ pkg_state: "uploaded", version: 3 });
    // The worker died after the effect and before the job was marked done: the job runs again
    await jobs().submit.handle(payload, jobRun({ attempt: 1 }));
    expect(await containerRow(ctx.db, container.id)).toMatchObject({ pkg_state: "uploaded", version: 3 });
    expect((await customsEvents(ctx.db, container.id)).map((event) => event.event_code)).toEqual([
      "package_sent",
      "package_uploaded",
    ]);
    // The upload queued the ask for the decision, once
    expect(await ctx.jobs.find(jobs().ask, `${key}:1`)).toMatchObject({ state: "created" });
  });

  it("let a replaced package's answers change nothing: the new package's win", async () => {
    const { container, files, send } = await packageWorld();
    const first = await send({ package_content: files });
    await jobs().submit.handle({ container: container.id, pkg_pid: first.pkg_pid }, jobRun());
    expect((await containerRow(ctx.db, container.id)).pkg_state).toBe("uploaded");

    const second = await send({ package_content: files.slice(0, 2) });
    expect(second).toMatchObject({ pkg_state: "pending", version: 4 });
    // The system decides on the first package now: the container is no longer that package's
    await jobs().ask.handle({ container: container.id, pkg_pid: first.pkg_pid, round: 1 }, jobRun());
    await jobs().submit.handle({ container: container.id, pkg_pid: first.pkg_pid }, jobRun());
    expect(await containerRow(ctx.db, container.id)).toMatchObject({
      pkg_pid: second.pkg_pid,
      pkg_state: "pending",
      td_number: "",
      version: 4,
    });

    await jobs().submit.handle({ container: container.id, pkg_pid: second.pkg_pid }, jobRun());
    await jobs().ask.handle({ container: container.id, pkg_pid: second.pkg_pid, round: 1 }, jobRun());
    const accepted = await containerRow(ctx.db, container.id);
    expect(accepted).toMatchObject({ pkg_pid: second.pkg_pid, pkg_state: "accepted", version: 6 });
    expect(accepted.td_number).toMatch(/^10719110\//);
    expect(
      (await customsEvents(ctx.db, container.id, first.pkg_pid)).map((event) => event.event_code),
    ).toEqual(["package_sent", "package_uploaded"]);
  });

  it("never send a package withdrawn before its turn, and withdraw it", async () => {
    const { container, files, send } = await packageWorld();
    const { pkg_pid } = await send({ package_content: files });
    const asked = await send({ withdraw: true });
    expect(asked).toMatchObject({ pkg_state: "withdraw", version: 3 });
    await jobs().submit.handle({ container: container.id, pkg_pid }, jobRun());
    expect((await containerRow(ctx.db, container.id)).pkg_state).toBe("withdraw");
    expect(await ctx.jobs.find(jobs().withdraw, `${container.id}:${pkg_pid}:3`)).toMatchObject({
      state: "created",
    });
    await jobs().withdraw.handle({ container: container.id, pkg_pid, version: 3 }, jobRun());
    expect(await containerRow(ctx.db, container.id)).toMatchObject({ pkg_state: "withdrawn", version: 4 });
    expect((await customsEvents(ctx.db, container.id)).map((event) => event.event_code)).toEqual([
      "package_sent",
      "package_withdraw_requested",
      "package_withdrawn",
    ]);
  });

  it("run as queued once the workers start: the replaced package's job changes nothing, the new one wins", async () => {
    const { container, files, send } = await packageWorld();
    const first = await send({ package_content: files });
    const second = await send({ package_content: files });
    await ctx.jobs.work();
    const accepted = await untilPackage(ctx.db, container.id, "accepted");
    expect(accepted.pkg_pid).toBe(second.pkg_pid);
    // The first package's job found its package replaced and sent nothing
    await expect
      .poll(() => ctx.jobs.find(jobs().submit, `${container.id}:${first.pkg_pid}`), { timeout: 30_000 })
      .toMatchObject({ state: "completed" });
    expect(
      (await customsEvents(ctx.db, container.id, first.pkg_pid)).map((event) => event.event_code),
    ).toEqual(["package_sent"]);
  });
});
