import { describe, expect, it } from "vitest";
import { APPROVED_STATUS, DRAFT_STATUS, type StatusFlags } from "../orders/fields.ts";
import type { UserFlags } from "../users/flags.ts";
import { canDeleteOrder, canEditOrder, isStatusCommentMissing } from "./orders.ts";

const CLIENT = { is_manager: false } as UserFlags;
const MANAGER = { is_manager: true } as UserFlags;
const EDITABLE = { user_can_edit: true } as StatusFlags;
const LOCKED = { user_can_edit: false } as StatusFlags;
const SUBMITTED = 3;

describe("the orders list's row actions", () => {
  // Edit where the order's fields may change, else view: a submitted order is only read by its client
  it.each([
    ["a client", CLIENT, EDITABLE, true],
    ["a client", CLIENT, LOCKED, false],
    ["a manager", MANAGER, LOCKED, true],
  ] as const)("%s may edit an order whose status is %o: %s", (_who, user, status, expected) => {
    expect(canEditOrder(user, status)).toBe(expected);
  });

  it.each([
    ["a client", CLIENT, DRAFT_STATUS, EDITABLE, true],
    ["a client", CLIENT, SUBMITTED, LOCKED, false],
    // Status 2 is never deleted by a client, whatever its flags say
    ["a client", CLIENT, APPROVED_STATUS, EDITABLE, false],
    ["a manager", MANAGER, APPROVED_STATUS, LOCKED, true],
  ] as const)("%s may delete an order in status %i: %s", (_who, user, status, flags, expected) => {
    expect(canDeleteOrder(user, status, flags)).toBe(expected);
  });
});

describe("isStatusCommentMissing", () => {
  it.each([
    [true, "", true],
    [true, "   ", true],
    [true, null, true],
    [true, "Уточните массу брутто", false],
    [false, "", false],
  ] as const)("comment_required %s, comment %j: %s", (comment_required, comment, expected) => {
    expect(isStatusCommentMissing({ comment_required }, comment)).toBe(expected);
  });
});
