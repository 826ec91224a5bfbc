import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadReferenceData } from "../../db/reference-data.ts";
import { type Api, createTestContext, type TestContext } from "../../test/context.ts";

let ctx: TestContext;
let client: Api;
let editor: Api;
let refused: Parameters<TestContext["expectRefused"]>[0];
beforeAll(async () => {
  ctx = await createTestContext();
  await loadReferenceData(ctx.db);
  const company = await ctx.buildCompany();
  const clientUser = await ctx.buildUser({ company_id: company.id });
  client = await ctx.as(clientUser);
  editor = await ctx.as(await ctx.buildUser({ roles: ["Head"] }));
  refused = {
    client: clientUser,
    manager: await ctx.buildUser({ roles: ["Manager"] }),
    "railway manager": await ctx.buildUser({ roles: ["RWManager"] }),
    newcomer: await ctx.buildUser({ state: "new", roles: ["Customer"] }),
  };
}, 120_000);
afterAll(() => ctx?.close());

async function page(api: Api, url: string) {
  const response = await api.get(url);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json() as { results: Record<string, unknown>[]; count: number };
}

describe("classifiers (read-only lists)", () => {
  // Counted exactly: past 10,000 rows a list answers an estimate unless asked (docs/api.md, "count")
  it("loads every row of the files: ETSNG 5,019, GNG 11,627, stations 13,427 and 20 abroad, ISO container types 139", async () => {
    expect((await page(client, "/refbooks/api/etsng/?take=1")).count).toBe(5019);
    expect((await page(client, "/refbooks/api/gng/?take=1&count=exact")).count).toBe(11627);
    expect((await page(client, "/tracking/api/locations/?take=1&count=exact")).count).toBe(13447);
    expect((await page(client, "/service/api/container_type/?take=1")).count).toBe(139);
    expect((await page(client, "/refbooks/api/country/?take=1")).count).toBeGreaterThan(240);
  });

  it("finds ETSNG and GNG codes by prefix, leading zeros kept, and by words of the name", async () => {
    const byCode = await page(client, "/refbooks/api/etsng/?search=0110&take=100");
    expect(byCode.count).toBeGreaterThan(0);
    expect(byCode.results.every((row) => String(row.code).startsWith("0110"))).toBe(true);
    expect(byCode.results[0]).toMatchObject({ code: "011005", description: "Пшеница" });
    const byName = await page(client, "/refbooks/api/etsng/?search=пшеница");
    expect(byName.results.map((row) => row.code)).toContain("011005");
    const gngHeading = await page(client, "/refbooks/api/gng/?search=0101&take=5");
    expect(gngHeading.results[0]).toMatchObject({ code: "0101" });
    const gngWords = await page(client, "/refbooks/api/gng/?search=лошади%20живые");
    expect(gngWords.results.some((row) => row.code === "0101")).toBe(true);
  });

  it("finds stations by name and code, and marks border crossings and ports", async () => {
    const border = await page(client, "/tracking/api/locations/?search=забайкальск&filters=kind%3Dborder");
    expect(border.results.map((row) => row.location)).toContain("Забайкальск");
    expect(border.results.every((row) => row.kind === "border")).toBe(true);
    const byCode = await page(client, "/tracking/api/locations/?search=946801");
    expect(byCode.results).toEqual([expect.objectContaining({ code: "946801", location: "Забайкальск" })]);
    const ports = await page(client, "/tracking/api/locations/?filters=kind%3Dport&take=1000");
    expect(ports.results.map((row) => row.location)).toEqual(expect.arrayContaining(["Находка-Восточная"]));
  });

  it("finds the stations and ports abroad on the routes served, the Chinese border stations among the crossings", async () => {
    const crossings = await page(
      client,
      "/tracking/api/locations/?search=маньчжурия&filters=kind__in%3Dborder%2Cport",
    );
    expect(crossings.results).toEqual([
      expect.objectContaining({ code: "CNMLX", location: "Маньчжурия", country: "CN", kind: "border" }),
    ]);
    for (const name of ["Суйфэньхэ", "Урумчи", "Чунцин", "Нинбо", "Пусан"]) {
      const found = await page(client, `/tracking/api/locations/?search=${encodeURIComponent(name)}`);
      expect(
        found.results.map((row) => row.location),
        name,
      ).toContain(name);
    }
  });

  it("adds the stations abroad to a book loaded before them, once", async () => {
    await ctx.db.execute(sql`delete from locations where country in ('CN', 'KR')`);
    expect(await loadReferenceData(ctx.db)).toEqual(["foreign locations"]);
    expect(await loadReferenceData(ctx.db)).toEqual([]);
    expect((await page(client, "/tracking/api/locations/?take=1&count=exact")).count).toBe(13447);
  });

  it("finds countries by their Russian and English names", async () => {
    const ru = await page(client, "/refbooks/api/country/?search=казахстан");
    expect(ru.results).toEqual([expect.objectContaining({ abc2: "KZ", name_eng: "Kazakhstan" })]);
    const en = await page(client, "/refbooks/api/country/?search=mongolia");
    expect(en.results.map((row) => row.abc2)).toEqual(["MN"]);
  });

  it("lists document types and ISO container types, named in Russian and English", async () => {
    const types = await page(client, "/tracking/api/document-types/?take=100");
    expect(types.results.map((row) => row.title_en)).toEqual(
      expect.arrayContaining(["Packing list", "Other"]),
    );
    const containers = await page(client, "/service/api/container_type/?search=22G1");
    // Named in Russian and in English, as the other books are
    expect(containers.results[0]).toMatchObject({
      code: "22G1",
      description: "Универсальный контейнер",
      description_en: "GENERAL PURPOSE CONT.",
    });
    const searched = await page(client, "/service/api/container_type/?search=универсальный&take=200");
    expect(searched.results.length).toBeGreaterThan(10);
  });

  it("answers 401 to anonymous callers and 400 to fields it does not know", async () => {
    expect((await ctx.app.inject({ url: "/refbooks/api/etsng/" })).statusCode).toBe(401);
    expect((await client.get("/refbooks/api/etsng/?ordering=mvn")).statusCode).toBe(400);
    expect((await client.get("/tracking/api/locations/?filters=kind%3Dairport")).statusCode).toBe(400);
  });
});

