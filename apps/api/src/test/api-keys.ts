import type { ApiKeyCreated } from "@portal/domain";
import { expect } from "vitest";
import type { TestContext } from "./context.ts";

/** Makes an API key for a user through the API (their browser session), answering it with its secret. */
export async function makeApiKey(
  ctx: TestContext,
  user: { id: number; token_version: number },
  body: { name?: string; read_only?: boolean; expires_in_days?: number } = {},
): Promise<ApiKeyCreated> {
  const answer = await (await ctx.as(user)).post("/api/api-keys/", { name: "ERP", ...body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as ApiKeyCreated;
}

/** The headers of a request with an API key. */
export function keyHeaders(key: string, lang = "en"): Record<string, string> {
  return { authorization: `Bearer ${key}`, "accept-language": lang };
}
