import { z } from "zod";
import { companyFields } from "../companies/fields.ts";
import { sectionKeys } from "../fields/define.ts";
import { fieldsBody, typedRowSchema } from "../fields/schemas.ts";
import { lineText, passwordInput, rowId, rowVersion } from "../values/schemas.ts";
import { trimText } from "../values/values.ts";
import { USER_FIELD_LIMITS, userFields } from "./fields.ts";
import type { UserFlags } from "./flags.ts";
import { EMPLOYEE_ROLES, USER_STATES } from "./limits.ts";

const L = USER_FIELD_LIMITS;
/** A required text on one line: trimmed, not empty ("The field is required"), at most `max` characters. */
const requiredText = (max: number) => lineText().min(1, { abort: true }).max(max);
const password = passwordInput(L.password);
const passwordConfirm = passwordInput(L.password_confirm);
/** Roles of a forwarder's employee: at least one, each once. */
const employeeRoles = z
  .array(z.enum(EMPLOYEE_ROLES))
  .min(1, { abort: true })
  .max(EMPLOYEE_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, { message: "invalid_value" });

/** The user's company as their own answer shows it (the dashboard's notice and debtor warning). */
const companySummary = typedRowSchema(companyFields).pick({
  id: true,
  name: true,
  notification_msg: true,
  debtor: true,
  is_expedition_company: true,
});

/** The permission flags the server derives (flags.ts), each a boolean. */
const userFlags = z.object({
  is_manager: z.boolean(),
  is_head: z.boolean(),
  is_administrator: z.boolean(),
  is_staff: z.boolean(),
  can_access_to_monitoring: z.boolean(),
  can_manage_webhooks: z.boolean(),
  can_edit_refbook: z.boolean(),
  can_select_company: z.boolean(),
  can_set_is_paid: z.boolean(),
}) satisfies z.ZodType<UserFlags>;

/**
 * A user as `GET /profile/api/users/me/` and the users list answer it: the defined fields (fields.ts), the
 * company, the roles and the flags computed on the server. The API answers with it and the web app types the
 * current user and the users grid's rows from it.
 */
/**
 * The rights a manager gives a customer company's user, one by one (docs/decisions.md, "Who manages a company's
 * endpoints"): the monitoring, the company's webhook endpoints. Staff have both through their role.
 */
export const USER_GRANTS = ["grant_monitoring", "grant_webhooks"] as const;
export type UserGrant = (typeof USER_GRANTS)[number];
const userGrants = z.object(
  Object.fromEntries(USER_GRANTS.map((name) => [name, z.boolean()])) as {
    [name in UserGrant]: z.ZodBoolean;
  },
);

