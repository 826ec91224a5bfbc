import { describe, expect, it } from "vitest";
import { conflictRows, isSameValue, myEdits } from "./conflict";

const conflict = {
  base: { name: "Old", city: "Омск", kinds: [1], notes: "", version: 3 },
  mine: { name: "Mine", city: "Омск", kinds: [1], notes: "mine", version: 3 },
  theirs: { name: "Theirs", city: "Томск", kinds: [1, 2], notes: "", version: 4 },
};
const FIELDS = ["name", "city", "kinds", "notes", "version"];

describe("a conflicting save", () => {
  it("lists each field either side changed, marking the ones both did", () => {
    expect(conflictRows(conflict, FIELDS)).toEqual([
      { field: "name", base: "Old", mine: "Mine", theirs: "Theirs", isTheirs: true, isMine: true },
      { field: "city", base: "Омск", mine: "Омск", theirs: "Томск", isTheirs: true, isMine: false },
      { field: "kinds", base: [1], mine: [1], theirs: [1, 2], isTheirs: true, isMine: false },
      { field: "notes", base: "", mine: "mine", theirs: "", isTheirs: false, isMine: true },
    ]);
  });

  it("never counts the version as an edit", () => {
    expect(conflictRows(conflict, ["version"])).toEqual([]);
  });

  it("names the user's edits to keep on top of the new version", () => {
    expect(myEdits(conflict, FIELDS)).toEqual(["name", "notes"]);
  });

  it("compares lists by their items and nothing as null", () => {
    expect(isSameValue([1, 2], [1, 2])).toBe(true);
    expect(isSameValue(undefined, null)).toBe(true);
    expect(isSameValue([], undefined)).toBe(true);
    expect(isSameValue("", null)).toBe(false);
  });
});
