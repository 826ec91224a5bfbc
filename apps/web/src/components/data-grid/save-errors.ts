/** What a failed inline save means for the grid: messages on cells, a conflict, or a general error. Pure. */

/**
 * Thrown by an `onSave` handler to refuse a change before it reaches the server; shown like a 400 answer.
 * `fields` maps field names to messages, as the API's 400 body does.
 */
export class GridValidationError extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super("Validation failed");
    this.name = "GridValidationError";
  }
}

export interface SaveFailure {
  kind: "validation" | "conflict" | "error";
  /** First message per field shown on a cell (keys: the cells' edit fields). */
  fieldErrors: Record<string, string>;
  /** Messages with no cell to show them on. */
  messages: string[];
}

/**
 * Sorts a save error into cell messages and general ones. `cellFields` maps every error field that a cell
 * shows to that cell's edit field (a cell may show several, e.g. `company_id` and `change_company_warning`).
 * The error is an `ApiError` (`{status, body}`), a {@link GridValidationError}, or anything else.
 */
export function readSaveError(error: unknown, cellFields: ReadonlyMap<string, string>): SaveFailure {
  const failure: SaveFailure = { kind: "error", fieldErrors: {}, messages: [] };
  if (error instanceof GridValidationError) {
    failure.kind = "validation";
    sortFieldMessages(error.fields, cellFields, failure);
    return failure;
  }
  const status = readNumber(error, "status");
  const body = (error as { body?: unknown } | null)?.body;
  if (status === 409) {
    failure.kind = "conflict";
    return failure;
  }
  if (status === 400 && isRecord(body)) {
    failure.kind = "validation";
    sortFieldMessages(body, cellFields, failure);
    if (failure.messages.length === 0 && Object.keys(failure.fieldErrors).length === 0) {
      failure.messages.push(...messagesOf(body.detail));
    }
    return failure;
  }
  const detail = isRecord(body) ? messagesOf(body.detail) : [];
  if (detail.length) failure.messages.push(...detail);
  else if (error instanceof Error && error.message) failure.messages.push(error.message);
  return failure;
}

function sortFieldMessages(
  body: Record<string, unknown>,
  cellFields: ReadonlyMap<string, string>,
  into: SaveFailure,
) {
  for (const [field, value] of Object.entries(body)) {
    // "@validation" is a marker (fields_not_provided), not a field; its messages arrive on the fields
    if (field.startsWith("@")) continue;
    const messages = messagesOf(value);
    if (messages.length === 0) continue;
    const cell = cellFields.get(field);
    if (cell !== undefined) into.fieldErrors[cell] ??= messages.join(" ");
    else
      into.messages.push(
        field === "detail" || field === "non_field_errors"
          ? messages.join(" ")
          : `${field}: ${messages.join(" ")}`,
      );
  }
}

function messagesOf(value: unknown): string[] {
  if (typeof value === "string") return value ? [value] : [];
  if (Array.isArray(value))
    return value.filter((item): item is string => typeof item === "string" && item !== "");
  return [];
}

function readNumber(value: unknown, key: string): number | undefined {
  const found = isRecord(value) ? value[key] : undefined;
  return typeof found === "number" ? found : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
