import type { UserFlags } from "../users/flags.ts";
import type { Policy } from "./reference.ts";

/**
 * Companies (spec 02 §2): everyone reads the companies of their scope (own and related; managers all),
 * managers create and change them, and the forwarder's own company is opened only by a head or an
 * administrator. Companies are never deleted.
 */
export const companyPolicy: Policy = {
  canRead: () => true,
  canWrite: (user) => user.is_manager,
  canOpen: (user: UserFlags, row) => !row.is_expedition_company || user.is_head || user.is_administrator,
};

/**
 * A company's managers: its users and related users read them (the Contacts popup), administrators assign and
 * remove them (spec 02 §6).
 */
export const companyManagerPolicy: Policy = {
  canRead: () => true,
  canWrite: (user) => user.is_administrator,
};

/** A company's related users: managers read, add and remove them (spec 02 §6). */
export const relatedUserPolicy: Policy = {
  canRead: (user) => user.is_manager,
  canWrite: (user) => user.is_manager,
};
