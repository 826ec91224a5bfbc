import { describe, expect, it } from "vitest";
import { sameFieldProps } from "./field-state";

const control = {};
const base = { control, name: "notes", label: "Notes", readOnly: false, max: 100 };

describe("sameFieldProps", () => {
  it("keeps a field whose props are the same values (a form's root rendered again)", () => {
    expect(sameFieldProps(base, { ...base })).toBe(true);
  });

  it("renders a field again when a prop changed, was added or went", () => {
    expect(sameFieldProps(base, { ...base, label: "Примечания" })).toBe(false);
    expect(sameFieldProps(base, { ...base, readOnly: true })).toBe(false);
    expect(sameFieldProps(base, { ...base, hint: "Seen by the forwarder" })).toBe(false);
    expect(sameFieldProps({ ...base, hint: "x" }, base)).toBe(false);
    expect(sameFieldProps(base, { ...base, control: {} })).toBe(false);
  });

  it("takes a mask made again as the same, but not a mask that came or went", () => {
    const upper = (text: string) => text.toUpperCase();
    expect(
      sameFieldProps({ ...base, mask: upper }, { ...base, mask: (text: string) => text.toUpperCase() }),
    ).toBe(true);
    expect(sameFieldProps({ ...base, mask: upper }, { ...base, mask: undefined })).toBe(false);
    // Any other function (a handler) is compared by identity
    expect(sameFieldProps({ ...base, onPick: upper }, { ...base, onPick: (text: string) => text })).toBe(
      false,
    );
  });

  it("takes choices as the same when their values and names are", () => {
    const options = [
      { value: "in", label: "Inbound" },
      { value: "out", label: "Outbound" },
    ];
    expect(sameFieldProps({ ...base, options }, { ...base, options: options.map((o) => ({ ...o })) })).toBe(
      true,
    );
    expect(
      sameFieldProps(
        { ...base, options },
        { ...base, options: [options[0], { value: "out", label: "Вывоз" }] },
      ),
    ).toBe(false);
    expect(sameFieldProps({ ...base, options }, { ...base, options: options.slice(0, 1) })).toBe(false);
  });
});
