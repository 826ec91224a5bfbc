import { checkFieldValue, type FieldDef } from "@portal/domain";
import { translateMessage } from "../../app/field-messages";
import { registerMessageCatalogs } from "../../app/message-catalogs";

/** What the API would say of one value of a field, in the interface language; undefined when it takes it. */
export function fieldProblem(field: FieldDef, value: unknown): string | undefined {
  registerMessageCatalogs();
  const problem = checkFieldValue(field, value);
  return problem ? translateMessage(problem) : undefined;
}
