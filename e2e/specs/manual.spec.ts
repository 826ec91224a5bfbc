import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { signIn, useLocale } from "./support";

// The manuals as their readers open them: every section of the users' manual (as a client) and of the staff's (as a
// manager) in both languages, under its heading in the contents, with its text, and every screenshot loaded.

const LOCALES = path.resolve(import.meta.dirname, "../../apps/web/src/i18n/locales");

interface Section {
  id: string;
  title: string;
  items?: string[];
  terms?: { term: string; text: string }[];
  figure?: string;
}
interface Part {
  id: string;
  title: string;
  sections: Section[];
}

interface Catalog {
  contents?: string;
  manual: { title: string; parts: Part[] };
}

/** A manual's catalog (help.json, helpInternal.json) in a language. */
function catalogOf(language: "ru" | "en", namespace: "help" | "helpInternal"): Catalog {
  return JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8")) as Catalog;
}

/**
 * Checks the manual's title, then opens each section from the contents and checks its heading, its first text and
 * its screenshot.
 */
async function readEverySection(page: Page, language: "ru" | "en", namespace: "help" | "helpInternal") {
  const { manual } = catalogOf(language, namespace);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(manual.title);
  const contents = page.getByRole("navigation", { name: catalogOf(language, "help").contents, exact: true });
  for (const [partIndex, part] of manual.parts.entries()) {
    const partRegion = page.locator(`section#${part.id}`);
    await expect(partRegion.getByRole("heading", { level: 2 }).first()).toHaveText(
      `${partIndex + 1}. ${part.title}`,
    );
    for (const [sectionIndex, section] of part.sections.entries()) {
      await contents.locator(`a[href="#${section.id}"]`).click();
      await expect(page).toHaveURL(new RegExp(`#${section.id}$`));
      const region = page.getByRole("region", {
        name: `${partIndex + 1}.${sectionIndex + 1}. ${section.title}`,
        exact: true,
      });
      await expect(region.getByRole("heading", { level: 3 })).toBeInViewport();
      const first = section.items?.[0] ?? section.terms?.[0]?.text;
      expect(first, `${section.id} has text`).toBeTruthy();
      await expect(region.getByText(first as string, { exact: true })).toBeVisible();
      const image = region.getByRole("img");
      if (section.figure) {
        await expect(image).toHaveAttribute("alt", section.figure);
        await image.scrollIntoViewIfNeeded();
        // Loaded: a missing file leaves the image 0 wide
        await expect
          .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      } else {
        await expect(image).toHaveCount(0);
      }
    }
  }
}

for (const language of ["ru", "en"] as const) {
  test.describe(`the manuals in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLocale(page, language);
    });

    test("a client reads every section of the users' manual, sees no link to the staff's and opens a section's link at it", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, "client", "/help");
      await readEverySection(page, language, "help");
      await expect(page.locator('a[href="/help/internal"]')).toHaveCount(0);
      // A link to a section, shared or bookmarked, opens the manual at it
      const last = catalogOf(language, "help").manual.parts.at(-1)?.sections.at(-1);
      await page.goto(`/help#${last?.id}`);
      await expect(page.locator(`#${last?.id} h3`)).toBeInViewport();
    });

    test("a manager reads every section of the staff's manual and reaches it from the users'", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, "manager", "/help");
      await page.locator('a[href="/help/internal"]').click();
      await expect(page).toHaveURL(/\/help\/internal$/);
      await readEverySection(page, language, "helpInternal");
      await expect(page.locator('a[href="/help"]').first()).toBeVisible();
    });
  });
}
