import { readFileSync } from "node:fs";
import path from "node:path";
import { CONTAINER_EVENT_CODES, TRACK_DATE_EVENTS } from "@portal/domain";
import { describe, expect, it } from "vitest";

const LOCALES = path.join(import.meta.dirname, "..", "..", "i18n", "locales");

describe.each(["ru", "en"])("the %s containers catalog", (language) => {
  const catalog = JSON.parse(readFileSync(path.join(LOCALES, language, "containers.json"), "utf8")) as {
    events: Record<string, string>;
  };

  // The events that record a container's field (its order's status, a track date) are named by the field's label
  it("names every customs event code, and nothing else", () => {
    const ofFields = new Set<string>([
      "order_status",
      ...Object.values(TRACK_DATE_EVENTS).map((event) => event.code),
    ]);
    const customs = CONTAINER_EVENT_CODES.filter((code) => !ofFields.has(code));
    expect(Object.keys(catalog.events).sort()).toEqual([...customs].sort());
  });
});
