import { afterEach, beforeEach, vi } from "vitest";
import { queryClient } from "./query-client";
import { clearSession, setTokens } from "./session";

/** An answer of the fake API: its status and JSON body. */
export type FakeAnswer = readonly [status: number, body: unknown];

const NOT_FOUND: FakeAnswer = [404, { detail: "Не найдено." }];

/**
 * Stands in for `fetch` in a test: each call's path (its query cut) is answered from `answers`, any other with a 404
 * as the API answers it. Returns the paths called, in the order they were. `vi.unstubAllGlobals()` undoes it.
 */
export function fakeApi(answers: Readonly<Record<string, FakeAnswer>>): string[] {
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.split("?")[0] ?? url;
      paths.push(path);
      const [status, body] = (Object.hasOwn(answers, path) && answers[path]) || NOT_FOUND;
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return paths;
}

/**
 * The hooks of a test of calls made through the API client: a signed-in session's tokens, the answers' shapes not
 * checked (the API's own tests check them), and after each test the cache, the session and the stubs undone.
 */
export function withFakeApi(): void {
  beforeEach(() => {
    setTokens({ access: "access", refresh: "refresh" });
    vi.stubEnv("DEV", false);
  });
  afterEach(() => {
    queryClient.clear();
    clearSession("user");
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.clearAllMocks();
  });
}
