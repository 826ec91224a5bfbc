import { readFileSync } from "node:fs";
import path from "node:path";
import { decodeContainerSizeType } from "@portal/domain";
import { labelOf, labelsOf } from "@portal/domain/labels";
import { beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { countries, etsng, gng, locations } from "../../db/schema/index.ts";
import { TRANSIT_DECLARATION_XSD } from "../../documents/transit-declaration.ts";
import { useContainerTests } from "../../test/containers.ts";
import { pdfDownload } from "../../test/pdf.ts";

// The transit declaration's downloads: td/ (XML, valid against the shipped XSD whatever the texts hold), td-pdf/
// (a PDF in the request's language, Cyrillic as text), td-schema/ (the XSD), and when they answer 404.

const ORDERS = "/tracking/api/freight_orders/";
const XSD = readFileSync(TRANSIT_DECLARATION_XSD, "utf8");

const { ctx, world, references } = useContainerTests();

beforeAll(async () => {
  await ctx.db.insert(etsng).values({ code: "081005", description: "Лесоматериалы хвойных пород" });
  await ctx.db.insert(gng).values({ code: "44071100", description: "Лесоматериалы распиленные вдоль" });
  await ctx.db.insert(countries).values([
    { abc2: "CN", short_name: "КНР (Китайская Народная Республика)", name_eng: "People's Republic of China" },
    { abc2: "RU", short_name: "Российская Федерация", name_eng: "Russian Federation" },
  ]);
  await ctx.db.insert(locations).values([
    { code: "CNMLX", location: "Маньчжурия", kind: "border", country: "CN" },
    { code: "850609", location: "Клещиха", kind: "station", country: "RU" },
  ]);
});

/** Validates a document against the shipped schema with libxml2 (xmllint, as WebAssembly). */
function validate(xml: string) {
  return validateXML({
    xml: [{ fileName: "declaration.xml", contents: xml }],
    schema: [{ fileName: "transit-declaration.xsd", contents: XSD }],
  });
}

/** A text of the document as a parser reads it back (XPath over local names: the document has a namespace). */
async function readBack(xml: string, ...steps: string[]) {
  const xpath = `string(/${steps.map((step) => `*[local-name()='${step}']`).join("/")})`;
  const result = await validateXML({
    xml: [{ fileName: "declaration.xml", contents: xml }],
    normalization: "format",
    modifyArguments: (args) => ["--xpath", xpath, ...args.filter((arg) => arg !== "--format")],
  });
  return result.normalized.replace(/\n$/, "");
}

/** An order of every section filled, and its container with a transit declaration issued. */
async function declaredContainer(overrides: { order?: object; container?: object } = {}) {
  const people = await world();
  const order = await people.order({
    status: 2,
    customer_order_number: "ТЛ-2026/117",
    consignor_name: "Manzhouli Timber Co., Ltd.",
    consignor_countrycode: "CN",
    consignor_country_name: "КНР (Китайская Народная Республика)",
    consignor_city: "Маньчжурия",
    consignor_streethouse: "Ул. Лесная, 1",
    consignee_name: "ООО «Таёжный лес»",
    consignee_inn: "7701234567",
    consignee_okpo: "12345678",
    consignee_countrycode: "RU",
    consignee_country_name: "Российская Федерация",
    consignee_postalcode: "630000",
    consignee_city: "Новосибирск",
    dispatch_location: "Маньчжурия",
    destination: "Клещиха",
    border_crossing_point_name: "Забайкальск",
    etsng_code: "081005",
    gng_code: "44071100",
    freight_cost: 1250000.5,
    freight_gross_weight: 96000,
    freight_net_weight: 92000,
    packing_kind: "Пакеты",
    freight_description: "Пиломатериалы хвойных пород",
    freight_forwarding_contract: "ТЭО-2026/001",
    freight_forwarding_contract_date: "2026-01-15",
    ...overrides.order,
  });
  const container = await people.container(order.id, {
    container: "TGHU8803264",
    container_type: references.containerType,
    td_number: "10719110/010326/0001234",
    td_date: "2026-03-01",
    td_allowed_date: "2026-03-02",
    td_end_date: "2026-03-20",
    td_control: "Новосибирская таможня, т/п Ж/д станция Клещиха",
    transit_decl_status: "Транзит разрешён",
    transit_decl_status_date: "2026-03-02",
    prepare_to_ship_date: "2026-02-25",
    railway_accept_date: "2026-03-03",
    railwaybill_number: "ЭЖ482310",
    ...overrides.container,
  });
  const base = `${ORDERS}${order.id}/containers`;
  return {
    ...people,
    order,
    container,
    xmlUrl: `${base}/td/${container.id}/`,
    pdfUrl: `${base}/td-pdf/${container.id}/`,
  };
}

describe("GET freight_orders/{id}/containers/td/{containerId}/ (XML)", () => {
  it("answers the declaration as an attachment of XML that the shipped XSD validates", async () => {
    const { client, order, xmlUrl } = await declaredContainer();
    const response = await (await ctx.as(client)).get(xmlUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="transit-declaration-TGHU8803264.xml"; filename*=UTF-8''transit-declaration-TGHU8803264.xml`,
    );
    const xml = response.body;
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    for (const [expected, ...steps] of [
      ["10719110/010326/0001234", "TransitDeclaration", "Declaration", "Number"],
      ["2026-03-02", "TransitDeclaration", "Declaration", "AllowedDate"],
      ["Новосибирская таможня, т/п Ж/д станция Клещиха", "TransitDeclaration", "Declaration", "Control"],
      ["TGHU8803264", "TransitDeclaration", "Container", "Number"],
      ["40' high cube", "TransitDeclaration", "Container", "SizeType", "Description"],
      [String(order.id), "TransitDeclaration", "Order", "Id"],
      ["Лесоматериалы хвойных пород", "TransitDeclaration", "Order", "Freight", "Etsng"],
      ["1250000.50", "TransitDeclaration", "Order", "Freight", "Cost"],
      ["96000", "TransitDeclaration", "Order", "Freight", "GrossWeight"],
      ["Manzhouli Timber Co., Ltd.", "TransitDeclaration", "Consignor", "Name"],
      ["7701234567", "TransitDeclaration", "Consignee", "Inn"],
      ["Новосибирск", "TransitDeclaration", "Consignee", "Address", "City"],
      ["Забайкальск", "TransitDeclaration", "Route", "BorderCrossing"],
    ] as const) {
      expect(await readBack(xml, ...steps), steps.join("/")).toBe(expected);
    }
    expect(xml).toContain('<Number iso6346Valid="true">TGHU8803264</Number>');
    expect(xml).toContain('<SizeType code="45G1" decoded="true">');
    expect(xml).toContain('<Length code="4" mm="12192" feet="40′"/>');
    expect(xml).toContain('<Height code="5" mm="2895" feet="9′6″" width="standard"/>');
    expect(xml).toContain('<Type code="G1" group="G" groupCode="false"/>');
    expect(xml).toContain(
      '<TrackDate field="railway_accept_date" event="accepted_by_railway">2026-03-03</TrackDate>',
    );
    expect(xml).toContain('<Country code="CN" nameEn="People\'s Republic of China">');
    expect(xml).toContain('<Dispatch code="CNMLX">Маньчжурия</Dispatch>');
    expect(xml).toContain('<BorderCrossing code="946801">Забайкальск</BorderCrossing>');
    expect(xml).toContain('<Destination code="850609">Клещиха</Destination>');
  });

  it("keeps hostile text of the order and the container inside their elements: valid, and read back as written", async () => {
    const hostile = `<Name>&amp; "Кедр" & 'Сосна' ]]> </Consignor> 🚂 ©`;
    const { client, xmlUrl } = await declaredContainer({
      order: { consignor_name: hostile, freight_description: "a\r\nb\tc <!-- d --> <?pi?>" },
      container: { td_control: `<script>alert("x")</script>`, td_number: `10719110/"&'<>` },
    });
    const xml = (await (await ctx.as(client)).get(xmlUrl)).body;
    const result = await validate(xml);
    expect(result.errors).toEqual([]);
    expect(await readBack(xml, "TransitDeclaration", "Consignor", "Name")).toBe(hostile);
    expect(await readBack(xml, "TransitDeclaration", "Declaration", "Control")).toBe(
      `<script>alert("x")</script>`,
    );
    expect(await readBack(xml, "TransitDeclaration", "Declaration", "Number")).toBe(`10719110/"&'<>`);
    expect(await readBack(xml, "TransitDeclaration", "Order", "Freight", "Description")).toBe(
      "a\r\nb\tc <!-- d --> <?pi?>",
    );
  });

  it("fails the validation of a document that breaks the schema, so the validation can fail", async () => {
    const { client, xmlUrl } = await declaredContainer();
    const xml = (await (await ctx.as(client)).get(xmlUrl)).body;
    const broken = [
      xml.replace(/<Date>2026-03-01<\/Date>/, "<Date>01.03.2026</Date>"),
      xml.replace(/\s*<Number>10719110[^<]*<\/Number>/, ""),
      xml.replace('event="accepted_by_railway"', 'event="teleported"'),
      xml.replace("<Route>", "<Route><Unknown/>"),
      xml.replace("Manzhouli Timber Co., Ltd.", "Manzhouli <Timber> & Co."),
    ];
    for (const document of broken) {
      expect(document).not.toBe(xml);
      expect((await validate(document)).valid, document.slice(0, 400)).toBe(false);
    }
  });

  it("answers 404 before a declaration is issued, for another order's container and outside the user's orders", async () => {
    const { client, manager, outsider, order, xmlUrl, pdfUrl } = await declaredContainer();
    await ctx.expectRefused({ outsider }, (api) => api.get(xmlUrl), 404);
    await ctx.expectRefused({ outsider }, (api) => api.get(pdfUrl), 404);
    const { container: pending } = await declaredContainer({ container: { td_number: "" } });
    for (const kind of ["td", "td-pdf"]) {
      await ctx.expectRefused(
        { client, manager },
        (api) => api.get(`${ORDERS}${pending.freight_order_id}/containers/${kind}/${pending.id}/`),
        404,
      );
      // A container of another order under this order's address
      await ctx.expectRefused(
        { client, manager },
        (api) => api.get(`${ORDERS}${order.id}/containers/${kind}/${pending.id}/`),
        404,
      );
    }
    expect((await ctx.app.inject({ method: "GET", url: xmlUrl })).statusCode).toBe(401);
  });
});

