import { shareCardVersion } from "./share-card";
import { describe, expect, test } from "vitest";
import type { ContentImage } from "~/images/content-image";
import { parseImageQuery } from "~/images/images";
import { SEARCH_IMAGE_RATIOS, searchImageUrls } from "~/images/pictures";
import type { PubEvent } from "~/events/events";
import type { MenuItem, MenuSection } from "~/menu/menu";
import { menuItem as item } from "~/menu/menu.test-support";
import type { OpeningSchedule } from "~/hours/opening-hours";
import type { SiteSettings } from "~/settings/site-settings";
import { SAMPLE_WEEK } from "~/staff/sample-content";
import { menuJsonLd } from "./menu-structured-data";
import { eventJsonLd, eventsJsonLd, restaurantJsonLd, serializeJsonLd } from "./structured-data";

const origin = "https://pub.example";

const settings: SiteSettings = {
  name: "The Squire Pub & Grill",
  shortName: "The Squire",
  tagline: "Pub & Grill",
  description: "Downtown London, Ontario's premier pub and grill",
  streetAddress: "Dundas Street at Richmond Street",
  locality: "London",
  region: "ON",
  postalCode: "N6A",
  country: "CA",
  latitude: 42.9836,
  longitude: -81.2497,
  phone: "519-555-0134",
  email: "hello@pub.example",
  priceRange: "$$",
  cuisines: ["Pub", "Canadian", "Grill"],
  acceptsReservations: true,
  reservationUrl: null,
  orderingUrl: null,
  socialLinks: [
    { network: "instagram", url: "https://www.instagram.com/example" },
    { network: "facebook", url: "https://www.facebook.com/example" },
  ],
  transitNote: "",
  parkingNote: "",
  accessibilityNote: "",
  heroImage: null,
};

// Sun 20 Dec 2026 in Toronto.
const today = "2026-12-20";

const schedule: OpeningSchedule = {
  weekly: [...SAMPLE_WEEK],
  exceptions: [
    { startsOn: "2026-12-18", endsOn: "2026-12-19", note: "Private function", closed: true },
    { startsOn: "2026-12-25", endsOn: "2026-12-25", note: "Closed for Christmas", closed: true },
    {
      startsOn: "2026-12-26",
      endsOn: "2026-12-26",
      note: "Boxing Day hours",
      closed: false,
      opensAt: "12:00",
      closesAt: "23:00",
      kitchenClosesAt: "21:00",
    },
  ],
};

const day = (name: string) => `https://schema.org/${name}`;

function restaurant(overrides: Partial<SiteSettings> = {}) {
  return restaurantJsonLd({ settings: { ...settings, ...overrides }, schedule, origin, today });
}

