import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { containers } from "../../db/schema/index.ts";
import { SUBMITTED, useContainerTests } from "../../test/containers.ts";

// Containers' document packages (tracking/api/freight_orders/{id}/containers/): made of the order's files,
// replaced and withdrawn, and their content listed.

const ORDERS = "/tracking/api/freight_orders/";

// The packages as the requests leave them: no worker takes them on to the customs exchange here
// (customs-exchange.test.ts follows them there)
const { ctx, world } = useContainerTests({ JOB_WORKERS: "false" });

describe("PATCH tracking/api/freight_orders/{id}/containers/", () => {
  it("makes the package of the order's files: pending with a new package id, replaced by the next", async () => {
    const { client, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id, "invoice.pdf");
    const specification = await file(own.id, "specification.pdf");
    const { id } = await container(own.id);
    const api = await ctx.as(client);
    const made = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: id,
      package_content: [specification.id, invoice.id, invoice.id],
    });
    expect(made.statusCode).toBe(200);
    const first = made.json();
    expect(first).toMatchObject({ id, pkg_state: "pending", version: 2 });
    expect(first.package_content.map((f: { id: number }) => f.id)).toEqual([invoice.id, specification.id]);
    const replaced = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: id,
      package_content: [specification.id],
      version: 2,
    });
    expect(replaced.json()).toMatchObject({ pkg_state: "pending", version: 3 });
    expect(replaced.json().pkg_pid).toBeGreaterThan(first.pkg_pid);
    expect(replaced.json().package_content.map((f: { id: number }) => f.id)).toEqual([specification.id]);
    const stale = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: id,
      package_content: [invoice.id],
      version: 2,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id, version: 3 });
  });

  it("needs the order's border crossing point", async () => {
    const { client, order, container, file } = await world();
    const own = await order({ border_crossing_point: null });
    const invoice = await file(own.id);
    const { id } = await container(own.id);
    const body = { container: id, package_content: [invoice.id] };
    const refused = await (await ctx.as(client)).patch(`${ORDERS}${own.id}/containers/`, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      border_crossing_point: ["Saving a container package requires a border crossing point"],
    });
    const russian = await ctx.app.inject({
      method: "PATCH",
      url: `${ORDERS}${own.id}/containers/`,
      headers: await ctx.authHeaders(client, "ru"),
      payload: body,
    });
    expect(russian.json()).toEqual({
      border_crossing_point: ["Для сохранения пакета контейнера нужен пограничный переход"],
    });
  });

  it("takes only files of this order, at least one", async () => {
    const { client, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id);
    const foreign = await file((await order()).id, "foreign.pdf");
    const { id } = await container(own.id);
    const api = await ctx.as(client);
    for (const files of [[invoice.id, foreign.id], [999999]]) {
      const response = await api.patch(`${ORDERS}${own.id}/containers/`, {
        container: id,
        package_content: files,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        package_content: ["Only documents of this order can be in the package"],
      });
    }
    const empty = await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, package_content: [] });
    expect(empty.json()).toEqual({ package_content: ["The field is required"] });
    const nothing = await api.patch(`${ORDERS}${own.id}/containers/`, { container: id });
    expect(nothing.json()).toEqual({
      package_content: ["This field must be set."],
      "@validation": "fields_not_provided",
    });
    const both = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: id,
      package_content: [invoice.id],
      withdraw: true,
    });
    expect(both.json()).toEqual({
      withdraw: ["Send either the package's documents or the withdrawal, not both"],
    });
    const [stored] = await ctx.db.select().from(containers).where(eq(containers.id, id));
    expect(stored).toMatchObject({ pkg_state: null, pkg_pid: null, version: 1 });
  });

  it("withdraws a package, and refuses to withdraw none", async () => {
    const { client, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id);
    const { id } = await container(own.id);
    const api = await ctx.as(client);
    const none = await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, withdraw: true });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ detail: "There is no package for this container" });
    const made = (
      await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, package_content: [invoice.id] })
    ).json();
    const withdrawn = await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, withdraw: true });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ pkg_state: "withdraw", pkg_pid: made.pkg_pid });
    const gone = await container(own.id, { pkg_state: "withdrawn", pkg_pid: 12 });
    const again = await api.patch(`${ORDERS}${own.id}/containers/`, { container: gone.id, withdraw: true });
    expect(again.json()).toEqual({ detail: "There is no package for this container" });
  });

  it("answers 404 for a container of another order and for another company's order; 403 where the status keeps the client out", async () => {
    const { client, outsider, manager, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id);
    const elsewhere = await container((await order()).id);
    await ctx.expectRefused(
      { client, manager },
      (api) =>
        api.patch(`${ORDERS}${own.id}/containers/`, {
          container: elsewhere.id,
          package_content: [invoice.id],
        }),
      404,
    );
    const mine = await container(own.id);
    const body = { container: mine.id, package_content: [invoice.id] };
    await ctx.expectRefused({ outsider }, (api) => api.patch(`${ORDERS}${own.id}/containers/`, body), 404);
    const submitted = await order({ status: SUBMITTED });
    const submittedFile = await file(submitted.id);
    const held = await container(submitted.id);
    const heldBody = { container: held.id, package_content: [submittedFile.id] };
    await ctx.expectRefused({ client }, (api) => api.patch(`${ORDERS}${submitted.id}/containers/`, heldBody));
    const byManager = await (await ctx.as(manager)).patch(`${ORDERS}${submitted.id}/containers/`, heldBody);
    expect(byManager.json()).toMatchObject({ pkg_state: "pending" });
    const unsigned = await ctx.app.inject({
      method: "PATCH",
      url: `${ORDERS}${own.id}/containers/`,
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe("GET tracking/api/freight_orders/{fid}/containers/{id}/package-content/", () => {
  it("lists the package's files with their download addresses; 404 for a container of another order", async () => {
    const { client, outsider, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id, "invoice.pdf");
    const { id } = await container(own.id);
    const api = await ctx.as(client);
    const url = `${ORDERS}${own.id}/containers/${id}/package-content/`;
    expect((await api.get(url)).json()).toEqual({ results: [] });
    await api.patch(`${ORDERS}${own.id}/containers/`, { container: id, package_content: [invoice.id] });
    expect((await api.get(url)).json()).toEqual({
      results: [
        {
          url: `/tracking/api/freight_orders/${own.id}/file/${invoice.id}`,
          freight_order: own.id,
          freight_order_file_id: invoice.id,
          filename: "invoice.pdf",
        },
      ],
    });
    const otherOrder = await order();
    await ctx.expectRefused(
      { client },
      (a) => a.get(`${ORDERS}${otherOrder.id}/containers/${id}/package-content/`),
      404,
    );
    await ctx.expectRefused({ outsider }, (a) => a.get(url), 404);
    expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });
});
