import { readFileSync } from "node:fs";
import path from "node:path";
import { CONTAINER_EVENT_CODES } from "@portal/domain";
import { describe, expect, it } from "vitest";

const LOCALES = path.join(import.meta.dirname, "..", "..", "i18n", "locales");

describe.each(["ru", "en"])("the %s containers catalog", (language) => {
  const catalog = JSON.parse(readFileSync(path.join(LOCALES, language, "containers.json"), "utf8")) as {
    events: Record<string, string>;
  };

  it("names every tracking event code, and nothing else", () => {
    expect(Object.keys(catalog.events).sort()).toEqual([...CONTAINER_EVENT_CODES].sort());
  });
});
