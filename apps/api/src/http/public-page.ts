/**
 * What no search engine keeps and no click passes on: the headers of the public tracking page (app.ts) and of its
 * answers (modules/tracking-links/routes.ts), whose address carries the link's token.
 */
export const PUBLIC_PAGE_HEADERS = {
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;
