import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { containerTypes, countries, etsng, gng, locations } from "../../db/schema/index.ts";

/** A code with what the reference book calls it. */
export interface Coded {
  code: string;
  description: string;
}

/** A container type: its code, and what the book calls it in Russian and in English. */
export interface NamedType extends Coded {
  description_en: string;
}

/** A country of the countries book, named in both languages. */
export interface CountryNames {
  name: string;
  name_en: string;
}

/** Queries of the transit declaration: what the container's and its order's ids and codes name. */
export class DeclarationRepo {
  constructor(private readonly db: Db) {}

  /** A container type's ISO 6346 code and its description in the book, in Russian and English. */
  async containerType(id: number | null): Promise<NamedType | null> {
    if (id === null) return null;
    const [row] = await this.db
      .select({
        code: containerTypes.code,
        description: containerTypes.description,
        description_en: containerTypes.description_en,
      })
      .from(containerTypes)
      .where(eq(containerTypes.id, id));
    return row ?? null;
  }

  /** The ETSNG classifier's entry of a code; null for none, or a code the book lacks. */
  async etsng(code: string): Promise<Coded | null> {
    if (!code) return null;
    const [row] = await this.db
      .select({ code: etsng.code, description: etsng.description })
      .from(etsng)
      .where(eq(etsng.code, code));
    return row ?? null;
  }

  /** The GNG nomenclature's entry of a code; null for none, or a code the book lacks. */
  async gng(code: string): Promise<Coded | null> {
    if (!code) return null;
    const [row] = await this.db
      .select({ code: gng.code, description: gng.description })
      .from(gng)
      .where(eq(gng.code, code));
    return row ?? null;
  }

  /** The countries of these codes, by code. */
  async countries(codes: string[]): Promise<Map<string, CountryNames>> {
    const wanted = codes.filter(Boolean);
    if (wanted.length === 0) return new Map();
    const rows = await this.db
      .select({ code: countries.abc2, name: countries.short_name, name_en: countries.name_eng })
      .from(countries)
      .where(inArray(countries.abc2, wanted));
    return new Map(rows.map((row) => [row.code, { name: row.name, name_en: row.name_en }]));
  }

  /** A location (the border crossing) by id: its station code and name. */
  async location(id: number | null): Promise<{ code: string; location: string } | null> {
    if (id === null) return null;
    const [row] = await this.db
      .select({ code: locations.code, location: locations.location })
      .from(locations)
      .where(eq(locations.id, id));
    return row ?? null;
  }

  /**
   * The station code of a place the order names as text (dispatch, destination): the location of exactly that
   * name, the first one where several share it; empty for a place the book does not have.
   */
  async locationCode(name: string): Promise<string> {
    if (!name.trim()) return "";
    const [row] = await this.db
      .select({ code: locations.code })
      .from(locations)
      .where(eq(locations.location, name.trim()))
      .orderBy(asc(locations.id))
      .limit(1);
    return row?.code ?? "";
  }
}
