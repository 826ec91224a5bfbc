import type { FastifyInstance } from "fastify";

/** A JSON Schema node as the OpenAPI document holds it (generated from the routes' zod schemas). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface RouteParameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One registered method of one path, with its input schemas when the OpenAPI document describes it. */
export interface CatalogRoute {
  method: string;
  /** Fastify's pattern without the trailing slash, e.g. `/profile/api/users/:id`. */
  pattern: string;
  /** Names of the path parameters, in order. */
  pathParams: string[];
  /** False for a route the document leaves out (hidden): it is fuzzed without a schema. */
  documented: boolean;
  params: RouteParameter[];
  query: RouteParameter[];
  body?: JsonSchema;
  /** The form of an upload route (`multipart/form-data`): its file and text fields. */
  multipart?: JsonSchema;
}

/** Paths that are not the API's: the interactive documentation and the web app's files. */
const SKIPPED = [/^\/api\/docs(\/|$)/, /\*/];

/**
 * Every method and path in `app.printRoutes()` tree (which lists all registered routes, hidden ones included).
 * Each tree line is `├── segment (METHODS)`, indented four characters per level below its parent.
 */
export function parsePrintedRoutes(tree: string): { method: string; pattern: string }[] {
  const stack: string[] = [];
  const routes: { method: string; pattern: string }[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├──|└──) (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    // Routes naming one parameter differently (`/:id/wf` and `/:orderId/files`) share a node printed `/:id|:orderId`
    stack.push((match[2] ?? "").replace(/:(\w+)(?:\|:\w+)+/g, ":$1"));
    const pattern = stack.join("").replace(/\/+$/, "") || "/";
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (method) routes.push({ method, pattern });
    }
  }
  return routes;
}

/** A path with its parameters unnamed (`/orders/:/files`): how the router tells routes apart. */
function shape(path: string): string {
  return path.replace(/\{[^}]+\}|:\w+/g, ":").replace(/\/+$/, "") || "/";
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/**
 * Every API route of the app (HEAD, the docs and the web files left out), each with the schemas of its path
 * parameters, query string and body from the OpenAPI document. New routes appear here without any edit.
 */
export async function routeCatalog(app: FastifyInstance): Promise<CatalogRoute[]> {
  await app.ready();
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const operations = new Map<string, OpenApiOperation>();
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.set(`${method.toUpperCase()} ${shape(path)}`, operation);
    }
  }
  const seen = new Set<string>();
  const catalog: CatalogRoute[] = [];
  for (const { method, pattern } of parsePrintedRoutes(app.printRoutes({ commonPrefix: false }))) {
    const key = `${method} ${pattern}`;
    if (method === "HEAD" || seen.has(key) || SKIPPED.some((skip) => skip.test(pattern))) continue;
    seen.add(key);
    const operation = operations.get(`${method} ${shape(pattern)}`);
    const parameters = operation?.parameters ?? [];
    const pick = (place: string): RouteParameter[] =>
      parameters
        .filter((p) => p.in === place)
        .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required ?? false }));
    catalog.push({
      method,
      pattern,
      pathParams: [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1] as string),
      documented: operation !== undefined,
      params: pick("path"),
      query: pick("query"),
      body: operation?.requestBody?.content?.["application/json"]?.schema,
      multipart: operation?.requestBody?.content?.["multipart/form-data"]?.schema,
    });
  }
  return catalog;
}