describe("transport and shipment kinds (service/api/transport_kind/, shipment_kind/)", () => {
  for (const url of ["/service/api/transport_kind/", "/service/api/shipment_kind/"]) {
    it(`${url}: an editor adds, edits and deletes a kind; a stale version answers 409`, async () => {
      const created = await editor.post(url, {
        description: "  Трубопроводный ",
        description_en: "Pipeline",
      });
      expect(created.statusCode, created.body).toBe(201);
      const kind = created.json();
      expect(kind).toMatchObject({ description: "Трубопроводный", description_en: "Pipeline", version: 1 });
      const changed = await editor.patch(`${url}${kind.id}/`, { description_en: "Pipe", version: 1 });
      expect(changed.json()).toMatchObject({ description_en: "Pipe", version: 2 });
      const stale = await editor.patch(`${url}${kind.id}/`, { description_en: "Late", version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ description_en: "Pipe", version: 2 });
      expect((await editor.delete(`${url}${kind.id}/`)).statusCode).toBe(204);
      expect((await editor.get(`${url}${kind.id}/`)).statusCode).toBe(404);
      expect((await editor.delete(`${url}${kind.id}/`)).statusCode).toBe(404);
    });

    it(`${url}: everyone reads; only reference-book editors write (403 for every other role)`, async () => {
      expect((await page(client, url)).count).toBeGreaterThan(0);
      const kind = (await editor.post(url, { description: "Для проверки прав" })).json();
      await ctx.expectRefused(refused, (api) => api.post(url, { description: "X" }));
      await ctx.expectRefused(refused, (api) => api.patch(`${url}${kind.id}/`, { description: "X" }));
      await ctx.expectRefused(refused, (api) => api.delete(`${url}${kind.id}/`));
      const granted = await ctx.as(await ctx.buildUser({ grant_refbook: true }));
      expect((await granted.patch(`${url}${kind.id}/`, { description: "Можно" })).statusCode).toBe(200);
    });
  }

  it("requires the description and keeps to the limits", async () => {
    const blank = await editor.post("/service/api/transport_kind/", { description: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      description: ["The field is required"],
      "@validation": "fields_not_provided",
    });
    const long = await editor.post("/service/api/transport_kind/", { description: "x".repeat(256) });
    expect(long.json().description).toEqual(["Ensure this field has no more than 255 characters."]);
  });
});

