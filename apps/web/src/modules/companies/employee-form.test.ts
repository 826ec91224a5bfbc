import type { User } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { employeeBody, employeeFormValues } from "./employee-form";

const employee = {
  id: 7,
  username: "ivanov",
  first_name: "Пётр",
  last_name: "Иванов",
  email: "p@example.ru",
  phone: "+7 900",
  is_active: true,
  version: 3,
  roles: [
    { id: 3, name: "Manager" },
    { id: 1, name: "Head" },
  ],
} as unknown as User;

describe("employeeFormValues", () => {
  it("offers a customer's employee no roles and no warning", () => {
    const values = employeeFormValues(null, false);
    expect(values).not.toHaveProperty("roles");
    expect(values).not.toHaveProperty("change_company_warning");
    expect(values).not.toHaveProperty("is_active");
  });

  it("asks for the warning only when adding to the forwarder's own company", () => {
    expect(employeeFormValues(null, true)).toMatchObject({ roles: [], change_company_warning: false });
    expect(employeeFormValues(employee, true)).not.toHaveProperty("change_company_warning");
  });

  it("lists an employee's roles in the form's order, and whether they are active", () => {
    expect(employeeFormValues(employee, true)).toMatchObject({ roles: ["Head", "Manager"], is_active: true });
  });
});

describe("employeeBody", () => {
  const values = { ...employeeFormValues(employee, false), password: "", password_confirm: "" };

  it("keeps the current password when a change leaves it empty, and names the version", () => {
    expect(employeeBody(values, employee)).toEqual({
      username: "ivanov",
      first_name: "Пётр",
      last_name: "Иванов",
      email: "p@example.ru",
      phone: "+7 900",
      is_active: true,
      version: 3,
    });
  });

  it("sends a new password with its confirmation", () => {
    const body = employeeBody({ ...values, password: "Abc12345", password_confirm: "Abc12345" }, employee);
    expect(body).toMatchObject({ password: "Abc12345", password_confirm: "Abc12345" });
  });

  it("sends the password, the roles and the warning of a new forwarder employee", () => {
    const added = {
      ...employeeFormValues(null, true),
      username: "new",
      password: "x",
      password_confirm: "x",
    };
    expect(employeeBody({ ...added, roles: ["Manager"], change_company_warning: true }, null)).toEqual({
      username: "new",
      first_name: "",
      last_name: "",
      email: "",
      phone: "",
      password: "x",
      password_confirm: "x",
      roles: ["Manager"],
      change_company_warning: true,
    });
  });
});