describe("restaurantJsonLd", () => {
  test("describes the pub as a schema.org Restaurant with a stable id", () => {
    const data = restaurant();
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Restaurant");
    expect(data["@id"]).toBe("https://pub.example/#restaurant");
    expect(data).toMatchObject({
      name: "The Squire Pub & Grill",
      description: "Downtown London, Ontario's premier pub and grill",
      email: "hello@pub.example",
      servesCuisine: ["Pub", "Canadian", "Grill"],
      priceRange: "$$",
    });
  });

  test("gives the telephone number in international form", () => {
    expect(restaurant().telephone).toBe("+15195550134");
  });

  test("gives the postal address from the settings, and coordinates", () => {
    const data = restaurant({ streetAddress: "182 Dundas Street", postalCode: "n6a 1g7" });
    expect(data.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "182 Dundas Street",
      addressLocality: "London",
      addressRegion: "ON",
      postalCode: "N6A 1G7",
      addressCountry: "CA",
    });
    // Half a postal code (the sample's) finds no address: it is left out, not guessed at.
    expect(restaurant().address).not.toHaveProperty("postalCode");
    expect(data.geo).toEqual({ "@type": "GeoCoordinates", latitude: 42.9836, longitude: -81.2497 });
  });

  test("gives the pub's own picture in 16:9, 4:3 and 1:1 when it has one", () => {
    const data = restaurantJsonLd({
      settings,
      schedule,
      origin,
      today,
      imageUrls: searchImageUrls(balloons),
    });
    expect(data.image).toEqual(searchImageUrls(balloons).map((url) => `https://pub.example${url}`));
    expect(data.image).toHaveLength(3);
  });

  test("links the home page, menu, share card and social accounts by absolute URL", () => {
    const data = restaurant();
    expect(data.url).toBe("https://pub.example/");
    expect(data.hasMenu).toBe("https://pub.example/menu");
    expect(data.menu).toBe("https://pub.example/menu");
    // Without a picture of the pub, its share card.
    expect(data.image).toBe(`https://pub.example/share-card.jpg?v=${shareCardVersion(settings)}`);
    expect(data.sameAs).toEqual([
      "https://www.instagram.com/example",
      "https://www.facebook.com/example",
    ]);
  });

  test("names as its profiles only links staff set, never sample ones on example domains", () => {
    const sample = restaurant({
      socialLinks: [
        { network: "instagram.example.com", url: "https://instagram.example.com/thesquire" },
        { network: "facebook.example.com", url: "https://facebook.example.com/thesquire" },
        { network: "pub.example", url: "https://pub.example/about" },
      ],
    });
    expect(sample).not.toHaveProperty("sameAs");
    const mixed = restaurant({
      socialLinks: [
        { network: "instagram.example.com", url: "https://instagram.example.com/thesquire" },
        { network: "instagram", url: "https://www.instagram.com/thesquirepub" },
      ],
    });
    expect(mixed.sameAs).toEqual(["https://www.instagram.com/thesquirepub"]);
  });

  test("without a reservations link, says only whether the pub takes bookings", () => {
    const data = restaurant({ reservationUrl: null, orderingUrl: null });
    expect(data.acceptsReservations).toBe(true);
    expect(JSON.stringify(data)).not.toContain("book.example");
    expect(
      restaurant({ acceptsReservations: false, reservationUrl: "https://book.example/squire" })
        .acceptsReservations,
    ).toBe(false);
  });

  test("says whether it takes reservations, or where to make one", () => {
    expect(restaurant().acceptsReservations).toBe(true);
    expect(restaurant({ acceptsReservations: false }).acceptsReservations).toBe(false);
    expect(restaurant({ reservationUrl: "https://book.example/squire" }).acceptsReservations).toBe(
      "https://book.example/squire",
    );
  });

  test("groups days with the same hours, Monday first, closings after midnight as they are", () => {
    const weekly = restaurant().openingHoursSpecification.filter((entry) => !entry.validFrom);
    expect(weekly).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [day("Monday"), day("Tuesday"), day("Wednesday")],
        opens: "11:30",
        closes: "00:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [day("Thursday")],
        opens: "11:30",
        closes: "01:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [day("Friday"), day("Saturday")],
        opens: "11:00",
        closes: "02:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [day("Sunday")],
        opens: "11:00",
        closes: "23:00",
      },
    ]);
  });

  test("leaves a weekday without hours out, since it is closed", () => {
    const data = restaurantJsonLd({
      settings,
      schedule: { ...schedule, weekly: schedule.weekly.filter((row) => row.weekday !== 1) },
      origin,
      today,
    });
    const days = data.openingHoursSpecification.flatMap((entry) => entry.dayOfWeek ?? []);
    expect(days).not.toContain(day("Monday"));
    expect(days).toHaveLength(6);
  });

  test("marks a closed holiday as opening and closing at 00:00 for its dates", () => {
    expect(restaurant().openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      opens: "00:00",
      closes: "00:00",
      validFrom: "2026-12-25",
      validThrough: "2026-12-25",
    });
  });

  test("gives special hours with their dates", () => {
    expect(restaurant().openingHoursSpecification).toContainEqual({
      "@type": "OpeningHoursSpecification",
      opens: "12:00",
      closes: "23:00",
      validFrom: "2026-12-26",
      validThrough: "2026-12-26",
    });
  });

  test("leaves out exceptions that were over before today", () => {
    const validFrom = restaurant().openingHoursSpecification.map((entry) => entry.validFrom);
    expect(validFrom).not.toContain("2026-12-18");
    expect(validFrom.filter(Boolean)).toEqual(["2026-12-25", "2026-12-26"]);
  });

  test("keeps an exception that ends today", () => {
    const data = restaurantJsonLd({ settings, schedule, origin, today: "2026-12-19" });
    expect(data.openingHoursSpecification.map((entry) => entry.validFrom)).toContain("2026-12-18");
  });
});

const wings: MenuItem = item({
  id: 1,
  name: "Wings",
  description: "A pound of wings, tossed in your choice of sauce.",
  priceCents: 1895,
  dietaryTags: ["gluten-free", "spicy"],
  image: { path: "dishes/wings.svg", alt: "A basket of wings" },
});
const cauliflower: MenuItem = item({
  id: 2,
  name: "Crispy cauliflower",
  description: "Battered cauliflower with vegan ranch.",
  priceCents: 1450,
  dietaryTags: ["vegan", "vegetarian", "dairy-free"],
});
const oysters: MenuItem = item({ id: 3, name: "Oysters", priceCents: 2400, available: false });

