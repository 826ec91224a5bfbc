import type { StatusFlags } from "../orders/fields.ts";
import type { UserFlags } from "../users/flags.ts";

/** For the policies' tests: a signed-in user without any flag (a client), the others built from it. */
export const NO_FLAGS: UserFlags = {
  is_manager: false,
  is_head: false,
  is_administrator: false,
  is_staff: false,
  can_access_to_monitoring: false,
  can_edit_refbook: false,
  can_select_company: false,
  can_set_is_paid: false,
  can_manage_webhooks: false,
};

/** For the policies' tests: an order status without any flag (a client may do nothing in it); others build on it. */
export const NO_STATUS_FLAGS: StatusFlags = {
  comment_required: false,
  attachment_required: false,
  user_can_edit: false,
  user_can_edit_containers: false,
  user_can_print: false,
  manager_can_approve_cost: false,
};
