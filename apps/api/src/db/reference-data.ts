import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { count, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";
import {
  containerTypes,
  countries,
  documentTypes,
  etsng,
  gng,
  locations,
  shipmentKinds,
  transportKinds,
} from "./schema/index.ts";

/** The classifiers' files (sources in docs/reference-data.md); beside the bundle after a build, as migrations. */
const folder = path.resolve(import.meta.dirname, "reference-data");

function readCsv(name: string): Record<string, string>[] {
  return parse(readFileSync(path.join(folder, name)), { columns: true, skip_empty_lines: true });
}

/** ISO 3166 with Russian and English names, from the maintained i18n-iso-countries package. */
function countryRows() {
  const require = createRequire(import.meta.url);
  const isoCountries = require("i18n-iso-countries");
  isoCountries.registerLocale(require("i18n-iso-countries/langs/ru.json"));
  isoCountries.registerLocale(require("i18n-iso-countries/langs/en.json"));
  return Object.keys(isoCountries.getAlpha2Codes()).map((abc2) => ({
    abc2,
    short_name: isoCountries.getName(abc2, "ru", { select: "official" }) ?? abc2,
    name_eng: isoCountries.getName(abc2, "en", { select: "official" }) ?? abc2,
  }));
}

function locationRows() {
  const kinds = new Map(readCsv("border-crossings.csv").map((row) => [row.code, row.kind]));
  return readCsv("stations.csv").map((row) => ({
    code: row.code as string,
    location: row.name as string,
    railway: row.railway ?? "",
    country: row.country ?? "",
    kind: (kinds.get(row.code) ?? "station") as "station" | "border" | "port",
    operations: row.operations ?? "",
  }));
}

/**
 * Stations and ports abroad on the routes served (China, Korea), which the 1520 network's list lacks; coded by
 * their UN/LOCODE (five letters, so never an ESR code).
 */
function foreignLocationRows() {
  return readCsv("foreign-locations.csv").map((row) => ({
    code: row.code as string,
    location: row.name as string,
    railway: row.railway ?? "",
    country: row.country ?? "",
    kind: row.kind as "station" | "border" | "port",
  }));
}

function etsngRows() {
  const attributes = new Map(readCsv("etsng-attributes.csv").map((row) => [row.code, row]));
  return readCsv("etsng.csv").map((row) => {
    const extra = attributes.get(row.code);
    return {
      code: row.code as string,
      description: row.name as string,
      gng_code: extra?.gng_code ?? "",
      tariff_class: extra?.tariff_class ? Number(extra.tariff_class) : null,
      mvn: extra?.mvn ? extra.mvn : null,
    };
  });
}

/** Document kinds of a rail and sea freight file, in the order forwarders list them. */
const DOCUMENT_TYPES = [
  ["Заявка (поручение экспедитору)", "Forwarding order"],
  ["Договор (контракт)", "Contract"],
  ["Спецификация к контракту", "Contract specification"],
  ["Инвойс (счёт-проформа)", "Commercial invoice"],
  ["Упаковочный лист", "Packing list"],
  ["Железнодорожная накладная СМГС", "SMGS railway consignment note"],
  ["Железнодорожная накладная (внутренняя)", "Domestic railway consignment note"],
  ["Коносамент", "Bill of lading"],
  ["Международная товарно-транспортная накладная CMR", "CMR consignment note"],
  ["Сертификат происхождения", "Certificate of origin"],
  ["Сертификат (декларация) соответствия", "Certificate of conformity"],
  ["Фитосанитарный сертификат", "Phytosanitary certificate"],
  ["Ветеринарный сертификат", "Veterinary certificate"],
  ["Декларация на товары", "Goods declaration"],
  ["Транзитная декларация", "Transit declaration"],
  ["Доверенность", "Power of attorney"],
  ["Акт выполненных работ", "Certificate of completed work"],
  ["Счёт-фактура", "VAT invoice"],
  ["Прочее", "Other"],
] as const;

const TRANSPORT_KINDS = [
  ["Железнодорожный", "Rail"],
  ["Морской", "Sea"],
  ["Автомобильный", "Road"],
  ["Речной", "River"],
  ["Авиа", "Air"],
] as const;

const SHIPMENT_KINDS = [
  ["Экспорт", "Export"],
  ["Импорт", "Import"],
  ["Транзит", "Transit"],
  ["Внутрироссийская перевозка", "Domestic"],
] as const;

/** Inserts in batches: one statement per batch keeps tens of thousands of rows to a few seconds. */
async function insertAll(db: Db, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(table).values(rows.slice(start, start + 1000) as never);
  }
}

/**
 * Loads each reference book that is still empty: the classifiers from their files, countries from the ISO
 * package, the kinds and document types from the lists above. Every installation has them, demo or not; an
 * edited dictionary is never reloaded over.
 */
export async function loadReferenceData(db: Db): Promise<string[]> {
  // Instances starting together take turns (one transaction under a lock): the second finds the books loaded
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFERENCE_DATA_LOCK})`);
    return loadMissingBooks(tx as unknown as Db);
  });
}

/** An advisory lock's key of its own (db/client.ts has the migrations'). */
const REFERENCE_DATA_LOCK = 7_240_611;

async function loadMissingBooks(db: Db): Promise<string[]> {
  const books: [string, PgTable, () => Record<string, unknown>[]][] = [
    ["etsng", etsng, etsngRows],
    ["gng", gng, () => readCsv("gng.csv").map((row) => ({ code: row.code, description: row.name }))],
    ["countries", countries, countryRows],
    ["locations", locations, () => [...locationRows(), ...foreignLocationRows()]],
    ["container types", containerTypes, () => readCsv("container-types.csv")],
    ["document types", documentTypes, () => DOCUMENT_TYPES.map(([title, title_en]) => ({ title, title_en }))],
    [
      "transport kinds",
      transportKinds,
      () => TRANSPORT_KINDS.map(([description, description_en]) => ({ description, description_en })),
    ],
    [
      "shipment kinds",
      shipmentKinds,
      () => SHIPMENT_KINDS.map(([description, description_en]) => ({ description, description_en })),
    ],
  ];
  const loaded: string[] = [];
  for (const [name, table, rows] of books) {
    const [existing] = await db.select({ count: count() }).from(table);
    if (Number(existing?.count ?? 0) > 0) continue;
    await db.transaction((tx) => insertAll(tx, table, rows()));
    // The embedded database has no autovacuum: without statistics its planner would scan instead of using the
    // search indexes on the freshly loaded rows.
    await db.execute(sql`analyze ${table}`);
    loaded.push(name);
  }
  // Installations loaded before the foreign stations existed get them too (the book is read-only, so none was
  // removed by hand).
  const added = await db
    .insert(locations)
    .values(foreignLocationRows())
    .onConflictDoNothing()
    .returning({ id: locations.id });
  if (added.length > 0) loaded.push("foreign locations");
  return loaded;
}
