import { describe, expect, test } from "vitest";
import {
  subscriberWhen,
  subscribersLink,
  unsubscribedHow,
  type SubscriberRow,
} from "./subscriber-list";

const row = (parts: Partial<SubscriberRow>): SubscriberRow => ({
  id: 1,
  email: "sam@example.com",
  state: "confirmed",
  consentedAt: null,
  consentForm: null,
  consentWording: null,
  pubName: null,
  pubPostalAddress: null,
  confirmedAt: null,
  confirmExpiresAt: null,
  unsubscribedAt: null,
  unsubscribedBy: null,
  unsubscribedByStaffEmail: null,
  bouncedAt: null,
  ...parts,
});

describe("a subscriber in words", () => {
  test("confirmed, waiting and unsubscribed say when (in Toronto) and how", () => {
    expect(
      subscriberWhen(
        row({
          consentForm: "contact",
          consentedAt: "2026-12-03T16:00:00Z",
          confirmedAt: "2026-12-03T17:00:00Z",
        }),
      ),
    ).toBe("Confirmed Dec 3, 2026, from the contact form");
    expect(
      subscriberWhen(
        row({
          consentForm: "footer",
          confirmedAt: "2026-12-03T17:00:00Z",
          bouncedAt: "2026-12-10T15:00:00Z",
        }),
      ),
    ).toBe(
      "Confirmed Dec 3, 2026, from the sign-up at the foot of every page; its mail server refused a newsletter for good on Dec 10, 2026, so sends skip it",
    );
    expect(
      subscriberWhen(
        row({
          state: "waiting",
          consentForm: "footer",
          consentedAt: "2026-12-03T16:00:00Z",
          confirmExpiresAt: "2026-12-10T16:00:00Z",
        }),
      ),
    ).toBe(
      "Waiting since Dec 3, 2026, from the sign-up at the foot of every page; the link runs out Dec 10, 2026",
    );
    // 2 am UTC on the 5th is still the 4th in Toronto.
    expect(
      subscriberWhen(
        row({
          state: "unsubscribed",
          unsubscribedAt: "2026-12-05T02:00:00Z",
          unsubscribedBy: "one-click",
        }),
      ),
    ).toBe("Unsubscribed Dec 4, 2026 by one-click in their mail program");
  });

  test("a removal names the owner who made it", () => {
    expect(
      unsubscribedHow(
        row({ unsubscribedBy: "owner", unsubscribedByStaffEmail: "sam@pub.example" }),
      ),
    ).toBe("by sam@pub.example (an owner)");
    expect(unsubscribedHow(row({ unsubscribedBy: "link" }))).toBe("by the link in a mail");
  });
});

describe("the list's address", () => {
  test("is as short as it can be, and keeps the state and search", () => {
    expect(subscribersLink({ state: null, q: "", page: 1 })).toBe("/staff/newsletter/subscribers");
    expect(subscribersLink({ state: "waiting", q: "a b&c", page: 3 }, { remove: "7" })).toBe(
      "/staff/newsletter/subscribers?state=waiting&q=a+b%26c&page=3&remove=7",
    );
  });
});
