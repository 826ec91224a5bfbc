import type { UserFlags } from "../users/flags.ts";
import type { Policy } from "./reference.ts";

/**
 * Users (spec 02 §2 "Profiles", §5): everyone reads and saves their own profile; managers list, read and change
 * the others, and only heads and administrators change the forwarder's own staff (as they alone open the
 * forwarder's company). Users are never deleted: a manager deactivates them.
 */
export const userPolicy: Policy & {
  /** Whether the user may change the forwarder's staff, or move a user into the forwarder. */
  canEditStaff(user: UserFlags): boolean;
} = {
  canRead: (user) => user.is_manager,
  canWrite: (user) => user.is_manager,
  canDelete: () => false,
  canEditStaff: (user) => user.is_head || user.is_administrator,
};

/**
 * The own profile (`/profile/api/users/me/`): every signed-in user reads and saves theirs, and only theirs (the
 * API's scope is the user's own row); nobody deletes it.
 */
export const ownProfilePolicy: Policy = {
  canRead: () => true,
  canWrite: () => true,
  canCreate: () => false,
  canDelete: () => false,
};
