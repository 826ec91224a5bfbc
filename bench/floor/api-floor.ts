/**
 * What the floor pages of the portal's own pages (rows.tsx, fields.tsx) share: the API call the portal's page made,
 * given as `?api=`, asked as the portal asks it (the signed-in user's token from localStorage), from the module's
 * first line, and a value as a cell or an input shows it.
 */
export const apiCall: string = new URLSearchParams(window.location.search).get("api") ?? "";

export const answer: Promise<unknown> = fetch(apiCall, {
  headers: { authorization: `JWT ${localStorage.getItem("access-token") ?? ""}`, accept: "application/json" },
}).then((response) => response.json());

/** A value as text: a relation by its name or number, a list by its items. */
export function shown(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(shown).join(", ");
  if (typeof value === "object") {
    const named = value as { name?: unknown; number?: unknown; id?: unknown };
    return String(named.name ?? named.number ?? named.id ?? "");
  }
  return String(value);
}
