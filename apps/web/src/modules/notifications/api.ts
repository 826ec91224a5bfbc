import { LIVE_RESOURCES } from "@portal/domain";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../app/api-client";
import { type ListParams, listSearch, toListParams } from "../../components/data-grid/list-query";

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

/**
 * The list call of a page of notifications, as a grid's page is asked (`toListParams`): the list pattern's paging,
 * in the list's own order (newest first).
 */
export function notificationPage(pageIndex: number, pageSize: number): ListParams {
  return toListParams({ pageIndex, pageSize, sorting: [], columnFilters: [], search: "" }, []);
}

/** A page of the user's notifications by the list pattern (`notificationPage`), in a language. */
export const notificationPageQuery = (language: string, params: ListParams) =>
  queryOptions({
    queryKey: [...allKeys, "page", language, params],
    queryFn: ({ signal }) =>
      // The client sends the interface's language, the one in the key
      apiFetch("GET /api/notifications/", { query: listSearch(params), signal }),
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
