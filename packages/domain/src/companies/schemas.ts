import { z } from "zod";

const person = { first_name: z.string(), last_name: z.string(), phone: z.string(), email: z.string() };

/** A company's manager as the Contacts popup and the company form read it: the person flat and nested. */
export const companyManagerSchema = z.object({
  id: z.number(),
  manager_id: z.number(),
  manager: z.object(person),
  ...person,
});
export type CompanyManager = z.infer<typeof companyManagerSchema>;
