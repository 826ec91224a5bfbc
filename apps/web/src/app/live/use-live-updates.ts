import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, apiStream } from "../api-client";
import { ME_QUERY } from "../me-query";
import { subscribeTokens } from "../session";
import { startLiveConnection } from "./live-connection";
import { createLiveRefresher } from "./live-refresh";

/** The API's live stream (apps/api/src/http/live-stream.ts). */
const LIVE_PATH = "/api/live/";

/**
 * Holds the signed-in user's live stream while the signed-in frame is shown (one per tab), and refreshes the
 * queries each change touches: an open list or row page shows someone else's change without a reload. A form with
 * unsaved edits keeps them (the order form follows its stored order only while it is clean, and shows a conflict on
 * save). docs/live-updates.md.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresher = createLiveRefresher(queryClient);
    const connection = startLiveConnection({
      open: (signal) => apiStream(LIVE_PATH, signal),
      onChange: (change) => refresher.add(change),
      onResync: () => refresher.refreshAll(),
      // The user's own account, read as the page loaded: an approval or new rights given before the stream was
      // ready would otherwise show only at the window's next focus. The rest waits for its next change.
      onFirstReady: () => void queryClient.invalidateQueries({ queryKey: [ME_QUERY] }),
      // A 401 after the refresh ended the session (the api client signs the user out): nothing to reconnect
      isFatal: (error) => error instanceof ApiError && error.status === 401,
    });
    const stopFollowingTokens = subscribeTokens(() => connection.tokenChanged());
    return () => {
      stopFollowingTokens();
      connection.stop();
      refresher.stop();
    };
  }, [queryClient]);
}