export const userSchema = typedRowSchema(userFields).extend({
  company: companySummary.nullable(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  ...userGrants.shape,
  ...userFlags.shape,
});
export type User = z.infer<typeof userSchema>;
export type UserCompany = z.infer<typeof companySummary>;

/** The person's fields (the profile and the employee form), in the definitions' order; the request's. */
export const PERSON_FIELDS = sectionKeys(userFields, "person");
export const REQUEST_FIELDS = sectionKeys(userFields, "request");
/** The own profile's: the person's but the username, which no one changes there. */
export const OWN_PROFILE_FIELDS = PERSON_FIELDS.filter(
  (name): name is Exclude<(typeof PERSON_FIELDS)[number], "username"> => name !== "username",
);

/** PUT profile/api/users/me/: the own profile. Unknown fields (flags, roles, company) are ignored. */
export const meUpdateBody = fieldsBody(userFields, OWN_PROFILE_FIELDS, "as-defined").extend({
  ...fieldsBody(userFields, REQUEST_FIELDS, "optional").shape,
  /** Required with a new password (the own change only; an administrator's reset asks for none). */
  current_password: passwordInput(L.password).optional(),
  password: password.optional(),
  password_confirm: passwordConfirm.optional(),
  /** "pending" sends the profile to confirmation. */
  status: z.enum(["pending"]).optional(),
  version: rowVersion().optional(),
});
export type MeUpdateBody = z.infer<typeof meUpdateBody>;

/**
 * POST profile/api/companies/{id}/users/: an employee added from the company form, approved and active at once.
 * Only the username and the password are required (spec 02 §5); `roles` and `change_company_warning` are for
 * the forwarder company, where the warning must be ticked.
 */
export const employeeCreateBody = fieldsBody(userFields, PERSON_FIELDS, "optional").extend({
  username: requiredText(L.username),
  password: password.pipe(z.string().min(1)),
  password_confirm: passwordConfirm,
  roles: employeeRoles.optional(),
  change_company_warning: z.boolean().optional(),
});
export type EmployeeCreateBody = z.infer<typeof employeeCreateBody>;

/**
 * PATCH profile/api/users/{id}/: a manager edits a user (approves, declines, moves, deactivates) or an employee
 * (username, a new password, the roles of a forwarder's employee). As on the employee form, only the username is
 * required (spec 02 §5); the own profile requires the others.
 */
export const userPatchBody = fieldsBody(userFields, PERSON_FIELDS, "optional").extend({
  username: requiredText(L.username).optional(),
  state: z.enum(USER_STATES).optional(),
  is_active: z.boolean().optional(),
  company_id: rowId().nullable().optional(),
  password: password.optional(),
  password_confirm: passwordConfirm.optional(),
  roles: employeeRoles.optional(),
  /** Confirms that moving the user into the forwarder company gives them manager powers. */
  change_company_warning: z.boolean().optional(),
  ...userGrants.partial().shape,
  version: rowVersion().optional(),
});
export type UserPatchBody = z.infer<typeof userPatchBody>;

/**
 * A form's schema with a rule across its fields that is checked at every try, beside the fields' own checks: zod
 * skips an object's refinements while any of its fields fails (`when` does not help where a field's check aborts,
 * as a required text's does), and a form showed its password mismatch only once the rest was fixed. The rule reads
 * the values as sent (unchecked, so as texts that may be absent) and adds its issues to the fields' own.
 */
function withFormRule<S extends z.ZodType>(
  schema: S,
  rule: (values: Record<string, unknown>, context: z.core.$RefinementCtx) => void,
) {
  const ruleOnly = z
    .unknown()
    .superRefine((values, context) => {
      if (typeof values === "object" && values !== null) rule(values as Record<string, unknown>, context);
    })
    // Passed, it adds nothing to the schema's values
    .transform(() => ({}));
  return z.intersection(schema, ruleOnly);
}

/** A text the form sent, as the schema reads it (trimmed), or "" when absent. */
const sentText = (value: unknown) => (typeof value === "string" ? trimText(value) : "");

/**
 * A form's body that asks for the password twice (the own profile, the employee form; spec 02 §5): a mismatch is
 * the field `password_confirm`'s, as the API answers it.
 */
export function withSamePasswords<S extends z.ZodType<{ password?: string; password_confirm?: string }>>(
  schema: S,
) {
  return withFormRule(schema, (values, context) => {
    if ((values.password ?? "") !== (values.password_confirm ?? ""))
      context.addIssue({ code: "custom", path: ["password_confirm"], message: "password_mismatch" });
  });
}

/**
 * The own profile's form asks for the current password with a new one (the API answers the same when it is
 * missing); an administrator's reset does not.
 */
export function withCurrentPassword<S extends z.ZodType<{ password?: string; current_password?: string }>>(
  schema: S,
) {
  return withFormRule(schema, (values, context) => {
    if (values.password && !values.current_password)
      context.addIssue({ code: "custom", path: ["current_password"], message: "required" });
  });
}

/** What a profile sent to confirmation must carry: a manager approves a company they can identify. */
export const REQUIRED_TO_SEND = ["request_inn", "request_name"] as const;

/**
 * The own profile's form sent to confirmation (`status: "pending"`) requires the company's INN and name, as the API
 * does (its answer is the same "The field is required" on each).
 */
export function withRequestToSend<
  S extends z.ZodType<{ status?: string; request_inn?: string; request_name?: string }>,
>(schema: S) {
  return withFormRule(schema, (values, context) => {
    if (values.status !== "pending") return;
    for (const field of REQUIRED_TO_SEND) {
      if (!sentText(values[field])) context.addIssue({ code: "custom", path: [field], message: "required" });
    }
  });
}
