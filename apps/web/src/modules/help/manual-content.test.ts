import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { figureSource, type ManualPart } from "./manual-content";

const LOCALES = path.resolve(import.meta.dirname, "../../i18n/locales");
const PUBLIC = path.resolve(import.meta.dirname, "../../../public");
const LANGUAGES = ["ru", "en"] as const;
const MANUALS = ["help", "helpInternal"] as const;
/** A screenshot cropped to what its section shows stays under this, and all of them well under 2 MB. */
const MAX_FIGURE_BYTES = 80 * 1024;
const MAX_TOTAL_BYTES = 1536 * 1024;

function partsOf(language: string, manual: string): ManualPart[] {
  const catalog = JSON.parse(readFileSync(path.join(LOCALES, language, `${manual}.json`), "utf8"));
  return catalog.manual.parts;
}

/** A manual's shape: its parts' and sections' ids, and which sections have a screenshot. */
function shapeOf(parts: ManualPart[]) {
  return parts.map((part) => ({
    id: part.id,
    sections: part.sections.map((section) => ({ id: section.id, hasFigure: Boolean(section.figure) })),
  }));
}

/** The screenshots' files as the page asks for them (`/manual/<language>/<id>.png`). */
function figureFiles(language: string): string[] {
  return readdirSync(path.join(PUBLIC, "manual", language)).map((name) => `/manual/${language}/${name}`);
}

// The catalogs' test compares keys, and a manual's sections are arrays: their shape is compared here, with the
// screenshots that e2e/specs/manual-screenshots.spec.ts writes and the manuals show.
describe.each(MANUALS)("the %s manual", (manual) => {
  it("has the same parts, sections and screenshots in both languages", () => {
    expect(shapeOf(partsOf("en", manual))).toEqual(shapeOf(partsOf("ru", manual)));
  });

  it("names each part and section once, so that every anchor leads to one place", () => {
    const ids = partsOf("ru", manual).flatMap((part) => [
      part.id,
      ...part.sections.map((section) => section.id),
    ]);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it("gives every section text", () => {
    for (const language of LANGUAGES) {
      for (const section of partsOf(language, manual).flatMap((part) => part.sections)) {
        expect(
          (section.items?.length ?? 0) + (section.terms?.length ?? 0),
          `${language} ${section.id}`,
        ).toBeGreaterThan(0);
      }
    }
  });
});

describe("the manuals' screenshots", () => {
  it.each(LANGUAGES)("in %s: a file for each section's caption, and no file no section shows", (language) => {
    const shown = MANUALS.flatMap((manual) =>
      partsOf(language, manual)
        .flatMap((part) => part.sections)
        .filter((section) => section.figure)
        .map((section) => figureSource(language, section.id)),
    );
    expect(figureFiles(language).sort()).toEqual(shown.sort());
  });

  it("are small: each under 80 kB, all under 1.5 MB", () => {
    const sizes = LANGUAGES.flatMap((language) =>
      figureFiles(language).map((file) => ({ file, bytes: statSync(path.join(PUBLIC, file)).size })),
    );
    expect(sizes.filter((one) => one.bytes > MAX_FIGURE_BYTES)).toEqual([]);
    expect(sizes.reduce((total, one) => total + one.bytes, 0)).toBeLessThan(MAX_TOTAL_BYTES);
  });
});
