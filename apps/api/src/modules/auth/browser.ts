import Bowser from "bowser";

/** A User-Agent as the sessions' list and the sign-in notices name it: "Chrome 131 · Windows 10"; "" for none. */
export function describeBrowser(userAgent: string | null | undefined): string {
  if (!userAgent) return "";
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  const device =
    parsed.platform.type === "mobile" || parsed.platform.type === "tablet" ? parsed.platform.model : "";
  return [browser, system, device].filter(Boolean).join(" · ") || userAgent.slice(0, 60);
}