describe("services (service/api/service/)", () => {
  async function kinds() {
    const transport = (await page(client, "/service/api/transport_kind/?ordering=id")).results;
    const shipment = (await page(client, "/service/api/shipment_kind/?ordering=id")).results;
    return {
      rail: transport[0]?.id as number,
      sea: transport[1]?.id as number,
      exportKind: shipment[0]?.id as number,
    };
  }

  it("creates a service with its kinds and flags, changes them, and filters by repeated transport_kind", async () => {
    const { rail, sea, exportKind } = await kinds();
    const created = await editor.post("/service/api/service/", {
      description: "Оформление транзитной декларации",
      description_en: "Transit declaration",
      contact_email: "customs@vte-demo.ru",
      transport_kind: [rail, rail],
      shipment_kind: [exportKind],
      is_transit_decl: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json();
    expect(service).toMatchObject({
      transport_kind: [rail],
      shipment_kind: [exportKind],
      is_transit_decl: true,
      is_shipping: false,
    });
    const moved = await editor.patch(`/service/api/service/${service.id}/`, {
      transport_kind: [sea],
      version: 1,
    });
    expect(moved.json()).toMatchObject({ transport_kind: [sea], shipment_kind: [exportKind], version: 2 });
    const bySea = await page(client, `/service/api/service/?transport_kind=${rail}&transport_kind=${sea}`);
    expect(bySea.results.map((row) => row.id)).toContain(service.id);
    const byRail = await page(
      client,
      `/service/api/service/?transport_kind=${rail}&shipment_kind=${exportKind}`,
    );
    expect(byRail.results.map((row) => row.id)).not.toContain(service.id);
    const grouped = await page(client, "/service/api/service/?group=is_transit_decl");
    expect(grouped).toMatchObject({
      groups: expect.arrayContaining([{ key: true, count: expect.any(Number) }]),
    });
  });

  it("refuses unknown kinds, a bad e-mail and a bad transport_kind parameter with 400 on the field", async () => {
    const unknown = await editor.post("/service/api/service/", {
      description: "X",
      transport_kind: [999999],
    });
    expect(unknown.json()).toEqual({ transport_kind: ["A chosen entry does not exist"] });
    const email = await editor.post("/service/api/service/", { description: "X", contact_email: "nope" });
    expect(email.json()).toEqual({ contact_email: ["Email is invalid"] });
    expect((await client.get("/service/api/service/?transport_kind=0x1")).statusCode).toBe(400);
  });

  it("refuses to delete a kind that a service uses, with a clear message, and deletes it once unused", async () => {
    const kind = (await editor.post("/service/api/transport_kind/", { description: "Паромный" })).json();
    const service = (
      await editor.post("/service/api/service/", {
        description: "Паромная переправа",
        transport_kind: [kind.id],
      })
    ).json();
    const inUse = await editor.delete(`/service/api/transport_kind/${kind.id}/`);
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toEqual({
      detail: "The kind is used by 1 service: remove it from the service first.",
    });
    expect((await editor.delete(`/service/api/service/${service.id}/`)).statusCode).toBe(204);
    expect((await editor.delete(`/service/api/transport_kind/${kind.id}/`)).statusCode).toBe(204);
  });

  it("refuses every role but reference-book editors for writes", async () => {
    const service = (
      await editor.post("/service/api/service/", { description: "Хранение на терминале" })
    ).json();
    await ctx.expectRefused(refused, (api) => api.post("/service/api/service/", { description: "X" }));
    await ctx.expectRefused(refused, (api) =>
      api.put(`/service/api/service/${service.id}/`, { description: "X" }),
    );
    await ctx.expectRefused(refused, (api) => api.delete(`/service/api/service/${service.id}/`));
  });
});

describe("a dictionary's names", () => {
  it.each([
    ["/service/api/transport_kind/", {}],
    ["/service/api/shipment_kind/", {}],
    ["/service/api/service/", { transport_kind: [], shipment_kind: [] }],
  ])(
    "%s refuses a name it has, whatever its case, with 400 on the field in the request's language",
    async (url, extra) => {
      const created = await editor.post(url, {
        description: "Дирижабль",
        description_en: "Airship",
        ...extra,
      });
      expect(created.statusCode, created.body).toBe(201);
      const twice = await editor.post(url, {
        description: "дирижабль",
        description_en: "Airship freight",
        ...extra,
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({ description: ["This name is already in the dictionary"] });
      const english = await editor.post(url, {
        description: "Дирижаблем",
        description_en: "AIRSHIP",
        ...extra,
      });
      expect(english.json()).toEqual({ description_en: ["This name is already in the dictionary"] });
      const headers = await ctx.authHeaders(await ctx.buildUser({ roles: ["Head"] }), "ru");
      const russian = await ctx.app.inject({
        method: "POST",
        url,
        headers,
        payload: { description: "ДИРИЖАБЛЬ", ...extra },
      });
      expect(russian.json()).toEqual({ description: ["Такое название в справочнике уже есть"] });
      // A change into another entry's name too; entries without an English name do not clash on it
      const other = await editor.post(url, { description: "Гужевой", ...extra });
      const bare = await editor.post(url, { description: "Вьючный", ...extra });
      expect(bare.statusCode).toBe(201);
      const renamed = await editor.patch(`${url}${other.json().id}/`, { description: "Дирижабль" });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json()).toEqual({ description: ["This name is already in the dictionary"] });
      // Once deleted, its name is free again
      expect((await editor.delete(`${url}${created.json().id}/`)).statusCode).toBe(204);
      expect((await editor.patch(`${url}${other.json().id}/`, { description: "Дирижабль" })).statusCode).toBe(
        200,
      );
    },
  );
});
