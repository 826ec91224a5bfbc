import { type MessageKey, parseId } from "@portal/domain";
import { z } from "zod";

/** A row id as text: plain decimal digits within the column's range; anything else fails with `message`. */
const idText = (message: MessageKey) =>
  z.string().transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

/** A row id in a path: anything but an id answers 404 (the error plugin maps path failures to 404). */
export const pathId = idText("not_found");

/** A row id in a query string: anything but an id answers 400 on the parameter. */
export const queryId = idText("invalid_value");

/** `…/{id}/` routes. */
export const idParams = z.object({ id: pathId });
