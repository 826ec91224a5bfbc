export type { EmployeeCreateBody, MeUpdateBody, UserPatchBody } from "@portal/domain";
export {
  employeeCreateBody,
  meUpdateBody,
  meUpdateResponse,
  userPatchBody,
  userSchema,
} from "@portal/domain";

export { idParams as userIdParams } from "../../http/params.ts";