const sections: MenuSection[] = [
  {
    id: 1,
    slug: "starters",
    name: "Starters",
    description: "To share, or not.",
    note: "",
    mayContain: [],
    items: [wings, cauliflower, oysters],
  },
  {
    id: 2,
    slug: "sides",
    name: "Sides",
    description: "",
    note: "",
    mayContain: [],
    items: [item({ id: 4, name: "Fries" })],
  },
];

/** A picture as the optimiser describes it. */
const balloons = {
  source: { path: "events/new-years-eve.svg", width: 1600, height: 900, version: "abc123" },
  alt: "Balloons",
};

const optimised = (image: ContentImage) => `/img/${image.path}?w=1200&fm=jpeg&v=abc123`;

function menu() {
  return menuJsonLd({
    sections,
    origin,
    imageUrlFor: (entry) => (entry.image ? optimised(entry.image) : undefined),
  });
}

function menuItem(name: string) {
  const found = menu()
    .hasMenuSection.flatMap((section) => section.hasMenuItem)
    .find((entry) => entry.name === name);
  if (!found) throw new Error(`no menu item named ${name}`);
  return found;
}

describe("menuJsonLd", () => {
  test("describes the menu page as a Menu in Canadian English", () => {
    expect(menu()).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Menu",
      "@id": "https://pub.example/menu#menu",
      name: "Menu",
      url: "https://pub.example/menu",
      inLanguage: "en-CA",
    });
  });

  test("lists the sections it is given, in order, with their items", () => {
    const [starters, sides] = menu().hasMenuSection;
    expect(starters).toMatchObject({
      "@type": "MenuSection",
      name: "Starters",
      description: "To share, or not.",
    });
    expect(starters?.hasMenuItem.map((entry) => entry.name)).toEqual([
      "Wings",
      "Crispy cauliflower",
      "Oysters",
    ]);
    expect(sides).not.toHaveProperty("description");
  });

  test("prices each item in Canadian dollars, in stock while available", () => {
    expect(menuItem("Wings")).toMatchObject({
      "@type": "MenuItem",
      description: "A pound of wings, tossed in your choice of sauce.",
      offers: {
        "@type": "Offer",
        price: "18.95",
        priceCurrency: "CAD",
        availability: "https://schema.org/InStock",
      },
    });
  });

  test("marks an unavailable item out of stock", () => {
    expect(menuItem("Oysters").offers.availability).toBe("https://schema.org/OutOfStock");
  });

  test("names the diets schema.org knows and skips the other tags", () => {
    expect(menuItem("Crispy cauliflower").suitableForDiet).toEqual([
      "https://schema.org/VeganDiet",
      "https://schema.org/VegetarianDiet",
    ]);
    expect(menuItem("Wings").suitableForDiet).toEqual(["https://schema.org/GlutenFreeDiet"]);
    expect(menuItem("Oysters")).not.toHaveProperty("suitableForDiet");
  });

  test("gives a pictured item its optimised image by absolute URL", () => {
    expect(menuItem("Wings").image).toBe(
      "https://pub.example/img/dishes/wings.svg?w=1200&fm=jpeg&v=abc123",
    );
    expect(menuItem("Crispy cauliflower")).not.toHaveProperty("image");
  });

  test("leaves images out when no image URLs are supplied", () => {
    const [starters] = menuJsonLd({ sections, origin }).hasMenuSection;
    expect(starters?.hasMenuItem[0]).not.toHaveProperty("image");
  });
});

function event(overrides: Partial<PubEvent> & Pick<PubEvent, "id" | "slug" | "title">): PubEvent {
  return {
    summary: "",
    description: "",
    startsAt: "2026-12-19T01:00:00.000Z",
    endsAt: null,
    status: "scheduled",
    listedAt: "2026-11-01T14:00:00.000Z",
    previousStartsAt: null,
    priceCents: null,
    performer: "",
    image: null,
    ...overrides,
  };
}

