import { tokenPair, userSchema } from "@portal/domain";

export type { EmployeeCreateBody, MeUpdateBody, UserPatchBody } from "@portal/domain";
export { employeeCreateBody, meUpdateBody, userPatchBody, userSchema } from "@portal/domain";

export { idParams as userIdParams } from "../../http/params.ts";

/** The user, with a new token pair when a password change revoked the caller's old tokens. */
export const meUpdateResponse = userSchema.extend({ tokens: tokenPair.optional() });
