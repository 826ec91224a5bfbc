import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-client";

/** `GET /api/config/`: links the deployment configures (empty string when not configured). */
export interface AppConfig {
  version: string;
  admin_url: string;
  user_manual_url: string;
  service_desk_url: string;
  support_email: string;
}

/** The deployment's configuration; loaded once per session (it changes only with a deployment). */
export function useAppConfig() {
  return useQuery({
    queryKey: ["app-config"],
    queryFn: ({ signal }) => apiFetch<AppConfig>("/api/config/", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
