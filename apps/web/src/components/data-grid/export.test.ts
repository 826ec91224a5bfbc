import { describe, expect, it } from "vitest";
import { csvField, fetchAllRows, rowsToCsv, toCsv } from "./export";
import type { GridColumn } from "./types";

describe("csvField", () => {
  it("leaves plain text alone", () => {
    expect(csvField("Иванов")).toBe("Иванов");
    expect(csvField("")).toBe("");
    expect(csvField(null)).toBe("");
  });

  it("quotes fields with the separator, quotes, line breaks or edge spaces, doubling quotes", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('ООО "Ромашка"')).toBe('"ООО ""Ромашка"""');
    expect(csvField("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
    expect(csvField(" padded ")).toBe('" padded "');
  });

  it("does not quote commas under the ; separator, but does under ,", () => {
    expect(csvField("a,b")).toBe("a,b");
    expect(csvField("a,b", ",")).toBe('"a,b"');
  });

  it("writes decimal commas under the ; separator (Russian Excel)", () => {
    expect(csvField(12.5)).toBe("12,5");
    expect(csvField(12.5, ",")).toBe("12.5");
    expect(csvField(7)).toBe("7");
  });

  it("defuses formulas but keeps phone numbers and signed numbers", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvField("-2+3+cmd|x")).toBe("'-2+3+cmd|x");
    expect(csvField("+7 423 200-10-03")).toBe("+7 423 200-10-03");
    expect(csvField("+7 (423) 200-10-03")).toBe("+7 (423) 200-10-03");
    expect(csvField("-15")).toBe("-15");
  });
});

describe("toCsv", () => {
  it("starts with a BOM and ends lines with CRLF", () => {
    expect(
      toCsv(
        ["id", "Имя"],
        [
          [1, "Анна"],
          [2, null],
        ],
      ),
    ).toBe("\uFEFFid;Имя\r\n1;Анна\r\n2;\r\n");
  });
});

describe("rowsToCsv", () => {
  interface Row {
    id: number;
    name: string;
    state: string;
    is_active: boolean;
    joined: string;
    company: { name: string } | null;
  }
  const columns: GridColumn<Row>[] = [
    { field: "id", header: "ID", type: "number" },
    { field: "company__name", header: "Компания", value: (row) => row.company?.name },
    { field: "state", header: "Статус", type: "select", options: [{ value: "new", label: "Новый" }] },
    { field: "is_active", header: "Активен", type: "boolean" },
    { field: "joined", header: "Дата", type: "date" },
  ];

  it("writes formatted values: labels, yes/no, days", () => {
    const csv = rowsToCsv(
      columns,
      [{ id: 1, name: "a", state: "new", is_active: true, joined: "2026-03-01", company: { name: "A; B" } }],
      { yes: "Да", no: "Нет" },
    );
    expect(csv).toBe('\uFEFFID;Компания;Статус;Активен;Дата\r\n1;"A; B";Новый;Да;2026-03-01\r\n');
  });
});

describe("fetchAllRows", () => {
  const source = Array.from({ length: 2350 }, (_, index) => index);
  const fetchPage = async (skip: number, take: number) => ({
    results: source.slice(skip, skip + take),
    count: source.length,
  });

  it("fetches every page in chunks and reports progress", async () => {
    const calls: [number, number][] = [];
    const progress: number[] = [];
    const result = await fetchAllRows(
      (skip, take) => {
        calls.push([skip, take]);
        return fetchPage(skip, take);
      },
      { onProgress: (step) => progress.push(step.loaded) },
    );
    expect(result.rows).toEqual(source);
    expect(result.total).toBe(2350);
    expect(calls).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 1000],
    ]);
    expect(progress).toEqual([1000, 2000, 2350]);
  });

  it("stops at the cap and reports the full count", async () => {
    const result = await fetchAllRows(fetchPage, { cap: 1500 });
    expect(result.rows).toHaveLength(1500);
    expect(result.total).toBe(2350);
  });

  it("stops on a short page even if the count promised more", async () => {
    const result = await fetchAllRows(
      async (skip, take) => ({ results: source.slice(skip, skip + take).slice(0, 10), count: 99999 }),
      {
        chunkSize: 100,
      },
    );
    expect(result.rows).toHaveLength(10);
  });

  it("goes on past a capped count (a searched list counts only 1,000 past the page's start)", async () => {
    const capped = async (skip: number, take: number) => ({
      results: source.slice(skip, skip + take),
      count: Math.min(source.length, skip + 1000),
      ...(skip + 1000 < source.length && { count_capped: true as const }),
    });
    const result = await fetchAllRows(capped);
    expect(result.rows).toEqual(source);
    expect(result.total).toBe(2350);
  });
});
