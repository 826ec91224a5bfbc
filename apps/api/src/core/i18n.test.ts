import { describe, expect, it } from "vitest";
import { resolveLanguage, translator } from "./i18n.ts";

describe("resolveLanguage", () => {
  it.each([
    [undefined, "ru"],
    ["", "ru"],
    ["en", "en"],
    ["en-US,en;q=0.9", "en"],
    ["de-DE,en;q=0.5,ru;q=0.8", "ru"],
    ["fr, de", "ru"],
    ["ru;q=0, en;q=0.1", "en"],
    ["RU", "ru"],
  ])("%j → %s", (header, expected) => {
    expect(resolveLanguage(header)).toBe(expected);
  });
});

describe("translator", () => {
  it("picks Russian plural forms by count", () => {
    const t = translator("ru");
    expect(t({ key: "max_length", params: { count: 1 } })).toContain("1 символа");
    expect(t({ key: "max_length", params: { count: 21 } })).toContain("21 символа");
    expect(t({ key: "max_length", params: { count: 45 } })).toContain("45 символов");
    expect(t({ key: "too_many_attempts", params: { count: 3 } })).toContain("3 минуты");
    expect(t({ key: "too_many_attempts", params: { count: 15 } })).toContain("15 минут");
  });

  it("names a field inside a sentence by its label in the catalog of field labels", () => {
    const field = { label: { resource: "user", field: "last_name" } } as const;
    expect(translator("en")({ key: "password_too_similar", params: { field } })).toBe(
      "The password is too similar to the “Last name” field.",
    );
    expect(translator("ru")({ key: "password_too_similar", params: { field } })).toBe(
      "Пароль слишком похож на значение поля «Фамилия».",
    );
  });

  it("has every English key in Russian, plural forms included", async () => {
    const { messageCatalogs } = await import("@portal/domain");
    for (const key of Object.keys(messageCatalogs.en)) {
      const base = key.replace(/_(one|other)$/, "");
      const ruKeys = base === key ? [key] : [`${base}_one`, `${base}_few`, `${base}_many`];
      for (const ruKey of ruKeys) expect(messageCatalogs.ru[ruKey], ruKey).toBeTruthy();
    }
  });
});
