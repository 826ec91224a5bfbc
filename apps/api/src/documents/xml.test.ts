import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { element, escapeText, optionalText, renderXml, textElement } from "./xml.ts";

/** The text of the root's `text` child and its attribute `a`, as libxml2 reads them back; and whether it parsed. */
async function parse(xml: string) {
  const read = async (xpath: string) =>
    validateXML({
      xml: [{ fileName: "doc.xml", contents: xml }],
      normalization: "format",
      modifyArguments: (args) => ["--xpath", xpath, ...args.filter((arg) => arg !== "--format")],
    });
  const text = await read("string(/root/text)");
  const attribute = await read("string(/root/text/@a)");
  return {
    wellFormed: text.errors.length === 0,
    text: text.normalized.replace(/\n$/, ""),
    attribute: attribute.normalized.replace(/\n$/, ""),
  };
}

describe("the XML writer", () => {
  it("writes any text into an element and an attribute that a parser reads back as it was", async () => {
    const hostile = `<a href="x">&amp;</a> ' " ]]> <!-- c --> Ёлка 🚂 \t\r\n end`;
    const xml = renderXml(element("root", {}, textElement("text", hostile, { a: hostile })));
    expect(await parse(xml)).toEqual({ wellFormed: true, text: hostile, attribute: hostile });
  });

  it("drops what XML cannot hold at all: NUL and other controls, lone surrogates, U+FFFE and U+FFFF", async () => {
    const text = "a\u0000b\u0001c\u001fd\ud800e\udfffg\ufffeh\uffffi";
    const xml = renderXml(element("root", {}, textElement("text", text, { a: text })));
    expect(await parse(xml)).toEqual({ wellFormed: true, text: "abcdeghi", attribute: "abcdeghi" });
    expect(escapeText("\u0000")).toBe("");
  });

  it("leaves out empty optional elements and attributes, and refuses names that are not XML names", () => {
    const xml = renderXml(
      element(
        "root",
        { empty: "", none: null, zero: 0, no: false },
        optionalText("x", ""),
        optionalText("y", 0),
      ),
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<root zero="0" no="false">\n  <y>0</y>\n</root>\n',
    );
    expect(() => element("a b", {})).toThrow(/not an XML name/);
    expect(() => textElement("<x>", "")).toThrow(/not an XML name/);
    expect(() => renderXml(element("root", { 'a="1"': 1 }))).toThrow(/not an XML name/);
  });
});
