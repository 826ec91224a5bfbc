import Fastify from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { listRoute } from "./list-route.ts";
import { zodValidatorCompiler } from "./validation.ts";

const item = z.object({ id: z.number(), version: z.number(), name: z.string(), weight: z.number() });
let answer: unknown;
const app = Fastify();
app.setValidatorCompiler(zodValidatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.decorateRequest("requireUser", async () => ({}) as never);
listRoute(app, { url: "/rows/", tags: [], summary: "rows", item, list: async () => answer as never });
afterAll(() => app.close());

async function answered(page: unknown) {
  answer = page;
  const reply = await app.inject({ method: "GET", url: "/rows/" });
  return { status: reply.statusCode, body: reply.json() };
}

describe("a list's answer, checked against the page of some fields, the groups or the page of whole rows", () => {
  it("gives out whole rows whole, without a key the row does not declare", async () => {
    const row = { id: 1, version: 2, name: "Ящик", weight: 10.5 };
    expect(await answered({ results: [{ ...row, password: "x" }], count: 1 })).toEqual({
      status: 200,
      body: { results: [row], count: 1 },
    });
  });

  it("gives out the fields asked for, and the groups, as they are", async () => {
    const some = { results: [{ id: 1, version: 2, name: "Ящик" }], count: 1, count_estimated: true };
    expect(await answered(some)).toEqual({ status: 200, body: some });
    const groups = { groups: [{ key: "Ящик", count: 3 }], count: 3 };
    expect(await answered(groups)).toEqual({ status: 200, body: groups });
  });

  it("refuses to give out a row whose value is not of its field's type", async () => {
    const heavy = { results: [{ id: 1, version: 2, weight: "heavy" }], count: 1 };
    expect((await answered(heavy)).status).toBe(500);
  });
});
