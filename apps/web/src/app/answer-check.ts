import { apiRoutes, fieldsPageSchema, groupListSchema, listItemSchema, routeOf } from "@portal/domain";

/** An answer of the API that its route's schema (`packages/domain`'s route table) does not accept. */
export class AnswerDriftError extends Error {
  readonly route: string;
  readonly issues: readonly { path: PropertyKey[]; message: string }[];

  constructor(route: string, issues: readonly { path: PropertyKey[]; message: string }[]) {
    const where = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join(".") || "(answer)"}: ${issue.message}`)
      .join("; ");
    super(`The answer of ${route} does not match its schema: ${where}`);
    this.name = "AnswerDriftError";
    this.route = route;
    this.issues = issues;
  }
}

/**
 * Checks an answer against the schema of the route the call took (development and tests only: loaded lazily by
 * `apiRequest`). Calls of routes the table does not know are not checked; a list asked to group (`group=`)
 * answers its groups instead of a page, one asked for some fields (`fields=`) rows of those fields.
 */
export function checkAnswer(method: string, url: string, body: unknown): void {
  const route = routeOf(method, url);
  if (!route) return;
  const query = new URLSearchParams(url.split("?")[1] ?? "");
  const schema = apiRoutes[route];
  const item = query.has("fields") ? listItemSchema(schema) : undefined;
  const result = (query.has("group") ? groupListSchema : item ? fieldsPageSchema(item) : schema).safeParse(
    body,
  );
  if (!result.success) throw new AnswerDriftError(route, result.error.issues);
}
