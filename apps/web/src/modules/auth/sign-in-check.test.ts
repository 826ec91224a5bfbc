import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { checkSignIn } from "./sign-in-check";

beforeAll(async () => {
  await i18next.init({ lng: "en", resources: {} });
});

describe("checkSignIn", () => {
  it("sends the credentials trimmed, as the API's body reads them", async () => {
    expect(await checkSignIn({ username: "  manager ", password: " Freight-2026 " })).toEqual({
      values: { username: "manager", password: "Freight-2026" },
    });
  });

  it("words a missing field as the API does, in the interface language", async () => {
    expect(await checkSignIn({ username: "   ", password: "x" })).toEqual({
      errors: { username: "The field is required" },
    });
    await i18next.changeLanguage("ru");
    expect(await checkSignIn({ username: "manager", password: "" })).toEqual({
      errors: { password: "Обязательное поле" },
    });
  });
});
