import { z } from "zod";
import { rowId } from "../values/schemas.ts";

const person = { first_name: z.string(), last_name: z.string(), phone: z.string(), email: z.string() };

/** A company's manager as the Contacts popup and the company form read it: the person flat and nested. */
export const companyManagerSchema = z.object({
  id: z.number(),
  manager_id: z.number(),
  manager: z.object(person),
  ...person,
});
export type CompanyManager = z.infer<typeof companyManagerSchema>;

const relatedPerson = { ...person, username: z.string(), company_name: z.string() };

/** A related user of a company as the company form reads it: the person flat and nested. */
export const relatedUserSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user: z.object(relatedPerson),
  ...relatedPerson,
});
export type RelatedUser = z.infer<typeof relatedUserSchema>;

/** POST profile/api/companies/{id}/managers/: a staff member becomes the company's manager. */
export const companyManagerCreateBody = z.object({ manager_id: rowId() });
/** POST profile/api/companies/{id}/related_users/: a user of another company gets this company's data. */
export const relatedUserCreateBody = z.object({ user_id: rowId() });
