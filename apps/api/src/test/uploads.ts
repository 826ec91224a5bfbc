import { readdir } from "node:fs/promises";
import path from "node:path";
import { type TestContext, useTestContext } from "./context.ts";
import { type FormPart, multipartBody, SAMPLE_FILES } from "./multipart.ts";

// Requests of the tests of orders' files: uploads as a user, reads of what was stored and how a download is
// named.

type User = { id: number; token_version: number };

/** The upload limit of the files' tests' app: small, so that going over it costs little. */
export const UPLOAD_LIMIT = 64 * 1024;

/** The test file's context (`useTestContext`) with an app that takes uploads up to `UPLOAD_LIMIT`. */
export function useUploadTestContext(): TestContext {
  return useTestContext({ UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) });
}

/** Uploads and reads as a user, and the stored files of an order, through a test file's context. */
export function uploadRequests(ctx: TestContext) {
  return {
    /** Sends a multipart form as the user (the language decides the messages). */
    async upload(user: User, url: string, parts: FormPart[], lang = "en") {
      const { payload, contentType } = multipartBody(parts);
      return ctx.app.inject({
        method: "POST",
        url,
        headers: { ...(await ctx.authHeaders(user, lang)), "content-type": contentType },
        payload,
      });
    },

    async get(user: User, url: string, lang = "en") {
      return ctx.app.inject({ method: "GET", url, headers: await ctx.authHeaders(user, lang) });
    },

    /** The names of the stored files of an order, in the test's files folder. */
    async storedKeys(orderId: number): Promise<string[]> {
      return readdir(path.join(ctx.config.FILES_DIR, "orders", String(orderId))).catch(() => []);
    },
  };
}

/** The file part of an upload: a PDF document. */
export const pdf = (filename = "invoice.pdf", value: Uint8Array = SAMPLE_FILES.pdf): FormPart => ({
  name: "file",
  value,
  filename,
  contentType: "application/pdf",
});

/** The file name a Content-Disposition gives in UTF-8 (`filename*`). */
export function utf8Name(disposition: unknown): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(String(disposition));
  return match ? decodeURIComponent(match[1] as string) : "";
}
