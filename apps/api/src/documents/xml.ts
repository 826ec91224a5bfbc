// A small XML writer for the documents the API answers as XML (the transit declaration): elements built as values,
// written with every text and attribute escaped, so that no text of an order or a container can break the document
// or add markup to it. A few lines instead of a dependency: the API writes XML, it never parses any.

/** An attribute's value; null, undefined and "" leave the attribute out. */
type AttributeValue = string | number | boolean | null | undefined;

/** An element: its name, attributes and children (elements and texts; null and undefined are left out). */
export interface XmlElement {
  name: string;
  attributes: Record<string, AttributeValue>;
  children: XmlElement[] | string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(:[A-Za-z_][A-Za-z0-9_.-]*)?$/;

/** An element with children. Names are the code's own: a bad one is a fault of the code and throws. */
export function element(
  name: string,
  attributes: Record<string, AttributeValue>,
  ...children: (XmlElement | null | undefined | false)[]
): XmlElement {
  if (!NAME.test(name)) throw new Error(`not an XML name: ${name}`);
  return { name, attributes, children: children.filter((child): child is XmlElement => Boolean(child)) };
}

/** An element holding a text (an empty text is an empty element). */
export function textElement(
  name: string,
  text: string | number,
  attributes: Record<string, AttributeValue> = {},
) {
  if (!NAME.test(name)) throw new Error(`not an XML name: ${name}`);
  return { name, attributes, children: String(text) };
}

/** An element holding a text, or nothing at all where the text is empty (an optional field left blank). */
export function optionalText(
  name: string,
  text: string | number | null | undefined,
  attributes: Record<string, AttributeValue> = {},
): XmlElement | null {
  return text === null || text === undefined || text === "" ? null : textElement(name, text, attributes);
}

/**
 * Characters XML 1.0 cannot hold in any form (NUL and the other C0 controls but tab and line breaks, lone
 * surrogates, U+FFFE, U+FFFF): dropped, as a document holding one is not XML.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** A text as element content: markup characters escaped, `\r` kept as a reference (a parser would drop it). */
export function escapeText(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("\r", "&#13;");
}

/** A text as an attribute's value in double quotes: also the quote, and white space a parser would normalise. */
function escapeAttribute(text: string): string {
  return escapeText(text).replaceAll('"', "&quot;").replaceAll("\t", "&#9;").replaceAll("\n", "&#10;");
}

/** The document: the XML declaration, then the root element, indented by two spaces a level. */
export function renderXml(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, "")}\n`;
}

function render(node: XmlElement, indent: string): string {
  const attributes = Object.entries(node.attributes)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([name, value]) => {
      if (!NAME.test(name)) throw new Error(`not an XML name: ${name}`);
      return ` ${name}="${escapeAttribute(String(value))}"`;
    })
    .join("");
  const open = `${indent}<${node.name}${attributes}`;
  if (typeof node.children === "string") {
    return node.children === "" ? `${open}/>` : `${open}>${escapeText(node.children)}</${node.name}>`;
  }
  if (node.children.length === 0) return `${open}/>`;
  const inner = node.children.map((child) => render(child, `${indent}  `)).join("\n");
  return `${open}>\n${inner}\n${indent}</${node.name}>`;
}
