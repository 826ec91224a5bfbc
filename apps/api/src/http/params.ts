import { parseId } from "@portal/domain";
import { z } from "zod";

/** A row id in a path: plain decimal digits within the column's range; anything else answers 404. */
export const pathId = z.string().transform((value, ctx) => {
  const id = parseId(value);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: "not_found" });
    return z.NEVER;
  }
  return id;
});

/** `…/{id}/` routes. */
export const idParams = z.object({ id: pathId });
