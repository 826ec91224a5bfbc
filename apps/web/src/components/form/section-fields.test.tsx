import { defineFields } from "@portal/domain";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { FieldLabels } from "../../app/field-labels";
import { SectionFields, type SectionLayout } from "./section-fields";

// A resource of one section with a field of every kind the section lays out by itself, and one it cannot
const fields = defineFields({
  id: { kind: "id" },
  name: { kind: "text", max: 100, required: true, section: "main" },
  code: { kind: "text", max: 13, digits: [7, 13], section: "main" },
  phone: { kind: "text", max: 100, format: "phone", section: "main" },
  notes: { kind: "text", max: 1000, multiline: true, section: "main" },
  address: { kind: "text", max: 1000, section: "main" },
  count: { kind: "integer", section: "main" },
  way: { kind: "choice", choices: ["in", "out"], section: "main" },
  elsewhere: { kind: "text", max: 10, section: "other" },
  stamp: { kind: "text", max: 20, readOnly: true, section: "other" },
  owner: { kind: "relation", to: "company", section: "owned" },
});
const labels = {
  fields: {
    id: "No.",
    name: "Name",
    code: "Code",
    phone: "Phone",
    notes: "Notes",
    address: "Address",
    count: "Count",
    way: "Way",
    elsewhere: "Elsewhere",
    stamp: "Stamp",
    owner: "Owner",
  },
  sections: { main: "Main", other: "Other", owned: "Owned" },
  choices: { way: { in: "Inbound", out: "Outbound" } },
};

function Section(props: SectionLayout & { section?: string }) {
  const form = useForm({
    defaultValues: { name: "", code: "", phone: "", notes: "", address: "", count: null, way: "in" },
  });
  return (
    <SectionFields
      {...props}
      fields={fields}
      section={props.section ?? "main"}
      control={form.control}
      labels={labelsOf()}
      readOnly={false}
    />
  );
}

/** The labels of the test's resource, as `useFieldLabels` answers them. */
function labelsOf(): FieldLabels {
  return {
    label: (name: string) => labels.fields[name as keyof typeof labels.fields] ?? name,
    inSection: (name: string) => labels.fields[name as keyof typeof labels.fields] ?? name,
    section: (key: string) => labels.sections[key as keyof typeof labels.sections] ?? key,
    choice: (_field: string, value: string) => labels.choices.way[value as "in"] ?? value,
  };
}

const render = (props: SectionLayout & { section?: string } = {}) =>
  renderToStaticMarkup(<Section {...props} />);
/** The rendered input of a field. */
const inputOf = (html: string, name: string) =>
  new RegExp(`<input[^>]*id="field-${name}"[^>]*>`).exec(html)?.[0] ?? "";
/** The labels of the rendered fields, in their order (a choice's label is an element its list names by id). */
const labelsIn = (html: string) =>
  [...html.matchAll(/<(?:label|div(?=[^>]*MuiInputLabel-root))[^>]*>([^<]*)/g)].map((match) => match[1]);

describe("SectionFields", () => {
  it("lays out the fields of its section alone, in the definitions' order, with their labels", () => {
    expect(labelsIn(render())).toEqual(["Name", "Code", "Phone", "Notes", "Address", "Count", "Way"]);
  });

  it("gives each kind its editor: digits and the phone keypad, several lines for a multiline text, a choice's names", () => {
    const html = render();
    expect(inputOf(html, "code")).toContain('inputMode="numeric"');
    expect(inputOf(html, "phone")).toContain('type="tel"');
    expect(html).toMatch(/<textarea[^>]*id="field-notes"/);
    // As long, but one line: its schema refuses line breaks, so its input takes none
    expect(html).not.toMatch(/<textarea[^>]*id="field-address"/);
    expect(inputOf(html, "address")).toContain('maxLength="1000"');
    expect(html).toContain("Inbound");
  });

  it("gives a text the keyboard the page asks for where its definition cannot say it", () => {
    expect(inputOf(render(), "name")).not.toContain("inputMode");
    expect(inputOf(render({ inputs: { name: { inputMode: "numeric" } } }), "name")).toContain(
      'inputMode="numeric"',
    );
  });

  it("marks required what the definitions require, or what the page says instead", () => {
    expect(inputOf(render(), "name")).toContain('required=""');
    const onlyCode = render({ required: (name) => name === "code" });
    expect(inputOf(onlyCode, "name")).not.toContain("required");
    expect(inputOf(onlyCode, "code")).toContain('required=""');
  });

  it("leaves out hidden fields and puts the page's editor in a field's place, with the field's label", () => {
    const html = render({
      hidden: (name) => name === "phone",
      editors: { count: ({ label }) => <output data-editor="count">{label}</output> },
    });
    expect(labelsIn(html)).toEqual(["Name", "Code", "Notes", "Address", "Way"]);
    expect(html).toContain('<output data-editor="count">Count</output>');
  });

  it("shows what the server alone writes read-only, and what the page locks, the rest editable", () => {
    const other = render({ section: "other" });
    expect(inputOf(other, "stamp")).toContain('readOnly=""');
    expect(inputOf(other, "elsewhere")).not.toContain("readOnly");
    const locked = render({ locked: (name) => name === "code" });
    expect(inputOf(locked, "code")).toContain('readOnly=""');
    expect(inputOf(locked, "name")).not.toContain("readOnly");
  });

  it("writes a read-only choice as the text of its name, not as a list that opens nothing", () => {
    const editable = render();
    expect(editable).toContain('aria-haspopup="listbox"');
    const locked = render({ locked: (name) => name === "way" });
    expect(locked).not.toContain('aria-haspopup="listbox"');
    expect(inputOf(locked, "way")).toContain('value="Inbound"');
    expect(inputOf(locked, "way")).toContain('readOnly=""');
  });

  it("writes a multiline text on the lines the page gives: one line is a plain input", () => {
    const html = render({ lines: { notes: 1 } });
    expect(html).not.toMatch(/<textarea[^>]*id="field-notes"/);
    expect(inputOf(html, "notes")).toContain('maxLength="1000"');
  });

  it("refuses a relation without the page's editor, which alone knows its rows", () => {
    expect(() => render({ section: "owned" })).toThrow(/owner \(relation\) needs an editor/);
  });
});
