import { createSchema, freightOrderFields, patchSchema, rowId } from "@portal/domain";

// The order form's checks: the API's own bodies (packages/domain), loaded with zod when the form is first sent.
// What they answer is the body sent: fields the API does not take are dropped.

/** Creating: no company chosen is the user's own (the API takes a body without one). */
export const orderCreateForm = createSchema(freightOrderFields).extend({
  company: rowId()
    .nullish()
    .transform((company) => company ?? undefined),
});

/** Changing: every writable field, the workflow's status, comment and signed document, and the version. */
export const orderPatchForm = patchSchema(freightOrderFields);
