import { Suspense } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type LazyPage, lazyPage } from "./lazy-page";

const shown = (Page: LazyPage) =>
  renderToStaticMarkup(
    <Suspense fallback="waiting">
      <Page />
    </Suspense>,
  );

describe("a lazy page", () => {
  it("waits for its code before it is loaded", () => {
    const Page = lazyPage(() => new Promise(() => {}));
    expect(shown(Page)).toBe("waiting");
  });

  it("renders at once once preloaded, without suspending (which would show the fallback, then hold the page back)", async () => {
    const Page = lazyPage(async () => () => <p>the page</p>);
    await Page.preload();
    expect(shown(Page)).toBe("<p>the page</p>");
  });

  it("loads once however often it is preloaded", async () => {
    let loads = 0;
    let finish: (page: () => React.ReactNode) => void = () => {};
    const Page = lazyPage(() => {
      loads += 1;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const first = Page.preload();
    const second = Page.preload();
    expect(first).toBe(second);
    expect(loads).toBe(1);
    finish(() => "done");
    await first;
    expect(shown(Page)).toBe("done");
    expect(loads).toBe(1);
  });
});
