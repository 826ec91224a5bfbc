import Box from "@mui/material/Box";
import i18next from "i18next";
import type { ReactNode } from "react";
import { enqueueSnackbar } from "./toasts";

/** What an ApiError (api-client.ts, which reports through this module) carries: named here, not imported back. */
type ApiAnswer = Error & { status: number; body: unknown };

/**
 * Toast durations of the error catalogue (spec 02 §8, §9): `denied` is the refusal of a forwarder company to a
 * plain manager, from the companies' list (before any call) or at the company's address (the API's 403).
 */
export const TOAST_MS = { validation: 5_000, setup: 15_000, denied: 15_000, other: 20_000 } as const;

interface Toast {
  title?: string;
  message: string;
  duration: number;
  variant?: "error" | "warning" | "info" | "success";
}

/** Shows one toast; equal toasts already on screen are not stacked again. */
export function showToast({ title, message, duration, variant = "error" }: Toast): void {
  const content: ReactNode = title ? (
    <Box sx={{ maxWidth: "min(480px, calc(100vw - 120px))", overflowWrap: "anywhere" }}>
      <Box sx={{ fontWeight: 500 }}>{title}</Box>
      <Box sx={{ whiteSpace: "pre-line" }}>{message}</Box>
    </Box>
  ) : (
    <Box sx={{ maxWidth: "min(480px, calc(100vw - 120px))", overflowWrap: "anywhere" }}>{message}</Box>
  );
  enqueueSnackbar(content, {
    variant,
    autoHideDuration: duration,
    preventDuplicate: true,
    key: `${variant}|${title ?? ""}|${message}`,
  });
}

const t = (key: string, options?: Record<string, unknown>) => i18next.t(`errors:${key}`, options ?? {});

/**
 * The single place where failed calls become toasts (spec 02 §8). `apiFetch` calls it unless the request is
 * `silent`; forms that show field errors call it for the failures they do not show themselves.
 */
export function reportApiFailure(error: unknown): void {
  if (error instanceof DOMException && error.name === "AbortError") return;
  if (isNamed(error, "NetworkError")) {
    showToast({ title: t("network.title"), message: t("network.message"), duration: TOAST_MS.other });
    return;
  }
  if (!isNamed(error, "ApiError")) {
    const message = error instanceof Error && error.message ? error.message : String(error);
    showToast({ title: t("setup.title"), message, duration: TOAST_MS.setup });
    return;
  }
  const { status, body } = error as ApiAnswer;
  const detail = detailOf(body);
  if (reportValidationMarker(error)) return;
  switch (status) {
    case 401:
      // With a stored token the session has just been ended and the guard shows the sign-in page.
      return;
    case 400: {
      const pairs = fieldPairs(body);
      showToast({ title: t("title"), message: pairs || detail || t("badRequest"), duration: TOAST_MS.other });
      return;
    }
    case 403:
      // A user who must enrol a second factor first: to the profile's security section, once, without a toast
      if (isSecondFactorRefusal(body)) {
        if (window.location.pathname !== "/profile") window.location.assign("/profile");
        return;
      }
      showToast({ message: t("accessDenied"), duration: TOAST_MS.other });
      return;
    case 404:
      showToast({ message: t("notFound"), duration: TOAST_MS.other });
      return;
    case 500:
      showToast({ message: t("serverError"), duration: TOAST_MS.other });
      return;
    default:
      showToast({
        title: t("title"),
        message: detail || t("httpStatus", { status }),
        duration: TOAST_MS.other,
      });
  }
}

/**
 * The toast of an answer carrying the `@validation` marker ("Fill in the required fields", 5 s; spec 02 §8).
 * It goes with every such answer, also when the caller shows the field messages itself (`silent` calls).
 * True when the error had the marker.
 */
export function reportValidationMarker(error: unknown): boolean {
  if (!isNamed(error, "ApiError")) return false;
  const marker = validationMarker((error as ApiAnswer).body);
  if (marker === null) return false;
  showToast({
    title: t("title"),
    message: t(marker, { defaultValue: t("fields_not_provided") }),
    duration: TOAST_MS.validation,
  });
  return true;
}

/** Whether a 403's body says the user must enrol a second factor first (the API's `@security` marker). Pure. */
export function isSecondFactorRefusal(body: unknown): boolean {
  return (
    Boolean(body) &&
    typeof body === "object" &&
    (body as Record<string, unknown>)["@security"] === "second_factor_enrolment_required"
  );
}

/** The `@validation` marker of an error body (`fields_not_provided`), else null. Pure. */
export function validationMarker(body: unknown): string | null {
  if (!body || typeof body !== "object" || !("@validation" in body)) return null;
  return String((body as Record<string, unknown>)["@validation"]);
}

function isNamed(error: unknown, name: string): error is Error {
  return error instanceof Error && error.name === name;
}

function detailOf(body: unknown): string {
  if (body && typeof body === "object" && "detail" in body && typeof body.detail === "string")
    return body.detail;
  return "";
}

/** `field: message` pairs of a 400 body, joined by commas. */
function fieldPairs(body: unknown): string {
  if (!body || typeof body !== "object") return "";
  return Object.entries(body)
    .filter(([field]) => field !== "detail" && field !== "@validation")
    .map(
      ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(" ") : String(messages)}`,
    )
    .join(", ");
}
