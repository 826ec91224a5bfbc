import { userSchema } from "@portal/domain";
import { z } from "zod";
import { tokenPair } from "../auth/schemas.ts";

export type { MeUpdateBody, UserPatchBody } from "@portal/domain";
export { meUpdateBody, userPatchBody, userSchema } from "@portal/domain";

export const userIdParams = z.object({ id: z.coerce.number().int().positive() });

/** The user, with a new token pair when a password change revoked the caller's old tokens. */
export const meUpdateResponse = userSchema.extend({ tokens: tokenPair.optional() });
