import { describe, expect, it } from "vitest";
import { testJobType } from "../test/jobs.ts";
import { jobIdOf } from "./job-type.ts";

describe("jobIdOf", () => {
  it("gives one UUID per type and key, the same every time it is asked", () => {
    const customs = { name: "customs.send-package" };
    const id = jobIdOf(customs, "17:3");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobIdOf(customs, "17:3")).toBe(id);
    expect(jobIdOf(customs, "17:4")).not.toBe(id);
    expect(jobIdOf({ name: "export.documents" }, "17:3")).not.toBe(id);
  });

  it("keeps the type and the key apart: no two pairs give one text", () => {
    expect(jobIdOf({ name: "a" }, "b\nc")).not.toBe(jobIdOf({ name: "a\nb" }, "c"));
  });
});

describe("defineJobType", () => {
  it("refuses a name a queue cannot have", () => {
    expect(() => testJobType("customs send", async () => {})).toThrow('job type name "customs send"');
    expect(() => testJobType("", async () => {})).toThrow("is not allowed");
  });
});
