/** A term of a manual's section and what it means (a status, a key, a role). */
export interface ManualTerm {
  term: string;
  text: string;
}

/**
 * A section of a manual, as its catalog holds it: short paragraphs, terms, and a screenshot's caption when the
 * section has one (its file is `figureSource(language, id)`).
 */
export interface ManualSection {
  id: string;
  title: string;
  items?: string[];
  terms?: ManualTerm[];
  figure?: string;
}

/** A part of a manual: its sections under one heading. */
export interface ManualPart {
  id: string;
  title: string;
  sections: ManualSection[];
}

/**
 * The address of a section's screenshot in a language: a file of the web app's public folder
 * (`apps/web/public/manual/<language>/<section id>.png`), written by e2e/specs/manual-screenshots.spec.ts.
 */
export function figureSource(language: string, sectionId: string): string {
  return `/manual/${language}/${sectionId}.png`;
}
