import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { getSession, subscribeSession } from "./session";

/** One cache for the app. Answers of the API (4xx/5xx) are final; only lost connections are retried, once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});

// Nothing cached for one user may be shown to the next one who signs in on this browser.
subscribeSession(() => {
  if (getSession().user === null) queryClient.clear();
});
