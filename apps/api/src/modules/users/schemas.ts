import { z } from "zod";
import { USER_STATES } from "../../db/schema/index.ts";
import { tokenPair } from "../auth/schemas.ts";

/** A required text: trimmed, not empty ("The field is required"), at most `max` characters. */
const requiredText = (max: number) => z.string().trim().min(1, { abort: true }).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const email = z.string().trim().min(1, { abort: true }).max(254).pipe(z.email());

export const userSchema = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  state: z.enum(USER_STATES),
  is_active: z.boolean(),
  company_id: z.number().nullable(),
  company: z
    .object({
      id: z.number(),
      name: z.string(),
      notification_msg: z.string(),
      debtor: z.boolean(),
      is_expedition_company: z.boolean(),
    })
    .nullable(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  request_inn: z.string(),
  request_name: z.string(),
  request_contract_nums: z.string(),
  is_manager: z.boolean(),
  is_head: z.boolean(),
  is_administrator: z.boolean(),
  is_staff: z.boolean(),
  can_access_to_monitoring: z.boolean(),
  can_edit_refbook: z.boolean(),
  can_select_company: z.boolean(),
  can_set_is_paid: z.boolean(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  version: z.number(),
});

/** PUT profile/api/users/me/: the own profile. Unknown fields (flags, roles, company) are ignored. */
export const meUpdateBody = z.object({
  first_name: requiredText(150),
  last_name: requiredText(150),
  phone: requiredText(100),
  email,
  password: z.string().max(128).optional(),
  password_confirm: z.string().max(128).optional(),
  /** "pending" sends the profile to confirmation. */
  status: z.enum(["pending"]).optional(),
  request_inn: optionalText(12),
  request_name: optionalText(255),
  request_contract_nums: optionalText(1000),
  version: z.number().int().optional(),
});
export type MeUpdateBody = z.infer<typeof meUpdateBody>;

/** PATCH profile/api/users/{id}/: a manager edits a user (approves, declines, moves, deactivates). */
export const userPatchBody = z.object({
  first_name: requiredText(150).optional(),
  last_name: requiredText(150).optional(),
  phone: requiredText(100).optional(),
  email: email.optional(),
  state: z.enum(USER_STATES).optional(),
  is_active: z.boolean().optional(),
  company_id: z.number().int().positive().nullable().optional(),
  /** Confirms that moving the user into the forwarder company gives them manager powers. */
  change_company_warning: z.boolean().optional(),
  version: z.number().int().optional(),
});
export type UserPatchBody = z.infer<typeof userPatchBody>;

export const userIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The user, with a new token pair when a password change revoked the caller's old tokens. */
export const meUpdateResponse = userSchema.extend({ tokens: tokenPair.optional() });
