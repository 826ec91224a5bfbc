import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaResolver } from "./schema-resolver";

type Values = { name: string; address: { city: string } };
const schema = z.object({ name: z.string().trim().min(1), address: z.object({ city: z.string().max(2) }) });
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

describe("schemaResolver", () => {
  it("hands the form the schema's output when the values pass", async () => {
    const resolve = schemaResolver(schema);
    expect(await resolve({ name: " Ann ", address: { city: "Vl" } }, undefined, options)).toEqual({
      values: { name: "Ann", address: { city: "Vl" } },
      errors: {},
    });
  });

  it("puts each message under its field, nested as react-hook-form reads them", async () => {
    const resolve = schemaResolver(schema);
    const result = await resolve({ name: "", address: { city: "Vladivostok" } }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { type: "schema", message: '$m:{"key":"required"}' },
      address: { city: { type: "schema", message: '$m:{"key":"max_length","params":{"count":2}}' } },
    });
  });

  it("loads a schema given as a loader when it first checks, and checks by it", async () => {
    let loads = 0;
    const resolve = schemaResolver(async () => {
      loads += 1;
      return schema;
    });
    expect(loads).toBe(0);
    const result = await resolve({ name: "", address: { city: "Vl" } }, undefined, options);
    expect(loads).toBe(1);
    expect(result.errors).toMatchObject({ name: { message: '$m:{"key":"required"}' } });
  });
});
