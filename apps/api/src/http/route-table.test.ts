import swagger from "@fastify/swagger";
import { apiRoutes, fileAnswer } from "@portal/domain";
import Fastify from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestContext } from "../test/context.ts";

const ctx = await createTestContext();
afterAll(() => ctx.close());

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths?: Record<string, Record<string, Operation>> };

/** A path with its parameters unnamed and no trailing slash (`/a/{}/b`): the table and the API name them apart. */
const shape = (path: string) => path.replace(/\{[^}]+\}|:\w+/g, "{}").replace(/\/+$/, "");

/** The JSON schema of the first 2xx answer of each `METHOD shape` of an OpenAPI document (JSON, or an event's data). */
function answers(document: Document): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const success = Object.entries(operation.responses ?? {}).find(([code]) => code.startsWith("2"));
      // An event stream (the live stream) declares the data of its events as its answer
      const content = success?.[1].content;
      result.set(
        `${method.toUpperCase()} ${shape(path)}`,
        (content?.["application/json"] ?? content?.["text/event-stream"])?.schema,
      );
    }
  }
  return result;
}

/** The route table's schemas through the same OpenAPI pipeline as the API's routes. */
async function tableAnswers(): Promise<Map<string, unknown>> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: "table", version: "0" } },
    transform: jsonSchemaTransform,
  });
  for (const [key, schema] of Object.entries(apiRoutes)) {
    // No content (a deletion's 204) or a file: nothing of JSON to compare
    if (schema instanceof z.ZodUndefined || schema === fileAnswer) continue;
    const [method = "GET", url = "/"] = key.split(" ");
    app.route({ method, url, schema: { response: { 200: schema } }, handler: async () => ({}) });
  }
  await app.ready();
  const result = answers(app.swagger() as Document);
  await app.close();
  return result;
}

/** Each route of the table as `METHOD shape`, with its schema. */
const tableRoutes = new Map<string, z.ZodType>(
  Object.entries(apiRoutes).map(([key, schema]) => {
    const [method = "", url = ""] = key.split(" ");
    return [`${method} ${shape(url)}`, schema] as const;
  }),
);

describe("the route table of packages/domain (the web's types and checks of answers)", () => {
  it("names every route the API has, and only those", async () => {
    await ctx.app.ready();
    const api = answers(ctx.app.swagger() as Document);
    expect(
      [...tableRoutes.keys()].filter((key) => !api.has(key)),
      "in the table, not in the API",
    ).toEqual([]);
    expect(
      [...api.keys()].filter((key) => !tableRoutes.has(key)),
      "in the API, not in the table",
    ).toEqual([]);
  });

  it("says of each route what the API declares it answers: its JSON, no content, or a file", async () => {
    await ctx.app.ready();
    const api = answers(ctx.app.swagger() as Document);
    const table = await tableAnswers();
    for (const [key, schema] of tableRoutes) {
      const declared = api.get(key) as { anyOf?: unknown[] } | undefined;
      if (schema === fileAnswer || schema instanceof z.ZodUndefined) {
        // A download or a 204 declares no JSON answer
        expect(declared, key).toBeUndefined();
        continue;
      }
      expect(declared, key).toBeDefined();
      const expected = table.get(key) as { anyOf?: unknown } | undefined;
      // A list answers a page of the fields asked for, the groups, or a page of whole rows: the table holds the last
      const answer = declared?.anyOf && !expected?.anyOf ? declared.anyOf.at(-1) : declared;
      expect(answer, key).toEqual(expected);
    }
  });
});
