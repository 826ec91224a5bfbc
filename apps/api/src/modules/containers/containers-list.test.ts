import { describe, expect, it } from "vitest";
import { SUBMITTED, useContainerTests } from "../../test/containers.ts";

// Containers' lists: the containers the user sees (tracking/api/containers/), an order's containers with their
// packages, and the orders' list by their containers' numbers.

const CONTAINERS = "/tracking/api/containers/";
const ORDERS = "/tracking/api/freight_orders/";

// The packages as the requests leave them: no worker takes them on to the customs exchange here
const { ctx, references, world } = useContainerTests({ JOB_WORKERS: "false" });

describe("GET tracking/api/containers/", () => {
  it("lists the containers of the orders the user sees, by the list pattern", async () => {
    const { client, related, outsider, manager, order, container } = await world();
    const own = await order();
    const first = await container(own.id, { container: "MSKU9070323" });
    const second = await container(own.id, { container: "BADNUMBER" });
    const deleted = await order({ deleted_at: new Date() });
    await container(deleted.id, { container: "CSQU3054383" });
    for (const user of [client, related]) {
      const page = (await (await ctx.as(user)).get(`${CONTAINERS}?ordering=container`)).json();
      expect(page.results.map((row: { id: number }) => row.id)).toEqual([second.id, first.id]);
      expect(page.count).toBe(2);
    }
    expect((await (await ctx.as(outsider)).get(CONTAINERS)).json().results).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ id: first.id })]),
    );
    const invalid = await (await ctx.as(manager)).get(
      `${CONTAINERS}?filters=${encodeURIComponent(`is_number_valid=false&freight_order=${own.id}`)}`,
    );
    expect(invalid.json()).toMatchObject({ count: 1, results: [{ id: second.id, container: "BADNUMBER" }] });
    const searched = await (await ctx.as(client)).get(`${CONTAINERS}?search=msku`);
    expect(searched.json().results.map((row: { id: number }) => row.id)).toEqual([first.id]);
  });

  it("filters, sorts and groups by the order's status name", async () => {
    const { manager, order, container } = await world();
    const orders = [await order(), await order({ status: SUBMITTED })];
    const [draft, submitted] = await Promise.all(orders.map((row) => container(row.id)));
    if (!draft || !submitted) throw new Error("containers not created");
    const api = await ctx.as(manager);
    const filters = (extra: string) =>
      encodeURIComponent(`freight_order__in=${orders.map((row) => row.id).join(",")}${extra}`);
    const filtered = await api.get(
      `${CONTAINERS}?filters=${filters("&freight_order_status_name_en=Submitted")}`,
    );
    expect(filtered.json()).toMatchObject({ count: 1, results: [{ id: submitted.id }] });
    const sorted = await api.get(
      `${CONTAINERS}?filters=${filters("")}&ordering=-freight_order_status_name_en`,
    );
    expect(sorted.json().results.map((row: { id: number }) => row.id)).toEqual([submitted.id, draft.id]);
    const grouped = await api.get(`${CONTAINERS}?filters=${filters("")}&group=freight_order_status_name_en`);
    expect(grouped.json()).toEqual({
      groups: [
        { key: "Draft", count: 1 },
        { key: "Submitted", count: 1 },
      ],
      count: 2,
    });
  });
});

describe("GET tracking/api/freight_orders/{id}/containers/", () => {
  it("lists the order's containers with their packages' files, by the list pattern", async () => {
    const { client, related, outsider, order, container, file } = await world();
    const own = await order();
    const invoice = await file(own.id, "invoice.pdf");
    const first = await container(own.id, {
      container: "MSKU9070323",
      container_type: references.containerType,
    });
    const second = await container(own.id, { container: "CSQU3054384" });
    await container((await order()).id);
    const api = await ctx.as(client);
    const answer = await api.patch(`${ORDERS}${own.id}/containers/`, {
      container: first.id,
      package_content: [invoice.id],
    });
    expect(answer.statusCode).toBe(200);
    const page = (await (await ctx.as(related)).get(`${ORDERS}${own.id}/containers/`)).json();
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      {
        id: first.id,
        container: "MSKU9070323",
        is_number_valid: true,
        container_type: references.containerType,
        pkg_pid: expect.any(Number),
        pkg_state: "pending",
        pkg_message: "",
        port_freight_forwarding_status: "",
        port_freight_forwarding_status_date: null,
        transit_decl_status: "",
        transit_decl_status_date: null,
        version: 2,
        package_content: [
          {
            id: invoice.id,
            filename: "invoice.pdf",
            document_number: "",
            document_date: null,
            document_type: null,
            document_title: "",
            is_original: false,
            create_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
            freight_order: own.id,
          },
        ],
      },
      expect.objectContaining({
        id: second.id,
        is_number_valid: false,
        pkg_state: null,
        package_content: [],
      }),
    ]);
    const paged = (await api.get(`${ORDERS}${own.id}/containers/?ordering=-id&take=1&skip=0`)).json();
    expect(paged).toMatchObject({ count: 2, results: [{ id: second.id }] });
    await ctx.expectRefused({ outsider }, (other) => other.get(`${ORDERS}${own.id}/containers/`), 404);
    expect((await ctx.app.inject({ method: "GET", url: `${ORDERS}${own.id}/containers/` })).statusCode).toBe(
      401,
    );
  });
});

describe("GET tracking/api/freight_orders/ (freightordercontainer)", () => {
  it("shows each order's container numbers, which the list filters and sorts by", async () => {
    const { client, order, container } = await world();
    const own = await order({ customer_order_number: "CONTAINERS-1" });
    await container(own.id, { container: "MSKU9070323" });
    await container(own.id, { container: "CSQU3054384" });
    const bare = await order({ customer_order_number: "CONTAINERS-1" });
    const api = await ctx.as(client);
    const page = (
      await api.get(`${ORDERS}?filters=customer_order_number=CONTAINERS-1&ordering=freightordercontainer`)
    ).json();
    expect(
      page.results.map((row: { id: number; freightordercontainer: string }) => [
        row.id,
        row.freightordercontainer,
      ]),
    ).toEqual([
      [bare.id, ""],
      [own.id, "MSKU9070323, CSQU3054384"],
    ]);
    const filtered = (await api.get(`${ORDERS}?filters=freightordercontainer__icontains=csqu305`)).json();
    expect(filtered.results.map((row: { id: number }) => row.id)).toEqual([own.id]);
    expect((await api.get(`${ORDERS}${own.id}/`)).json().freightordercontainer).toBe(
      "MSKU9070323, CSQU3054384",
    );
  });
});
