import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-client";
import type { CurrentUser } from "./current-user";
import { setUser } from "./session";
import { useSession } from "./use-session";

/** The first part of the current user's query key, which live changes of their own account refresh. */
export const ME_QUERY = "me";
export const meQueryKey = (userId: number | undefined) => [ME_QUERY, userId] as const;

/** Loads `me` and keeps the stored user in sync. */
export async function fetchMe(signal?: AbortSignal): Promise<CurrentUser> {
  const user = await apiFetch("GET /profile/api/users/me/", { signal });
  setUser(user);
  return user;
}

/**
 * The current user's query: fetched on mount, when a live change of the user's own account is heard
 * (live-refresh.ts: an approval), and whenever the window regains focus (flags, state and the company's notice may
 * change on the server).
 */
export function meQuery(userId: number | undefined) {
  return queryOptions({
    queryKey: meQueryKey(userId),
    queryFn: ({ signal }) => fetchMe(signal),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Keeps the current user fresh; mounted once, by the signed-in layout. */
export function useMeQuery() {
  const { user } = useSession();
  return useQuery({ ...meQuery(user?.id), enabled: user !== null });
}
