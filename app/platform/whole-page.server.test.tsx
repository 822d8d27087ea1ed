import { describe, expect, test } from "vitest";
import { HydrateApart } from "./hydrate-apart";
import { renderWholePage } from "./whole-page.server";

function Throws(): never {
  throw new Error("A part could not be drawn");
}

/** 20 KB of page before the part: past the 12.8 KB after which React sends parts apart. */
const longPage = "A paragraph of the page. ".repeat(800);

describe("renderWholePage", () => {
  test("sends every part in place, however much of the page precedes it", async () => {
    const html = await renderWholePage(
      <main>
        <p>{longPage}</p>
        <HydrateApart>
          <p>The last part</p>
        </HydrateApart>
      </main>,
      { timeoutMs: 5_000 },
    );
    expect(html).toContain("<!--$--><p>The last part</p><!--/$-->");
    expect(html).not.toMatch(/<template id="B:|\$RC\(/);
  });

  test("refuses a page a part of which failed, rather than send the part empty", async () => {
    await expect(
      renderWholePage(
        <main>
          <p>Before</p>
          <HydrateApart>
            <Throws />
          </HydrateApart>
        </main>,
        { timeoutMs: 5_000 },
      ),
    ).rejects.toThrow("A part could not be drawn");
  });

  test("refuses a page whose frame failed", async () => {
    await expect(renderWholePage(<Throws />, { timeoutMs: 5_000 })).rejects.toThrow(
      "A part could not be drawn",
    );
  });
});
