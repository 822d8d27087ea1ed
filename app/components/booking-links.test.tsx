import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { BookingLinkRow, BookingLinks } from "./booking-links";

const unset = { acceptsReservations: true, reservationUrl: null, orderingUrl: null };
const saved = {
  acceptsReservations: true,
  reservationUrl: "https://book.example/pub?party=2&time=19:00",
  orderingUrl: "https://order.example/pub",
};

/** Each link's address and its accessible name (its words; the icons are hidden). */
function links(html: string) {
  return [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map(([, attributes = "", inner = ""]) => ({
    href: /href="([^"]*)"/.exec(attributes)?.[1]?.replaceAll("&amp;", "&"),
    target: /target="/.test(attributes),
    name: inner.replace(/<svg[^]*?<\/svg>/g, "").replace(/<[^>]+>/g, ""),
    iconsHidden: [...inner.matchAll(/<svg ([^>]*)>/g)].every(([, svg]) =>
      svg?.includes('aria-hidden="true"'),
    ),
  }));
}

describe("the booking buttons", () => {
  test("are Book a table and Order online, to the links staff saved, opening as links do", () => {
    expect(links(renderToString(<BookingLinks settings={saved} />))).toEqual([
      { href: saved.reservationUrl, target: false, name: "Book a table", iconsHidden: true },
      { href: saved.orderingUrl, target: false, name: "Order online", iconsHidden: true },
    ]);
  });

  test("are not there when neither link is set, and leave no empty row", () => {
    expect(renderToString(<BookingLinks settings={unset} />)).toBe("");
    expect(renderToString(<BookingLinkRow settings={unset} className="mt-6" />)).toBe("");
  });

  test("show only the link that is set", () => {
    const html = renderToString(
      <BookingLinkRow settings={{ ...unset, orderingUrl: saved.orderingUrl }} />,
    );
    expect(links(html).map((link) => link.name)).toEqual(["Order online"]);
    expect(html).toMatch(/^<div class="[^"]*flex/);
  });
});