const trivia = event({
  id: 1,
  slug: "trivia-night",
  title: "Trivia Night",
  summary: "Teams of up to six; prizes for the top three.",
  description: "A longer description.",
  startsAt: "2026-12-22T00:00:00.000Z",
  endsAt: "2026-12-22T02:30:00.000Z",
});
const cancelledBand = event({
  id: 2,
  slug: "tribute-band",
  title: "Tribute Band",
  description: "Postponed until the new year.",
  status: "cancelled",
  priceCents: 1500,
});
const soldOutParty = event({
  id: 3,
  slug: "new-years-eve",
  title: "New Year's Eve Party",
  status: "sold-out",
  priceCents: 4500,
  image: { path: "events/new-years-eve.svg", alt: "Balloons" },
});

describe("eventJsonLd", () => {
  test("describes an event at the pub, organised by the restaurant", () => {
    expect(eventJsonLd({ event: trivia, settings, origin })).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: "Trivia Night",
      description: "Teams of up to six; prizes for the top three.",
      url: "https://pub.example/events/trivia-night",
      // 7 pm to 9:30 pm on December 21 in Toronto: 00:00 to 02:30 UTC on the 22nd.
      startDate: "2026-12-21T19:00:00-05:00",
      endDate: "2026-12-21T21:30:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: {
        "@type": "Place",
        name: "The Squire Pub & Grill",
        address: { "@type": "PostalAddress", streetAddress: "Dundas Street at Richmond Street" },
      },
      organizer: { "@id": "https://pub.example/#restaurant", name: "The Squire Pub & Grill" },
    });
  });

  test("falls back to the description when there is no summary", () => {
    expect(eventJsonLd({ event: cancelledBand, settings, origin }).description).toBe(
      "Postponed until the new year.",
    );
  });

  test("leaves the end out when the event has none", () => {
    expect(eventJsonLd({ event: cancelledBand, settings, origin })).not.toHaveProperty("endDate");
  });

  test("says a free event is free to attend, with a price of 0", () => {
    const data = eventJsonLd({ event: trivia, settings, origin });
    expect(data.isAccessibleForFree).toBe(true);
    expect(data.offers).toEqual({
      "@type": "Offer",
      price: "0.00",
      priceCurrency: "CAD",
      availability: "https://schema.org/InStock",
      // Since it was put on the site: 14:00 UTC is 9 am in Toronto, the clocks gone back that night.
      validFrom: "2026-11-01T09:00:00-05:00",
      url: "https://pub.example/events/trivia-night",
    });
  });

  test("names the performer when staff gave one, and none otherwise", () => {
    const band = eventJsonLd({
      event: { ...cancelledBand, performer: " Kettle & Crow " },
      settings,
      origin,
    });
    expect(band.performer).toEqual({ "@type": "PerformingGroup", name: "Kettle & Crow" });
    expect(band).not.toHaveProperty("isAccessibleForFree");
    expect(eventJsonLd({ event: trivia, settings, origin })).not.toHaveProperty("performer");
  });

  test("marks a cancelled event cancelled, its ticket price in CAD no longer on offer", () => {
    const data = eventJsonLd({ event: cancelledBand, settings, origin });
    expect(data.eventStatus).toBe("https://schema.org/EventCancelled");
    expect(data.offers).toEqual({
      "@type": "Offer",
      price: "15.00",
      priceCurrency: "CAD",
      availability: "https://schema.org/Discontinued",
      validFrom: "2026-11-01T09:00:00-05:00",
      url: "https://pub.example/events/tribute-band",
    });
  });

  test("marks a postponed event postponed at the date it had, its offer out of stock", () => {
    const data = eventJsonLd({
      event: { ...cancelledBand, status: "postponed" },
      settings,
      origin,
    });
    expect(data.eventStatus).toBe("https://schema.org/EventPostponed");
    // Google: a postponed event keeps its startDate until the new date is known.
    expect(data.startDate).toBe("2026-12-18T20:00:00-05:00");
    expect(data).not.toHaveProperty("previousStartDate");
    expect(data.offers.availability).toBe("https://schema.org/OutOfStock");
  });

  test("marks a rescheduled event with its new date and the one before, both with Toronto's offset", () => {
    const data = eventJsonLd({
      event: {
        ...trivia,
        status: "rescheduled",
        // It was to be 7 pm on a summer evening (EDT), a week before the winter date.
        previousStartsAt: "2026-07-14T23:00:00.000Z",
      },
      settings,
      origin,
    });
    expect(data).toMatchObject({
      eventStatus: "https://schema.org/EventRescheduled",
      startDate: "2026-12-21T19:00:00-05:00",
      previousStartDate: "2026-07-14T19:00:00-04:00",
      offers: { availability: "https://schema.org/InStock" },
    });
    // Only a rescheduled event names an earlier date.
    expect(
      eventJsonLd({
        event: { ...trivia, previousStartsAt: "2026-07-14T23:00:00.000Z" },
        settings,
        origin,
      }),
    ).not.toHaveProperty("previousStartDate");
  });

  test("gives an offer valid from the event's start at the latest, for an event listed late", () => {
    const data = eventJsonLd({
      event: { ...trivia, listedAt: "2026-12-23T12:00:00.000Z" },
      settings,
      origin,
    });
    expect(data.offers.validFrom).toBe(data.startDate);
  });

  test("keeps a sold-out event scheduled, with its offer sold out", () => {
    const data = eventJsonLd({ event: soldOutParty, settings, origin });
    expect(data.eventStatus).toBe("https://schema.org/EventScheduled");
    expect(data.offers).toMatchObject({
      price: "45.00",
      priceCurrency: "CAD",
      availability: "https://schema.org/SoldOut",
    });
  });

  test("on the event's own page, describes it in full", () => {
    expect(eventJsonLd({ event: trivia, settings, origin, shows: "description" }).description).toBe(
      "A longer description.",
    );
    const summaryOnly = { ...trivia, description: "" };
    expect(
      eventJsonLd({ event: summaryOnly, settings, origin, shows: "description" }).description,
    ).toBe("Teams of up to six; prizes for the top three.");
  });

  test("has no image, description or performer to give for a bare free event", () => {
    const bare = event({ id: 9, slug: "quiz", title: "Quiz" });
    const data = eventJsonLd({ event: bare, settings, origin, shows: "description" });
    expect(data).not.toHaveProperty("image");
    expect(data).not.toHaveProperty("description");
    expect(data).not.toHaveProperty("performer");
    expect(data.isAccessibleForFree).toBe(true);
    expect(data.location.address.streetAddress).toBe("Dundas Street at Richmond Street");
  });

  test("gives its picture in 16:9, 4:3 and 1:1, as JPEGs the optimiser serves, by absolute URL", () => {
    const data = eventJsonLd({
      event: soldOutParty,
      settings,
      origin,
      imageUrls: searchImageUrls(balloons),
    });
    expect(data.image).toEqual([
      "https://pub.example/img/events/new-years-eve.svg?w=1200&h=675&fm=jpeg&fit=cover&v=abc123",
      "https://pub.example/img/events/new-years-eve.svg?w=1200&h=900&fm=jpeg&fit=cover&v=abc123",
      "https://pub.example/img/events/new-years-eve.svg?w=1200&h=1200&fm=jpeg&fit=cover&v=abc123",
    ]);
    // Each one a variant the optimiser serves as asked (it throws, or points elsewhere, otherwise).
    const shapes = data.image!.map((url) => {
      const { variant } = parseImageQuery(new URL(url).searchParams);
      expect(variant).toMatchObject({ format: "jpeg", fit: "cover", width: 1200 });
      return variant.width / variant.height!;
    });
    expect(shapes.map((shape, index) => Math.abs(shape - SEARCH_IMAGE_RATIOS[index]!))).toEqual([
      expect.closeTo(0, 2),
      expect.closeTo(0, 2),
      expect.closeTo(0, 2),
    ]);
  });
});

