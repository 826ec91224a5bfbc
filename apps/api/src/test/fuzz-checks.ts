// What every answer of the route fuzz suite must respect.

/** Text that only an internal failure puts into an answer: SQL, driver messages, stack frames, framework codes. */
export const LEAKS: RegExp[] = [
  /\bselect\b[\s\S]*\bfrom\b/i,
  /\binsert into\b/i,
  /syntax error/i,
  /\bviolates\b/i,
  /duplicate key/i,
  /relation "/i,
  /\bat Object\./,
  /\n\s+at /,
  /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/,
  /node_modules/,
  /\/src\//,
  /\.[cm]?[jt]s:\d+/,
  /\b\w*Error: /,
  /drizzle/i,
  /pglite/i,
  /\bFST_/,
  /\bERR_/,
  /"statusCode"/,
];

/**
 * The contract's error bodies: `{detail: string}` (plus `current` on 409, and on a 403 for want of a second factor the
 * web's marker `@security`, docs/security.md) or `{field: [message, …]}`.
 */
export function contractProblem(body: unknown, status: number): string | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "the error is not an object";
  const entries = Object.entries(body);
  if (entries.length === 0) return "the error is an empty object";
  for (const [key, value] of entries) {
    if (key === "@validation") {
      if (value !== "fields_not_provided") return `"@validation" is ${JSON.stringify(value)}`;
    } else if (key === "@security" && status === 403) {
      if (value !== "second_factor_enrolment_required") return `"@security" is ${JSON.stringify(value)}`;
    } else if (key === "current" && status === 409) {
      // The record as it is now.
    } else if (key === "detail" && typeof value === "string") {
      if (value.trim() === "") return "detail is empty";
    } else if (
      !Array.isArray(value) ||
      value.length === 0 ||
      !value.every((m) => typeof m === "string" && m.trim() !== "")
    ) {
      return `"${key}" is not a list of messages`;
    }
  }
  if (
    [401, 403, 404, 409, 413, 414, 415, 429, 431].includes(status) &&
    typeof (body as { detail?: unknown }).detail !== "string"
  ) {
    return `a ${status} without a detail string`;
  }
  return null;
}

export function clip(text: string | undefined, length = 400): string {
  if (text === undefined) return "(none)";
  return text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
}
