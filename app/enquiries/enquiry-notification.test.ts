import { describe, expect, test } from "vitest";
import { SUBJECT_NAME_MAX, enquiryNotification } from "./enquiry-notification";
import type { NewEnquiry } from "./enquiry-store.server";

const contact: NewEnquiry = {
  kind: "contact",
  submissionToken: "00000000-0000-4000-8000-000000000000",
  fingerprint: "a".repeat(64),
  newsletterWording: null,
  name: "Sam Okafor",
  email: "sam@example.com",
  phone: "+15195550199",
  topic: "lost-and-found",
  message: "I left a green scarf on the patio on Friday night.",
  consent: true,
  newsletter: false,
};

const venue: NewEnquiry = {
  kind: "venue",
  submissionToken: "00000000-0000-4000-8000-000000000001",
  fingerprint: "b".repeat(64),
  newsletterWording: "Yes",
  spaceId: 2,
  spaceName: "The Back Room",
  space: "back-room",
  date: "2027-03-13",
  startTime: "19:30",
  partySize: 40,
  name: "Sam Okafor",
  email: "sam@example.com",
  phone: null,
  message: "A fortieth birthday: a buffet and a few speeches.",
  consent: true,
  newsletter: true,
} as NewEnquiry;

const settings = { to: ["manager@pub.example"], siteUrl: "https://pub.example" };
// 7:30 pm in Toronto, Tuesday, November 24, 2026.
const receivedAt = new Date("2026-11-25T00:30:00Z");

describe("the notification of a new enquiry", () => {
  test("a venue enquiry: who, what, where to read it, and Reply-To the visitor", () => {
    const mail = enquiryNotification(venue, { id: 12, receivedAt, settings });
    expect(mail.subject).toBe("New enquiry: Venue booking from Sam Okafor");
    expect(mail.to).toEqual(["manager@pub.example"]);
    expect(mail.replyTo).toEqual({ name: "Sam Okafor", address: "sam@example.com" });
    expect(mail.text).toContain(
      "A venue enquiry came through the site on Tuesday, November 24 at 7:30\u00a0pm (enquiry #12).",
    );
    expect(mail.text).toContain("Space: The Back Room");
    expect(mail.text).toContain("Date: Saturday, March 13, 2027, from 7:30\u00a0pm");
    expect(mail.text).toContain("Guests: 40");
    expect(mail.text).toContain("Phone: Not given");
    expect(mail.text).toContain("Newsletter: Yes, they asked for the newsletter");
    expect(mail.text).toContain("Message:\nA fortieth birthday: a buffet and a few speeches.");
    expect(mail.text).toContain(
      "Read it and mark it handled in the staff area: https://pub.example/staff/enquiries/12",
    );
    expect(mail.html).toContain('<a href="https://pub.example/staff/enquiries/12">');
  });

  test("a contact message names its topic", () => {
    const mail = enquiryNotification(contact, { id: 3, receivedAt, settings });
    expect(mail.subject).toBe("New enquiry: Lost and found from Sam Okafor");
    expect(mail.text).toContain("Topic: Lost and found");
    expect(mail.text).toContain("Phone: (519) 555-0199");
  });

  test("without SITE_URL it says where to find the enquiry, and links nowhere", () => {
    const mail = enquiryNotification(contact, {
      id: 3,
      receivedAt,
      settings: { ...settings, siteUrl: undefined },
    });
    expect(mail.text).toContain(
      "sign in at the site's /staff page; it is enquiry #3 in Enquiries.",
    );
    expect(mail.text).not.toContain("http");
    expect(mail.html).not.toContain("<a ");
  });

  test("a hostile name cannot reach a header: one line, no hidden characters, cut to length", () => {
    const name = `Sam\r\nBcc: victim@example.com\u202E${"x".repeat(200)}`;
    const mail = enquiryNotification({ ...contact, name }, { id: 3, receivedAt, settings });
    expect(mail.subject).not.toMatch(/[\r\n\u202E]/);
    expect(mail.subject.startsWith("New enquiry: Lost and found from Sam Bcc: victim@")).toBe(true);
    expect([...mail.replyTo!.name!].length).toBe(SUBJECT_NAME_MAX);
    expect(mail.replyTo!.name).not.toMatch(/[\r\n\u202E]/);
  });

  test("visitor text in the HTML part is escaped", () => {
    const mail = enquiryNotification(
      { ...contact, name: "<b>Sam</b>", message: `<img src=x onerror="alert(1)"> & more text` },
      { id: 3, receivedAt, settings },
    );
    expect(mail.html).toContain("&lt;b&gt;Sam&lt;/b&gt;");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; more text");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>");
  });
});
