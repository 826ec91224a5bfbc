import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "./current-user";
import { clearSession, setTokens, setUser } from "./session";
import { tellLanguageChanges } from "./use-language-sync";

vi.mock("./errors", () => ({ reportApiFailure: vi.fn(), reportValidationMarker: vi.fn() }));

let calls: { url: string; init: RequestInit }[];
let stop: () => void;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: 204 });
    }),
  );
  stop = tellLanguageChanges();
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe("tellLanguageChanges", () => {
  it("sends the new language to the API while signed in", async () => {
    setTokens({ access: "a", refresh: "r" });
    setUser({ id: 7, username: "client", version: 1 } as CurrentUser);
    i18next.emit("languageChanged", "en");
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe("/profile/api/users/me/language/");
    expect(calls[0]?.init.method).toBe("PUT");
    expect(calls[0]?.init.body).toBe('{"language":"en"}');
  });

  it("sends nothing when nobody is signed in, or for a language the portal does not have", async () => {
    clearSession("user");
    i18next.emit("languageChanged", "en");
    setTokens({ access: "a", refresh: "r" });
    setUser({ id: 7, username: "client", version: 1 } as CurrentUser);
    i18next.emit("languageChanged", "de");
    // A change that is told: once it has gone, the two before would have too
    i18next.emit("languageChanged", "ru");
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.init.body).toBe('{"language":"ru"}');
  });
});
