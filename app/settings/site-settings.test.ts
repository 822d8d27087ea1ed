import { describe, expect, test } from "vitest";
import {
  bookingLinks,
  directionsLinks,
  formatAddress,
  onStreet,
  streetOf,
  telephoneHref,
  type SiteSettings,
} from "./site-settings";

const settings: SiteSettings = {
  name: "The Pub & Grill",
  shortName: "The Pub",
  tagline: "",
  description: "",
  streetAddress: "Dundas Street at Richmond Street",
  locality: "London",
  region: "ON",
  postalCode: "N6A 1H3",
  country: "CA",
  latitude: 42.9849,
  longitude: -81.2453,
  phone: "519-555-0134",
  email: "hello@example.com",
  priceRange: "$$",
  cuisines: [],
  acceptsReservations: true,
  reservationUrl: null,
  orderingUrl: null,
  socialLinks: [],
  transitNote: "",
  parkingNote: "",
  accessibilityNote: "",
  heroImage: null,
};

describe("telephoneHref", () => {
  test("a local number dials with Canada's country code", () => {
    expect(telephoneHref("519-555-0134")).toBe("tel:+15195550134");
  });

  test("spaces and brackets are dropped", () => {
    expect(telephoneHref("(519) 555 0134")).toBe("tel:+15195550134");
  });

  test("a number that already has its country code keeps it", () => {
    expect(telephoneHref("+1 519-555-0134")).toBe("tel:+15195550134");
  });
});

test("streetOf names the street alone: no civic number, unit or cross street", () => {
  for (const [address, street] of [
    ["Dundas Street at Richmond Street", "Dundas Street"],
    ["180 Dundas Street", "Dundas Street"],
    ["180A Dundas St.", "Dundas St."],
    ["Unit 2, 180 Dundas Street", "Dundas Street"],
    ["Suite 4 - 355 Clarence Street", "Clarence Street"],
    ["", ""],
  ] as const) {
    expect(streetOf({ streetAddress: address })).toBe(street);
  }
  expect(onStreet({ streetAddress: "425 Richmond Street", locality: "London" })).toBe(
    " on Richmond Street in London",
  );
  expect(onStreet({ streetAddress: "", locality: "London" })).toBe(" in London");
});

test("formatAddress gives the street, city and province on one line", () => {
  expect(formatAddress(settings)).toBe("Dundas Street at Richmond Street, London, ON");
});

describe("directionsLinks", () => {
  test("Google Maps searches for the pub by name and address, so it opens the listing", () => {
    const google = new URL(directionsLinks(settings).google);
    expect(google.origin + google.pathname).toBe("https://www.google.com/maps/search/");
    expect(google.searchParams.get("api")).toBe("1");
    expect(google.searchParams.get("query")).toBe(
      "The Pub & Grill, Dundas Street at Richmond Street, London, ON N6A 1H3",
    );
    expect([...google.searchParams.keys()]).toEqual(["api", "query"]);
  });

  test("the Google query is encoded, so an ampersand stays in the name", () => {
    expect(directionsLinks(settings).google).toBe(
      "https://www.google.com/maps/search/?api=1&query=The+Pub+%26+Grill%2C+Dundas+Street+at+Richmond+Street%2C+London%2C+ON+N6A+1H3",
    );
  });

  test("an empty postal code leaves no stray space", () => {
    const google = new URL(directionsLinks({ ...settings, postalCode: "" }).google);
    expect(google.searchParams.get("query")).toBe(
      "The Pub & Grill, Dundas Street at Richmond Street, London, ON",
    );
  });

  test("Apple Maps gets directions to the coordinates, labelled with the pub's name", () => {
    const apple = new URL(directionsLinks(settings).apple);
    expect(apple.origin + apple.pathname).toBe("https://maps.apple.com/");
    expect(apple.searchParams.get("daddr")).toBe("42.9849,-81.2453");
    expect(apple.searchParams.get("q")).toBe("The Pub & Grill");
  });

  test("the name is encoded, so an ampersand does not end the query", () => {
    expect(directionsLinks(settings).apple).toBe(
      "https://maps.apple.com/?daddr=42.9849%2C-81.2453&q=The+Pub+%26+Grill",
    );
  });
});

describe("bookingLinks", () => {
  test("none while staff have saved neither link", () => {
    expect(bookingLinks(settings)).toEqual([]);
  });

  test("Book a table and Order online, for the links staff saved", () => {
    const saved = {
      ...settings,
      reservationUrl: "https://book.example/pub",
      orderingUrl: "https://order.example/pub",
    };
    expect(bookingLinks(saved)).toEqual([
      { kind: "reservations", label: "Book a table", href: "https://book.example/pub" },
      { kind: "ordering", label: "Order online", href: "https://order.example/pub" },
    ]);
  });

  test("each link on its own", () => {
    expect(bookingLinks({ ...settings, orderingUrl: "https://order.example/pub" })).toEqual([
      { kind: "ordering", label: "Order online", href: "https://order.example/pub" },
    ]);
  });

  test("no booking button while the pub takes no reservations", () => {
    const closedBook = {
      ...settings,
      acceptsReservations: false,
      reservationUrl: "https://book.example/pub",
    };
    expect(bookingLinks(closedBook)).toEqual([]);
  });

  test("never a link that is not a web address", () => {
    expect(bookingLinks({ ...settings, orderingUrl: "javascript:alert(1)" })).toEqual([]);
  });
});
