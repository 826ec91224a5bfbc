import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../../app/api-client";
import { reportApiFailure, reportValidationMarker } from "../../app/errors";
import { readServerFailure } from "./server-failure";

vi.mock("../../app/errors", () => ({ reportApiFailure: vi.fn(), reportValidationMarker: vi.fn() }));

const FIELDS = ["username", "password"];

beforeEach(() => vi.clearAllMocks());

describe("readServerFailure", () => {
  it("puts field messages under the form's fields and the others in the general line, with the marker's toast", () => {
    const error = new ApiError(400, {
      username: ["A user with that username already exists."],
      company: ["Unknown company"],
      "@validation": "fields_not_provided",
    });
    expect(readServerFailure(error, FIELDS, { hasConflict: false })).toEqual({
      kind: "shown",
      fields: { username: "A user with that username already exists." },
      detail: "Unknown company",
    });
    expect(reportValidationMarker).toHaveBeenCalledWith(error);
    expect(reportApiFailure).not.toHaveBeenCalled();
  });

  it("shows a throttled sign-in's detail in the general line", () => {
    const error = new ApiError(429, { detail: "Too many sign-in attempts. Try again in 5 minutes." });
    expect(readServerFailure(error, FIELDS, { hasConflict: false })).toEqual({
      kind: "shown",
      fields: {},
      detail: "Too many sign-in attempts. Try again in 5 minutes.",
    });
  });

  it("reloads on a conflict only where the form handles one; elsewhere a 409 is a refusal", () => {
    const error = new ApiError(409, { detail: "Someone else saved first" });
    expect(readServerFailure(error, FIELDS, { hasConflict: true })).toEqual({ kind: "conflict" });
    expect(readServerFailure(error, FIELDS, { hasConflict: false })).toMatchObject({
      kind: "shown",
      detail: "Someone else saved first",
    });
  });

  it("leaves a server fault and a lost connection to the global toasts", () => {
    const fault = new ApiError(500, { detail: "Server error" });
    const offline = new NetworkError(new TypeError("Failed to fetch"));
    expect(readServerFailure(fault, FIELDS, { hasConflict: false })).toEqual({ kind: "reported" });
    expect(readServerFailure(offline, FIELDS, { hasConflict: false })).toEqual({ kind: "reported" });
    expect(reportApiFailure).toHaveBeenCalledTimes(2);
  });
});
