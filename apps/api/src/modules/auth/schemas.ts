import { USER_FIELD_LIMITS } from "@portal/domain";
import { z } from "zod";

const username = z.string().trim().min(1, { abort: true }).max(USER_FIELD_LIMITS.username);
const password = z.string().trim().min(1, { abort: true }).max(USER_FIELD_LIMITS.password);

export const tokenBody = z.object({ username, password });
export const refreshBody = z.object({ refresh: z.string().min(1).max(200) });
export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export const signupBody = z.object({
  username,
  password,
  repeatPassword: z.string().trim().max(USER_FIELD_LIMITS.password),
});
export type SignupBody = z.infer<typeof signupBody>;
