/** Shapes of `/profile/api/users/` as the all-users grid uses them: the API's own schemas (packages/domain). */
import type { companyFields, RowOf, User, UserPatchBody } from "@portal/domain";

export { USER_STATES, type UserState } from "@portal/domain";

/** A row of `GET /profile/api/users/`. */
export type UserRow = User;

/** Body of `PATCH /profile/api/users/{id}/`; `version` guards against overwriting someone else's change. */
export type UserPatch = UserPatchBody;

/** A choice of the company editor: the fields it uses of a row of `GET /profile/api/companies/`. */
export type CompanyOption = Pick<RowOf<typeof companyFields>, "id" | "name" | "is_expedition_company">;
