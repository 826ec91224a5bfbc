import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../app/current-user";
import { readFieldMessage } from "../../components/form/field-message";
import { checkBySchema } from "../../components/form/schema-check";
import { profileFormSchema, profileUpdateBody } from "./profile-schema";

const filled = {
  first_name: "Мария",
  last_name: "Петрова",
  phone: "+7 914 000-00-00",
  email: "m.petrova@example.com",
  current_password: "",
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
        current_password: "Old-one-2025",
        password: "Long-enough-2026",
        password_confirm: "Other-2026",
      }),
    ).toEqual({
      email: { shared: { key: "invalid_email" } },
      phone: { shared: { key: "max_length", params: { count: 100 } } },
      password_confirm: { shared: { key: "password_mismatch" } },
    });
  });

  it("tells every error at once: a password mismatch beside the missing names, not after they are filled", async () => {
    const values = {
      ...filled,
      first_name: "",
      email: "not-an-address",
      current_password: "Old-one-2025",
      password: "Long-enough-2026",
      password_confirm: "Other-2026",
    };
    expect(await messages(values)).toEqual({
      first_name: { shared: { key: "required" } },
      email: { shared: { key: "invalid_email" } },
      password_confirm: { shared: { key: "password_mismatch" } },
    });
    const noCurrent = { ...values, current_password: "", password_confirm: values.password };
    expect(await messages(noCurrent)).toMatchObject({ current_password: { shared: { key: "required" } } });
  });

  it("requires the company's INN and name when sent to confirmation, with the person's missing fields at once", async () => {
    const sent = { ...filled, phone: "", status: "pending" };
    expect(await messages(sent)).toEqual({
      phone: { shared: { key: "required" } },
      request_inn: { shared: { key: "required" } },
      request_name: { shared: { key: "required" } },
    });
    // Saved without sending, the request may wait
    expect(await messages({ ...filled, phone: "", status: undefined })).toEqual({
      phone: { shared: { key: "required" } },
    });
    const request = { request_inn: "7707083893", request_name: "ООО «Ромашка»" };
    expect(await messages({ ...filled, ...request, status: "pending" })).toEqual({});
  });

  it("asks for the current password with a new one, as the API does, and sends it", async () => {
    const change = { ...filled, password: "Long-enough-2026", password_confirm: "Long-enough-2026" };
    expect(await messages(change)).toEqual({ current_password: { shared: { key: "required" } } });
    const checked = await checkBySchema(profileFormSchema, { ...change, current_password: "Old-one-2025" });
    expect(checked).toMatchObject({ values: { current_password: "Old-one-2025" } });
    if (!("values" in checked)) throw new Error("the change did not pass");
    const user = { state: "approved", version: 3 } as CurrentUser;
    expect(profileUpdateBody(checked.values, user, false)).toMatchObject({
      current_password: "Old-one-2025",
      password: "Long-enough-2026",
      password_confirm: "Long-enough-2026",
    });
    // No new password: nothing about passwords is sent
    const kept = await checkBySchema(profileFormSchema, { ...filled, current_password: "typed anyway" });
    if (!("values" in kept)) throw new Error("the profile did not pass");
    expect(Object.keys(profileUpdateBody(kept.values, user, false))).not.toContain("current_password");
  });
});
