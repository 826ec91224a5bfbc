import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-client";
import { type CurrentUser, ME_PATH } from "./current-user";
import { setUser } from "./session";
import { useSession } from "./use-session";

export const meQueryKey = (userId: number | undefined) => ["me", userId] as const;

/** Loads `me` and keeps the stored user in sync; refetched whenever the window regains focus. */
export async function fetchMe(signal?: AbortSignal): Promise<CurrentUser> {
  const user = await apiFetch<CurrentUser>(ME_PATH, { signal });
  setUser(user);
  return user;
}

/**
 * Keeps the current user fresh: on mount and whenever the window regains focus (flags, state and the
 * company's notice may change on the server). Mounted once, by the signed-in layout.
 */
export function useMeQuery() {
  const { user } = useSession();
  return useQuery({
    queryKey: meQueryKey(user?.id),
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: user !== null,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
