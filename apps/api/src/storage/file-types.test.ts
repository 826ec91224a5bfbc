import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_FILES } from "../test/multipart.ts";
import { ContentCheck } from "./file-types.ts";

/** Checks a file given in these parts: the first as its head, the others as they would pass. */
async function verdict(parts: (string | Uint8Array)[]): Promise<string> {
  const check = new ContentCheck();
  const [head = Buffer.alloc(0), ...rest] = parts.map((part) =>
    typeof part === "string" ? Buffer.from(part) : part,
  );
  const type = await check.head(head);
  if (!type) return "refused";
  for (const bytes of rest) if (!check.rest(bytes)) return "refused";
  return check.end() ? type.extensions.join(",") : "refused";
}

describe("ContentCheck", () => {
  it.each([
    ["a PDF, whatever follows its head", [SAMPLE_FILES.pdf, "<script>", "\0"], "pdf"],
    ["plain text", ["номер;вес\n", "1;20\n"], "txt,csv"],
    ["Windows-1251 text", [Buffer.from([0xd1, 0xf7, 0xb8, 0xf2, 0x3b, 0x31, 0x0a])], "txt,csv"],
    ["markup after the head", ["plain text\n", "then <script>alert(1)</script>"], "refused"],
    ["a tag cut between two parts", ["plain text <scr", "ipt>alert(1)"], "refused"],
    ["a tag cut after its spaces", ["plain text <", "  \n ", "  svg onload=x>"], "refused"],
    ["a tag at the very end", ["plain text\n", "<html"], "refused"],
    ["a NUL byte after the head", ["plain text\n", "a\0b"], "refused"],
    ["a word that only begins as a tag", ["plain text <htm", "lx and <imgs"], "txt,csv"],
    ["a comparison", ["a < b", " and b > c"], "txt,csv"],
    ["an HTML page", [SAMPLE_FILES.html], "refused"],
    ["a program", [SAMPLE_FILES.exe], "refused"],
  ])("tells %s", async (_name, parts, expected) => {
    expect(await verdict(parts)).toBe(expected);
  });

  it("tells text the same wherever its parts are cut", async () => {
    const fragment = fc.constantFrom(
      "<",
      " ",
      "\n",
      "\u00a0",
      "script",
      "html",
      "!doctype",
      "?xml",
      "img",
      "imgs",
      "a",
      ">",
      "Счёт",
      "\0",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fragment, { maxLength: 40 }).map((fragments) => fragments.join("")),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (text, cuts) => {
          const whole = `plain text\n${text}`;
          const bytes = Buffer.from(whole);
          const points = [...new Set(cuts.map((cut) => 11 + (cut % (bytes.length - 10))))].sort(
            (a, b) => a - b,
          );
          const parts = [0, ...points].map((start, index) =>
            bytes.subarray(start, points[index] ?? bytes.length),
          );
          expect(await verdict(parts)).toBe(await verdict([bytes.subarray(0, 11), bytes.subarray(11)]));
        },
      ),
    );
  });
});
