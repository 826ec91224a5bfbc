import { containerFields } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { useContainerTests } from "../../test/containers.ts";

// The containers' list answering the fields its grid asks for (`fields`): a list scoped through its order.

const CONTAINERS = "/tracking/api/containers/";
const { ctx, world } = useContainerTests();

describe("GET tracking/api/containers/?fields=", () => {
  it("answers the grid's columns and what its page reads of a row, within the user's companies", async () => {
    const { client, outsider, manager, order, container } = await world();
    const mine = await container((await order()).id, { container: "MSKU1234565" });
    const shown = Object.entries(containerFields as Record<string, { grid?: string }>)
      .filter(([, field]) => field.grid === "shown")
      .map(([name]) => name);
    const rowFields = ["container", "is_number_valid", "freight_order_status", "freight_order_status_name"];
    const fields = [...new Set([...shown, ...rowFields, "freight_order_status_name_en"])];
    const url = `${CONTAINERS}?ordering=-id&fields=${encodeURIComponent(fields.join(","))}`;
    const listed = await (await ctx.as(client)).get(url);
    expect(listed.statusCode, listed.body).toBe(200);
    const [row] = listed.json().results;
    expect(Object.keys(row).sort()).toEqual([...new Set([...fields, "id", "version"])].sort());
    expect(row).toMatchObject({ id: mine.id, container: "MSKU1234565", is_number_valid: true });
    expect((await (await ctx.as(outsider)).get(url)).json()).toEqual({ results: [], count: 0 });
    const all = (await (await ctx.as(manager)).get(url)).json();
    expect(all.results.map((item: { id: number }) => item.id)).toContain(mine.id);
    const unknown = await (await ctx.as(client)).get(`${CONTAINERS}?fields=container,password`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ fields: ["Unknown field “password”"] });
  });
});
