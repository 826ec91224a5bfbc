import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-client";

export type { AppConfig } from "@portal/domain";

export const APP_CONFIG_PATH = "/api/config/";

/** The deployment's configuration; loaded once per session (it changes only with a deployment). */
export const appConfigQuery = queryOptions({
  queryKey: ["app-config"],
  queryFn: ({ signal }) => apiFetch("GET /api/config/", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
