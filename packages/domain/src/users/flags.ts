import { STAFF_ROLES } from "./limits.ts";

/** Role names as stored and shown. */
export const ROLE_NAMES = ["RegisteredCustomer", "Customer", "Head", "Manager", "RWManager"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface UserGrants {
  is_administrator: boolean;
  is_staff: boolean;
  grant_monitoring: boolean;
  grant_refbook: boolean;
  grant_select_company: boolean;
  grant_set_is_paid: boolean;
  grant_webhooks: boolean;
}

export interface UserFlags {
  is_manager: boolean;
  is_head: boolean;
  is_administrator: boolean;
  is_staff: boolean;
  can_access_to_monitoring: boolean;
  can_edit_refbook: boolean;
  can_select_company: boolean;
  can_set_is_paid: boolean;
  can_manage_webhooks: boolean;
}

/**
 * The permission flags the API returns and enforces, derived from roles and per-user grants
 * (docs/decisions.md, "Roles and flags").
 */
export function deriveFlags(
  roleNames: readonly string[],
  grants: UserGrants,
  hasRelatedCompanies: boolean,
): UserFlags {
  const isManager = roleNames.some((name) => (STAFF_ROLES as readonly string[]).includes(name));
  const isHead = roleNames.includes("Head");
  return {
    is_manager: isManager,
    is_head: isHead,
    is_administrator: grants.is_administrator,
    is_staff: grants.is_staff,
    can_access_to_monitoring: isManager || grants.grant_monitoring,
    can_edit_refbook: isHead || grants.is_administrator || grants.grant_refbook,
    can_select_company: isManager || hasRelatedCompanies || grants.grant_select_company,
    can_set_is_paid: isHead || grants.is_administrator || grants.grant_set_is_paid,
    can_manage_webhooks: isManager || grants.grant_webhooks,
  };
}
