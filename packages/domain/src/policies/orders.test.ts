import { describe, expect, it } from "vitest";
import { APPROVED_STATUS, DRAFT_STATUS } from "../orders/fields.ts";
import { directoryPolicy, orderPolicy } from "./orders.ts";
import { isAllowed } from "./reference.ts";
import { NO_FLAGS, NO_STATUS_FLAGS } from "./test-users.ts";

const CLIENT = NO_FLAGS;
const CHOOSING_CLIENT = { ...NO_FLAGS, can_select_company: true };
const MANAGER = { ...NO_FLAGS, is_manager: true, can_select_company: true };
const HEAD = { ...MANAGER, is_head: true, can_set_is_paid: true };

const BARE_STATUS = NO_STATUS_FLAGS;
const SUBMITTED = 3;
const EDITABLE = { ...BARE_STATUS, id: DRAFT_STATUS, user_can_edit: true };
const LOCKED = { ...BARE_STATUS, id: SUBMITTED };
const APPROVING = { ...BARE_STATUS, id: SUBMITTED, manager_can_approve_cost: true };

describe("orderPolicy.ignoresField: what a user has no say in", () => {
  it.each([
    ["a client", CLIENT, "company", true],
    ["a client who may choose the company", CHOOSING_CLIENT, "company", false],
    ["a manager", MANAGER, "company", false],
    ["a client", CLIENT, "approved_cost", true],
    ["a client", CLIENT, "vat_percent", true],
    ["a client", CLIENT, "freight_forwarding_contract", true],
    ["a client", CLIENT, "freight_forwarding_contract_date", true],
    ["a manager", MANAGER, "approved_cost", false],
    ["a manager", MANAGER, "freight_forwarding_contract", false],
    ["a client", CLIENT, "destination", false],
    ["a client", CLIENT, "status", false],
    ["a client", CLIENT, "status_comment", false],
  ] as const)("%s, field %s: ignored %s", (_who, user, field, expected) => {
    expect(orderPolicy.ignoresField(user, field)).toBe(expected);
  });
});

describe("orderPolicy.canEdit and canChangeRow: who changes an order in its status", () => {
  it.each([
    ["a client", CLIENT, EDITABLE, true],
    ["a client", CLIENT, LOCKED, false],
    ["a manager", MANAGER, LOCKED, true],
  ] as const)("%s may edit an order in status %o: %s", (_who, user, status, expected) => {
    expect(orderPolicy.canEdit(user, status)).toBe(expected);
  });

  it.each([
    ["nothing", CLIENT, LOCKED, [], true],
    ["a field of the order", CLIENT, LOCKED, ["destination"], false],
    ["a field of the order", CLIENT, EDITABLE, ["destination"], true],
    ["a field of the order", MANAGER, LOCKED, ["destination"], true],
    ["a move with its comment and file", CLIENT, LOCKED, ["status", "status_comment", "sign_file_id"], true],
    ["a move with a field of the order", CLIENT, LOCKED, ["status", "destination"], false],
    ["a comment without a move", CLIENT, LOCKED, ["status_comment"], false],
    ["a signed file without a move", CLIENT, LOCKED, ["sign_file_id"], false],
    ["a comment without a move", CLIENT, EDITABLE, ["status_comment"], true],
  ] as const)("a change of %s by %o in %o: %s", (_what, user, status, fields, expected) => {
    expect(orderPolicy.canChangeRow(user, status, fields)).toBe(expected);
  });
});

describe("orderPolicy.canDeleteRow", () => {
  it.each([
    ["a client", CLIENT, EDITABLE, true],
    ["a client", CLIENT, LOCKED, false],
    // Status 2 is never deleted by a client, whatever its flags say
    ["a client", CLIENT, { ...EDITABLE, id: APPROVED_STATUS }, false],
    ["a manager", MANAGER, { ...LOCKED, id: APPROVED_STATUS }, true],
    ["a manager", MANAGER, LOCKED, true],
  ] as const)("%s may delete an order in status %o: %s", (_who, user, status, expected) => {
    expect(orderPolicy.canDeleteRow(user, status)).toBe(expected);
  });
});

describe("orderPolicy's rules of costs, the paid flag and the workflow", () => {
  it.each([
    ["a client", CLIENT, APPROVING, false],
    ["a manager", MANAGER, APPROVING, true],
    ["a manager", MANAGER, EDITABLE, false],
  ] as const)("%s may approve the cost in %o: %s", (_who, user, status, expected) => {
    expect(orderPolicy.canApproveCost(user, status)).toBe(expected);
  });

  it.each([
    ["a client", CLIENT, false],
    ["a manager", MANAGER, false],
    ["a user with can_set_is_paid", HEAD, true],
  ] as const)("%s may set the paid flag: %s", (_who, user, expected) => {
    expect(orderPolicy.canSetPaid(user)).toBe(expected);
  });

  it.each([
    [DRAFT_STATUS, 1200, false],
    [SUBMITTED, 1200, false],
    [SUBMITTED, null, false],
    [APPROVED_STATUS, null, false],
    [APPROVED_STATUS, 1200, true],
    [5, 1200, true],
    [6, 1200, true],
    [7, 0, true],
    [8, 1200, false],
  ] as const)(
    "an order in status %i with approved cost %j may be marked paid: %s",
    (status, cost, expected) => {
      expect(orderPolicy.canMarkPaid({ status, approved_cost: cost })).toBe(expected);
    },
  );

  it.each([
    ["a client", CLIENT, "client", true],
    ["a client", CLIENT, "manager", false],
    ["a client", CLIENT, "any", true],
    ["a manager", MANAGER, "client", false],
    ["a manager", MANAGER, "manager", true],
    ["a manager", MANAGER, "any", true],
  ] as const)("%s may take a transition open to %s: %s", (_who, user, who, expected) => {
    expect(orderPolicy.canTakeTransition(user, who)).toBe(expected);
  });

  it.each([
    [true, "", true],
    [true, "   ", true],
    [true, null, true],
    [true, undefined, true],
    [true, "Уточните массу брутто", false],
    [false, "", false],
  ] as const)("comment_required %s, comment %j: missing %s", (comment_required, comment, expected) => {
    expect(orderPolicy.isCommentMissing({ comment_required }, comment)).toBe(expected);
  });

  it("lets everyone signed in read, create, change and delete orders, the rows' rules aside", () => {
    for (const action of ["read", "create", "change", "delete"] as const) {
      expect(isAllowed(orderPolicy, CLIENT, action), action).toBe(true);
    }
  });
});

describe("directoryPolicy", () => {
  it.each([
    ["a client", CLIENT, "public", true],
    ["a client", CLIENT, "company", true],
    ["a client who may choose the company", CHOOSING_CLIENT, "company", false],
    ["a client", CLIENT, "short_name", false],
    ["a manager", MANAGER, "public", false],
    ["a manager", MANAGER, "company", false],
  ] as const)("%s, field %s: ignored %s", (_who, user, field, expected) => {
    expect(directoryPolicy.ignoresField(user, field)).toBe(expected);
  });

  it.each([
    ["a client", CLIENT, false, true],
    ["a client", CLIENT, true, false],
    ["a manager", MANAGER, true, true],
  ] as const)("%s may change and delete an entry public %s: %s", (_who, user, isPublic, expected) => {
    expect(directoryPolicy.canChangeRow(user, { public: isPublic })).toBe(expected);
    expect(directoryPolicy.canDeleteRow(user, { public: isPublic })).toBe(expected);
  });
});
