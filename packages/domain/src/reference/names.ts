// A reference book's row by name in the interface's language: the books keep a Russian `description` and an English
// `description_en` (transport and shipment kinds, services, container types).

/** The row's name in the language: the English one in English where the book has it, else the Russian one. */
export function describedIn(row: { description: string; description_en: string }, language: string): string {
  return language === "en" && row.description_en ? row.description_en : row.description;
}
