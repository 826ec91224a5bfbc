import { describe, expect, it } from "vitest";
import { readFieldMessage } from "../../components/form/field-message";
import { checkBySchema } from "../../components/form/schema-check";
import { profileFormSchema } from "./profile-schema";

const filled = {
  first_name: "Мария",
  last_name: "Петрова",
  phone: "+7 914 000-00-00",
  email: "m.petrova@example.com",
  password: "",
  password_confirm: "",
  request_inn: "",
  request_name: "",
  request_contract_nums: "",
};

/** The fields' messages as the shared catalogs' keys (what the API answers for the same rules). */
async function messages(values: object) {
  const checked = await checkBySchema(profileFormSchema, values);
  if (!("errors" in checked)) return {};
  return Object.fromEntries(
    Object.entries(checked.errors).map(([field, message]) => [field, readFieldMessage(message)]),
  );
}

describe("the profile form's check is the API's body (PUT profile/api/users/me/)", () => {
  it("passes a filled profile with no new password, trimmed", async () => {
    const checked = await checkBySchema(profileFormSchema, { ...filled, first_name: " Мария\u200b" });
    expect(checked).toMatchObject({ values: { first_name: "Мария", last_name: "Петрова" } });
  });

  it("requires the names, the phone and the e-mail, blank or invisible characters alone included", async () => {
    expect(await messages({ ...filled, first_name: " ", last_name: "\u200b", phone: "", email: "" })).toEqual(
      {
        first_name: { shared: { key: "required" } },
        last_name: { shared: { key: "required" } },
        phone: { shared: { key: "required" } },
        email: { shared: { key: "required" } },
      },
    );
  });

  it("words an invalid e-mail, a too long phone and a password mismatch as the API does", async () => {
    expect(
      await messages({
        ...filled,
        email: "not-an-address",
        phone: "1".repeat(101),
        password: "Long-enough-2026",
        password_confirm: "Other-2026",
      }),
    ).toEqual({
      email: { shared: { key: "invalid_email" } },
      phone: { shared: { key: "max_length", params: { count: 100 } } },
      password_confirm: { shared: { key: "password_mismatch" } },
    });
  });
});
