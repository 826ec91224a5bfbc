import { z } from "zod";

const username = z.string().trim().min(1, { abort: true }).max(150);
const password = z.string().trim().min(1, { abort: true }).max(128);

export const tokenBody = z.object({ username, password });
export const refreshBody = z.object({ refresh: z.string().min(1).max(200) });
export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export const signupBody = z.object({ username, password, repeatPassword: z.string().trim().max(128) });
export type SignupBody = z.infer<typeof signupBody>;
