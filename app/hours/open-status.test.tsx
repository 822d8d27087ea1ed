import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { OpeningSchedule } from "./opening-hours";
import { OpenStatus } from "./open-status";

const schedule: OpeningSchedule = {
  weekly: [{ weekday: 5, opensAt: "11:00", closesAt: "02:00", kitchenClosesAt: "23:00" }],
  exceptions: [],
};

function render(renderedAt: string, className?: string) {
  const html = renderToString(
    <OpenStatus schedule={schedule} renderedAt={renderedAt} className={className} />,
  );
  const text = html.replace(/<[^>]*>/g, "");
  return { html, text };
}

describe("OpenStatus on the server", () => {
  // Fri 2026-06-19 22:00 EDT: the server renders the loader's instant, whatever the clock says.
  const openAt = "2026-06-20T02:00:00Z";
  // Fri 2026-06-19 10:00 EDT.
  const closedAt = "2026-06-19T14:00:00Z";

  test("says it is open, and until when, as of the loader's instant (Fri 22:00 EDT)", () => {
    const { html, text } = render(openAt);
    expect(text).toBe("Open now · until 2\u00a0am");
    expect(html).toContain("<strong>Open now</strong>");
    expect(html).toContain('data-open="true"');
  });

  test("says it is closed, and when it opens (Fri 10:00 EDT)", () => {
    const { html, text } = render(closedAt);
    expect(text).toBe("Closed · opens at 11\u00a0am");
    expect(html).toContain('data-open="false"');
  });

  test("announces updates politely as a status", () => {
    expect(render(openAt).html).toMatch(/^<p role="status"/);
  });

  test("the dot is decoration, green when open and grey when closed", () => {
    expect(render(openAt).html).toMatch(/<span aria-hidden="true" class="[^"]*bg-primary/);
    expect(render(closedAt).html).toMatch(/<span aria-hidden="true" class="[^"]*bg-zinc-400/);
  });

  test("takes a class for placement, added to its own", () => {
    const { html } = render(openAt, "mt-4 text-lg");
    expect(html).toMatch(/^<p [^>]*class="flex items-center gap-2 mt-4 text-lg"/);
  });
});
