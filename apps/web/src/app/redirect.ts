/** Where to go after sign-in: the `from` query parameter when it is a path of this app, else "/". */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from?.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return "/";
  if (/^\/sign-(in|up)(\/|\?|#|$)/.test(from)) return "/";
  return from;
}

/** The sign-in address that brings the user back to `path` (path + search) afterwards. */
export function signInPathFor(path: string): string {
  return path === "/" || path === "" ? "/sign-in" : `/sign-in?from=${encodeURIComponent(path)}`;
}
