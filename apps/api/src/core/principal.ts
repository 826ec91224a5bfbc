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
