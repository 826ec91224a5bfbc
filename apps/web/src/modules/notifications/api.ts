import { LIVE_RESOURCES } from "@portal/domain";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../app/api-client";

// The user's own notifications (docs/notifications.md): the bell's count, a page of entries, marking read. The
// keys sit under the live resource's address, so that a new entry told on the live stream refreshes them
// (app/live/live-refresh.ts); the texts come in the language asked for, which is part of the keys.

const ADDRESS = LIVE_RESOURCES.notifications;

/** Every notifications query (what marking read refreshes). */
const allKeys = ["resource", ADDRESS] as const;

/** How many of the user's notifications are unread. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: [...allKeys, "unread-count"],
    queryFn: () => apiFetch("GET /api/notifications/unread-count/").then((answer) => answer.unread),
  });

/** A page of the user's notifications, newest first, in a language. */
export const notificationPageQuery = (language: string, skip: number, take: number) =>
  queryOptions({
    queryKey: [...allKeys, "page", language, skip, take],
    queryFn: () =>
      // The client sends the interface's language, the one in the key
      apiFetch("GET /api/notifications/", { query: { skip: String(skip), take: String(take) } }),
    placeholderData: keepPreviousData,
  });

/** Marks one notification read, then refreshes the count and the lists. */
export async function markRead(queryClient: QueryClient, id: number): Promise<void> {
  await apiFetch("POST /api/notifications/:id/read/", { params: { id } });
  await queryClient.invalidateQueries({ queryKey: allKeys });
}

/** Marks every notification of the user read, then refreshes the count and the lists. */
export async function markAllRead(queryClient: QueryClient): Promise<void> {
  await apiFetch("POST /api/notifications/read-all/");
  await queryClient.invalidateQueries({ queryKey: allKeys });
}
