import { describe, expect, it } from "vitest";
import { useContainerTests } from "../../test/containers.ts";
import { buildDocuments, buildDocumentTypes, customsEvents, untilPackage } from "../../test/customs.ts";

// The exchange when the system cannot be reached (the simulator's `error` outcome): each call fails, is retried
// (once here, a second later), and after the last attempt the package shows processing_error with the reason.

const ORDERS = "/tracking/api/freight_orders/";

const { ctx, world } = useContainerTests({ CUSTOMS_SIMULATOR_OUTCOME: "error" });

describe("a package the system cannot take", () => {
  it("ends in processing_error with the failure's message after its retries; the job is failed", async () => {
    const types = await buildDocumentTypes(ctx.db);
    const { client, order, container } = await world();
    const own = await order();
    const files = await buildDocuments(ctx.db, ctx.config.FILES_DIR, types, own, ["invoice", "smgs"]);
    const { id } = await container(own.id);
    const made = await (await ctx.as(client)).patch(`${ORDERS}${own.id}/containers/`, {
      container: id,
      package_content: files,
    });
    expect(made.statusCode, made.body).toBe(200);
    const pkgPid = made.json().pkg_pid as number;

    const failed = await untilPackage(ctx.db, id, "processing_error");
    expect(failed.pkg_message).toBe("Симулятор: система таможенного декларирования недоступна");
    const type = ctx.services.customs.jobTypes.submit;
    await expect
      .poll(() => ctx.jobs.find(type, `${id}:${pkgPid}`), { timeout: 30_000 })
      .toMatchObject({ state: "failed", attempt: 1, reason: failed.pkg_message });
    const events = await customsEvents(ctx.db, id);
    expect(events.map((event) => [event.event_code, event.source])).toEqual([
      ["package_sent", "portal"],
      ["package_processing_error", "customs"],
    ]);
    expect(events[1]?.message).toBe(failed.pkg_message);
  });
});
