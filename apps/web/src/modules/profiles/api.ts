import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../app/api-client";
import type { CompanyOption, UserPatch, UserRow } from "./types";

/** The all-users list (managers). */
export const USERS_PATH = "/profile/api/users/";

export function userPath(id: number): string {
  return `${USERS_PATH}${id}/`;
}

/**
 * Saves a manager's change of a user. Silent: the grid shows 400 messages on the cells and 409 as a
 * conflict notice itself.
 */
export function patchUser(id: number, body: UserPatch): Promise<UserRow> {
  return apiFetch("PATCH /profile/api/users/:id/", { params: { id }, json: body, silent: true });
}

/** Resets a user's second factors: they sign in with the password and set up a passkey or codes again. */
export const resetSecondFactors = (row: UserRow) =>
  apiFetch("POST /profile/api/users/:id/reset-factors/", { params: { id: row.id }, silent: true });

export async function fetchCompanyOptions(signal?: AbortSignal): Promise<CompanyOption[]> {
  // Every company for the company editor, by name (the list pattern's largest page)
  const page = await apiFetch("GET /profile/api/companies/", {
    query: { take: "1000", ordering: "name" },
    signal,
  });
  return page.results;
}

/** The company choices as the page queries them (and its route prefetches them). */
export const companyOptionsQuery = queryOptions({
  queryKey: ["profiles", "company-options"],
  queryFn: ({ signal }) => fetchCompanyOptions(signal),
  staleTime: 5 * 60_000,
});
