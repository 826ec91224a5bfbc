import {
  companyFields,
  companyManagerFields,
  createSchema,
  employeeCreateBody,
  patchSchema,
  relatedUserFields,
  userPatchBody,
  withSamePasswords,
} from "@portal/domain";

// The company form's and the employee form's checks: the API's own bodies (packages/domain), loaded with zod when
// a form is first sent (the form kit's schema loader), not with the page.

export const companyCreateForm = createSchema(companyFields);
export const companyPatchForm = patchSchema(companyFields);

/** Adding an employee: the username and a password are required. */
export const employeeCreateForm = withSamePasswords(employeeCreateBody);

/** Changing an employee: what the form shows of the user's PATCH; an empty password keeps the current one. */
export const employeePatchForm = withSamePasswords(
  userPatchBody.pick({
    username: true,
    first_name: true,
    last_name: true,
    email: true,
    phone: true,
    password: true,
    password_confirm: true,
    roles: true,
    is_active: true,
    grant_monitoring: true,
    grant_webhooks: true,
  }),
);

/** Adding a company's manager or related user: the user's id. */
export const companyManagerCreateBody = createSchema(companyManagerFields);
export const relatedUserCreateBody = createSchema(relatedUserFields);
