import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { TurnstileWidget } from "./turnstile-widget";

function render(fallback?: ReactNode) {
  const html = renderToString(
    <form method="post">
      <TurnstileWidget siteKey="1x00000000000000000000AA" action="contact" fallback={fallback} />
    </form>,
  );
  const noscript = /<noscript>(.*)<\/noscript>/s.exec(html)?.[1] ?? "";
  return { html, noscript: noscript.replace(/<[^>]*>/g, "") };
}

describe("TurnstileWidget on the server", () => {
  test("keeps the widget's height, so the form does not jump when it appears", () => {
    expect(render().html).toMatch(/<div data-slot="turnstile" class="min-h-\[65px\]">/);
  });

  test("renders an empty box for the widget and loads nothing itself", () => {
    const { html } = render();
    expect(html).toContain('<div data-slot="turnstile-widget"></div>');
    expect(html).not.toContain("<script");
  });

  test("tells visitors without JavaScript why, and what to do instead", () => {
    expect(render().noscript).toBe(
      "The spam check needs JavaScript. If you cannot use it, please call or email us instead.",
    );
  });

  test("takes the alternative as its own content", () => {
    const { noscript } = render(
      <>
        Or call us on <a href="tel:+15555550100">555-0100</a>.
      </>,
    );
    expect(noscript).toBe("The spam check needs JavaScript. Or call us on 555-0100.");
  });
});
