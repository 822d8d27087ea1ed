import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// On the narrowest phones a time must not break across lines ("11:30 am – 1 /
// am"): every "11 am" or "5:45 pm" on the page sits on one line.

/** Each time shown on the page ("7:30 pm"), with the number of lines it takes. */
async function timesAndTheirLines(page: Page) {
  return page.evaluate(() => {
    const time = /\b\d{1,2}(?::\d{2})?\s(?:am|pm)\b/g;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: { time: string; lines: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(time)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
        // Text that is not rendered (a script, a closed dialog) has no boxes.
        if (lines.size > 0) found.push({ time: match[0], lines: lines.size });
      }
    }
    return found;
  });
}

test.use({ viewport: { width: 320, height: 640 } });
test.skip(({ isMobile }) => !isMobile, "a phone's width, once is enough");

for (const path of ["/", "/contact", "/menu"]) {
  test(`no time on ${path} breaks across lines at 320 px`, async ({ page }) => {
    await page.goto(path);
    const times = await timesAndTheirLines(page);
    // The footer's hours alone show several.
    expect(times.length).toBeGreaterThan(3);
    expect(times.filter(({ lines }) => lines > 1)).toEqual([]);
  });
}
