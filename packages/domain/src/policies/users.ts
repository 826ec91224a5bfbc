import type { UserFlags } from "../users/flags.ts";
import type { Policy, PolicyWithRules } from "./reference.ts";

/** A user as the users' row rules see them: whether their company is the forwarder. */
type UserSubject = { company?: { is_expedition_company: boolean } | null };

/** Whether the user may change the forwarder's staff, or move a user into the forwarder. */
function canEditStaff(user: UserFlags): boolean {
  return user.is_head || user.is_administrator;
}

/**
 * Users (spec 02 §2 "Profiles", §5): everyone reads and saves their own profile; managers list, read and change
 * the others, and only heads and administrators change the forwarder's own staff (as they alone open the
 * forwarder's company). Users are never deleted: a manager deactivates them.
 */
export const userPolicy = {
  canRead: (user: UserFlags) => user.is_manager,
  canWrite: (user: UserFlags) => user.is_manager,
  canDelete: () => false,
  canEditStaff,
  /** The forwarder's staff are changed only by those who edit staff; a customer's user by every manager. */
  canChangeRow: (user: UserFlags, row: UserSubject): boolean =>
    canEditStaff(user) || !row.company?.is_expedition_company,
} satisfies PolicyWithRules<UserSubject>;

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
