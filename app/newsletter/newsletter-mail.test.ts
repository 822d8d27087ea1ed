import { expect, test } from "vitest";
import { confirmationMail, newsletterLink } from "./newsletter-mail";

const links = {
  confirm: newsletterLink("https://pub.example", "confirm", "c".repeat(43)),
  unsubscribe: newsletterLink("https://pub.example", "unsubscribe", `7.${"u".repeat(43)}`),
};

const mail = confirmationMail({
  to: "sam@example.com",
  pub: { name: "The Squire <Pub> & Grill", postalAddress: "180 Main Street, London, ON N6A 1A1" },
  form: "venue",
  wording: "Yes, send me the newsletter.",
  links,
});

test("the confirmation names the pub and its postal address, the link, what was agreed to and where", () => {
  expect(mail.to).toEqual(["sam@example.com"]);
  expect(mail.subject).toBe("Confirm your subscription to The Squire <Pub> & Grill's newsletter");
  expect(mail.text).toContain(`Confirm your subscription: ${links.confirm}`);
  expect(mail.text).toContain(
    'You asked for it on our venue enquiry form, agreeing to: "Yes, send me the newsletter."',
  );
  expect(mail.text).toMatch(/--\nThe Squire <Pub> & Grill\n180 Main Street, London, ON N6A 1A1\n$/);
});

test("it carries the unsubscribe link, visible and for the one-click headers", () => {
  expect(links.unsubscribe).toBe(
    `https://pub.example/newsletter/unsubscribe?token=7.${"u".repeat(43)}`,
  );
  expect(mail.listUnsubscribe).toBe(links.unsubscribe);
  expect(mail.text).toContain(`Unsubscribe: ${links.unsubscribe}`);
  expect(mail.html).toContain(`href="${links.unsubscribe}"`);
});

test("the HTML part escapes the pub's name", () => {
  expect(mail.html).toContain("The Squire &lt;Pub&gt; &amp; Grill");
  expect(mail.html).not.toContain("<Pub>");
});
