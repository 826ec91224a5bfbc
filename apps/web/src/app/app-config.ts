import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-client";

/** `GET /api/config/`: links the deployment configures (empty string when not configured). */
export interface AppConfig {
  version: string;
  admin_url: string;
  user_manual_url: string;
  service_desk_url: string;
  support_email: string;
}

export const APP_CONFIG_PATH = "/api/config/";

/** The deployment's configuration; loaded once per session (it changes only with a deployment). */
export const appConfigQuery = queryOptions({
  queryKey: ["app-config"],
  queryFn: ({ signal }) => apiFetch<AppConfig>(APP_CONFIG_PATH, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}
