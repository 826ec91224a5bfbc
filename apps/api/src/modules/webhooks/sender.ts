import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { WEBHOOK_SECRET_PREFIX } from "@portal/domain";
import type { AddressGuard } from "./address-guard.ts";

/** The first bytes of an answer kept in the log; the rest is not read. */
export const WEBHOOK_RESPONSE_MAX = 1000;

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** Standard Webhooks v1: base64 of HMAC-SHA256, keyed by the secret's bytes, of `id.timestamp.body`. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

export interface WebhookMessage {
  id: string;
  body: string;
  /** Every secret that signs it: the current one, and the previous one during a rotation's overlap. */
  secrets: string[];
}

export interface SendOutcome {
  status: number | null;
  response: string;
  error: string;
  durationMs: number;
}

/**
 * Sends one signed message to an endpoint: the host resolved and checked by the guard, the connection made to that
 * very address (no second lookup to rebind), no redirect followed, the answer read up to WEBHOOK_RESPONSE_MAX bytes,
 * the whole attempt bounded by `timeoutMs`. Never throws: the outcome says what happened.
 */
export async function sendWebhook(
  url: string,
  message: WebhookMessage,
  options: { guard: AddressGuard; allowHttp: boolean; timeoutMs: number; signal: AbortSignal },
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (outcome: Omit<SendOutcome, "durationMs">): SendOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const target = new URL(url);
    if (target.protocol !== "https:" && !(options.allowHttp && target.protocol === "http:")) {
      return done({ status: null, response: "", error: "only https:// endpoints are allowed" });
    }
    const resolved = await options.guard.resolve(target.hostname);
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = message.secrets
      .map((secret) => signWebhook(secret, message.id, timestamp, message.body))
      .join(" ");
    const lookupChecked: LookupFunction = (_host, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [resolved]);
      else callback(null, resolved.address, resolved.family);
    };
    const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
    const answer = await new Promise<{ status: number; response: string }>((resolve, reject) => {
      const request = (target.protocol === "https:" ? https : http).request(
        target,
        {
          method: "POST",
          lookup: lookupChecked,
          signal,
          headers: {
            "content-type": "application/json",
            "user-agent": "freight-portal-webhooks/1",
            "webhook-id": message.id,
            "webhook-timestamp": String(timestamp),
            "webhook-signature": signature,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = () => {
            response.destroy();
            resolve({
              status: response.statusCode ?? 0,
              response: Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_MAX).toString("utf8"),
            });
          };
          response.on("data", (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= WEBHOOK_RESPONSE_MAX) finish();
          });
          response.on("end", finish);
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end(message.body);
    });
    return done({ ...answer, error: "" });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
    return done({
      status: null,
      response: "",
      error: timedOut ? "timed out" : error instanceof Error ? error.message.slice(0, 500) : String(error),
    });
  }
}
