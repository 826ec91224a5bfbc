import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChoiceStandIn } from "./choice-stand-in";

// The stand-in at rest (what a page shows before the user reaches the field); its swap for MUI's field on the
// pointer or the focus is a browser's matter, tried by the browser suite's order form, companies and dashboard tests.
function markup(props: Partial<ComponentProps<typeof ChoiceStandIn>> = {}) {
  const reached: string[] = [];
  const html = renderToStaticMarkup(
    <ChoiceStandIn
      id="field-direction"
      name="direction"
      label="Direction"
      text="Export"
      field={(reach) => {
        reached.push(reach);
        return <div className="mui-field" />;
      }}
      {...props}
    />,
  );
  return { html, reached };
}

describe("a choice field at rest", () => {
  it("is a combobox named by its label, showing the chosen value and the arrow, without MUI's field", () => {
    const { html, reached } = markup({ required: true, helperText: "Where the goods go" });
    expect(html).toContain('<label class="text-input__label" for="field-direction">Direction');
    expect(html).toMatch(/<input[^>]*role="combobox"[^>]*aria-expanded="false"[^>]*aria-haspopup="listbox"/);
    expect(html).toMatch(/<input[^>]*value="Export"/);
    expect(html).toMatch(/<input[^>]*name="direction"/);
    expect(html).toContain("choice-stand-in__arrow");
    expect(html).toContain("Where the goods go");
    expect(html).not.toContain("mui-field");
    expect(reached).toEqual([]);
  });

  it("takes no typing unless it is a search, and then says it offers a list", () => {
    expect(markup().html).toMatch(/<input[^>]*readOnly=""/);
    const search = markup({ typed: true }).html;
    expect(search).not.toMatch(/readOnly/);
    expect(search).toMatch(/aria-autocomplete="list"/);
  });

  it("shown only, it has no arrow and stays read-only", () => {
    const { html } = markup({ readOnly: true, typed: true });
    expect(html).toMatch(/<input[^>]*readOnly=""/);
    expect(html).not.toContain("choice-stand-in__arrow");
    expect(html).not.toContain("aria-haspopup");
  });

  it("keeps the place of MUI's clear button beside a value, and none for an empty or read-only field", () => {
    expect(markup({ clearable: true }).html).toContain("choice-stand-in--clearable");
    expect(markup({ clearable: true, text: "" }).html).not.toContain("choice-stand-in--clearable");
    expect(markup({ clearable: true, readOnly: true }).html).not.toContain("choice-stand-in--clearable");
  });

  it("shows several values as chips, and free text without the arrow", () => {
    const chips = markup({ text: "", chips: ["Rail", "Sea"] }).html;
    expect(chips.match(/class="choice-stand-in__chip"/g)).toHaveLength(2);
    expect(chips).toContain(">Rail<");
    expect(markup({ noArrow: true }).html).not.toContain("choice-stand-in__arrow");
  });
});