const pdfText = (user: { id: number; token_version: number }, url: string, lang: string) =>
  pdfDownload(ctx, user, url, lang);

describe("GET freight_orders/{id}/containers/td-pdf/{containerId}/ (PDF)", () => {
  it("prints the declaration in Russian, Cyrillic as text, with the size-type code in words", async () => {
    const { related, pdfUrl } = await declaredContainer();
    const { response, text } = await pdfText(related, pdfUrl, "ru");
    expect(response.headers["content-disposition"]).toContain(
      "filename*=UTF-8''%D1%82%D1%80%D0%B0%D0%BD%D0%B7%D0%B8%D1%82%D0%BD%D0%B0%D1%8F",
    );
    for (const expected of [
      "Транзитная декларация № 10719110/010326/0001234",
      "Контейнер TGHU8803264",
      "номер верен",
      "45G1 — Контейнер повышенной вместимости 40′",
      "длина 40′, высота 9′6″, универсальный",
      "Дата ТД 01.03.2026",
      "Новосибирская таможня, т/п Ж/д станция Клещиха",
      "Дата приёма к перевозке ж/д 03.03.2026",
      "081005 — Лесоматериалы хвойных пород",
      "1 250 000,50 RUB",
      "ООО «Таёжный лес»",
      "CN — КНР (Китайская Народная Республика)",
      "Маньчжурия (код CNMLX)",
      "Забайкальск (код 946801)",
      "Сформировано",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prints the declaration in English, the country by the book's English name", async () => {
    const { manager, pdfUrl } = await declaredContainer({ container: { container: "TGHU8803265" } });
    const { response, text } = await pdfText(manager, pdfUrl, "en");
    expect(response.headers["content-disposition"]).toContain(
      'filename="transit-declaration-TGHU8803265.pdf"',
    );
    for (const expected of [
      "Transit declaration No. 10719110/010326/0001234",
      "the number fails its check digit",
      "45G1 — 40' high cube",
      "length 40′, height 9′6″, general purpose",
      "TD date 2026-03-01",
      "Accepted by the railway 2026-03-03",
      "1,250,000.50 RUB",
      "CN — People's Republic of China",
      "Клещиха (code 850609)",
      "Issued",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it.each(["ru", "en"] as const)(
    "labels the container's and the order's fields by the catalog of field labels (%s)",
    async (lang) => {
      const { manager, pdfUrl } = await declaredContainer();
      const { text } = await pdfText(manager, pdfUrl, lang);
      const flat = text.replace(/\u200b/g, "").replace(/\s+/g, " ");
      const container = ["td_number", "td_date", "td_allowed_date", "td_end_date", "td_control"];
      const trackDates = ["prepare_to_ship_date", "railway_accept_date"];
      for (const field of [
        ...container,
        "transit_decl_status",
        "container",
        "is_number_valid",
        ...trackDates,
      ]) {
        expect(flat, field).toContain(labelOf("container", field, lang, { inSection: true }));
      }
      for (const field of ["create_date", "etsng_code", "gng_code"]) {
        expect(flat, field).toContain(labelOf("freight_order", field, lang, { inSection: true }));
      }
      expect(flat).toContain(labelsOf(lang).container.sections.track_dates);
      // The words the PDF used to label them with, no field's label
      const former =
        lang === "ru"
          ? ["Номер транзитной декларации", "Дата декларации", "Принят железной дорогой", "Груз по ЕТСНГ"]
          : ["Transit declaration number", "Declaration date", "Freight by ETSNG", "Transit allowed"];
      for (const words of former) expect(flat).not.toContain(words);
    },
  );
});

describe("the declaration of a container without a type of its own", () => {
  it("takes the order's container type, and prints hostile and long text without losing the page", async () => {
    const long = "Щ".repeat(300);
    const { client, order, container, xmlUrl, pdfUrl } = await declaredContainer({
      order: { container_type: references.containerType, freight_description: `🚂 <b>&amp;</b> ${long}` },
      container: { container_type: null, td_control: `"Кедр" & 'Сосна' ${long}` },
    });
    expect(container.container_type).toBeNull();
    expect(order.container_type).toBe(references.containerType);
    const xml = (await (await ctx.as(client)).get(xmlUrl)).body;
    expect((await validate(xml)).errors).toEqual([]);
    expect(xml).toContain('<SizeType code="45G1" decoded="true">');
    const { text } = await pdfText(client, pdfUrl, "ru");
    expect(text).toContain("45G1 — Контейнер повышенной вместимости 40′");
    // Long words are broken (zero-width spaces), never cut: every letter is on the page
    expect(text.replace(/[\u200b\s]/g, "").match(/Щ/g)?.length).toBe(600);
  });
});

describe("GET tracking/api/containers/td-schema/", () => {
  it("answers the XSD the declarations are valid against", async () => {
    const { client } = await world();
    const response = await (await ctx.as(client)).get("/tracking/api/containers/td-schema/");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(XSD);
    expect(response.headers["content-disposition"]).toContain('filename="transit-declaration.xsd"');
    expect(
      (await ctx.app.inject({ method: "GET", url: "/tracking/api/containers/td-schema/" })).statusCode,
    ).toBe(401);
  });
});

describe("the seeded container types", () => {
  it("all decode from their ISO 6346 codes: length, height and type group known", () => {
    const csv = readFileSync(
      path.resolve(import.meta.dirname, "../../db/reference-data/container-types.csv"),
      "utf8",
    );
    const codes = csv
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => line.split(",")[0] ?? "");
    expect(codes.length).toBeGreaterThan(100);
    for (const code of codes) {
      const decoded = decodeContainerSizeType(code);
      expect(decoded?.length, code).not.toBeNull();
      expect(decoded?.height, code).not.toBeNull();
      expect(decoded?.type, code).not.toBeNull();
    }
  });
});
