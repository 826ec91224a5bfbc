import { describe, expect, it } from "vitest";
import { describedIn } from "./names.ts";

describe("describedIn", () => {
  const type = { description: "Универсальный контейнер", description_en: "GENERAL PURPOSE CONT." };

  it("names a row in Russian in Russian and in English in English", () => {
    expect(describedIn(type, "ru")).toBe("Универсальный контейнер");
    expect(describedIn(type, "en")).toBe("GENERAL PURPOSE CONT.");
  });

  it("falls back to the Russian name where the book has no English one", () => {
    expect(describedIn({ ...type, description_en: "" }, "en")).toBe("Универсальный контейнер");
  });
});
