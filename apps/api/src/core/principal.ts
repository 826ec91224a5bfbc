import type { UserFlags, UserState } from "@portal/domain";

/**
 * The signed-in user as use cases see it: identity, tenancy and the derived permission flags. Never the
 * password hash or anything else a use case does not decide on; a use case that needs the full user loads it.
 */
export interface Principal extends UserFlags {
  id: number;
  username: string;
  state: UserState;
  company_id: number | null;
  /** Companies the user is a related user of. */
  related_company_ids: number[];
  /** The companies whose data the user works with: their own and the related ones. */
  company_ids: number[];
  /** The session the request's access token names (a signed-in request's). */
  session_id?: number;
  /**
   * The user must enrol a second factor before anything else opens (`mustEnrolSecondFactor`): only the routes of
   * enrolment and sign-out answer them (http/access.ts).
   */
  must_enrol_second_factor?: boolean;
}

/**
 * A plain user of one company, with no grant and no staff power (`id` and `username` name who acts): what the
 * company's every user may read. Jobs read as it (an export's archive, a webhook's payload), so that what they
 * write holds nothing of another company's whatever the queries say.
 */
export function companyReader(companyId: number, id: number, username: string): Principal {
  return {
    id,
    username,
    state: "approved",
    company_id: companyId,
    related_company_ids: [],
    company_ids: [companyId],
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
}
