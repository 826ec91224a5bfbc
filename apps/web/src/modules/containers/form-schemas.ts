import { containerFields, createSchema, patchSchema } from "@portal/domain";

// The container form's checks: the API's own bodies (packages/domain), loaded with zod when the form is first sent.
// What they answer is the body sent: the fields the server writes (the package's, the tracking statuses) and, on a
// change, the order (given once, when the container is created) are dropped.

export const containerCreateForm = createSchema(containerFields);
export const containerPatchForm = patchSchema(containerFields);