describe("eventsJsonLd", () => {
  test("gives one Event per event, in order, with images for pictured ones", () => {
    const data = eventsJsonLd({
      events: [trivia, cancelledBand, soldOutParty],
      settings,
      origin,
      imageUrlsFor: (image) => [optimised(image)],
    });
    expect(data.map((entry) => entry.name)).toEqual([
      "Trivia Night",
      "Tribute Band",
      "New Year's Eve Party",
    ]);
    expect(data.map((entry) => ("image" in entry ? entry.image : undefined))).toEqual([
      undefined,
      undefined,
      ["https://pub.example/img/events/new-years-eve.svg?w=1200&fm=jpeg&v=abc123"],
    ]);
  });
});

describe("serializeJsonLd", () => {
  const hostile = {
    name: "</script><script>alert(1)</script>",
    description: "Fish & chips <!-- \u2028 \u2029 -->",
  };

  test("escapes every character that could end the script element or open a comment", () => {
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)");
    expect(json).toContain("Fish \\u0026 chips \\u003c!-- \\u2028 \\u2029 --\\u003e");
  });

  test("parses back to the same value", () => {
    expect(JSON.parse(serializeJsonLd(hostile))).toEqual(hostile);
  });

  test("parses a whole restaurant back unchanged", () => {
    const data = restaurant();
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });
});
