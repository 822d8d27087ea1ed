import { randomUUID } from "node:crypto";
import type { RouterContextProvider, UNSAFE_DataWithResponseInit } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { formPost, routeArgs } from "../../tests/support/route-args";
import { startSiteverifyFake, type SiteverifyFake } from "../../tests/support/siteverify-fake";
import {
  visitorContext,
  databaseWithOutage,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { action as contactAction, loader as contactLoader } from "./contact";
import { action as venueAction } from "./venue";
import { DatabaseUnavailableError, type Database } from "~/platform/database/database.server";
import { siteContent } from "~/site/site-content.server";
import type { EnquiryActionData } from "~/enquiries/enquiry-fields";
import { rateLimitAddress } from "~/platform/rate-limit.server";
import { hoursOn } from "~/hours/opening-hours";
import { torontoDate } from "~/platform/clock/toronto-time";
import { DEFAULT_RATE_LIMITS, type FormProtection } from "~/platform/form-protection";
import { toastCookie } from "~/platform/toast.server";

let db: TestDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.[Symbol.asyncDispose]();
});

type Outcome = Response | UNSAFE_DataWithResponseInit<EnquiryActionData<string>>;

/** A context on the test database, from a client address of its own, with the limits given. */
function contextFor(
  database: Database = db,
  protection: Partial<FormProtection> = {},
  address: string | null = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
): RouterContextProvider {
  return visitorContext(database, { protection, address });
}

/** A value as a test's title shows it: quoted, and long ones by their length. */
const shown = (value: unknown) =>
  typeof value === "string" && value.length > 40
    ? `${value.length} characters`
    : JSON.stringify(value);

const uniqueEmail = () => `guest-${randomUUID().slice(0, 8)}@example.com`;

function contactForm(fields: Record<string, string> = {}): Record<string, string> {
  return {
    submission: randomUUID(),
    name: "Sam Okafor",
    email: uniqueEmail(),
    phone: "",
    topic: "lost-and-found",
    message: "I left a green scarf on the patio on Friday night.",
    consent: "on",
    ...fields,
  };
}

async function postContact(fields: Record<string, string>, context = contextFor()) {
  return (await contactAction(routeArgs(formPost("/contact", fields), { context }))) as Outcome;
}

async function postVenue(fields: Record<string, string>, context = contextFor()) {
  return (await venueAction(routeArgs(formPost("/venue", fields), { context }))) as Outcome;
}

/** The action's answer when it did not redirect. */
function answered(outcome: Outcome) {
  expect(outcome).not.toBeInstanceOf(Response);
  const result = outcome as UNSAFE_DataWithResponseInit<EnquiryActionData<string>>;
  return {
    status: result.init?.status ?? 200,
    headers: new Headers(result.init?.headers),
    ...result.data,
  };
}

async function rowsWithToken(token: string) {
  return db.query<Record<string, unknown>>(
    `select kind, name, email, phone, message, topic, venue_space_name, event_date::text,
       to_char(start_time, 'HH24:MI') as start_time, party_size,
       newsletter_opted_in_at, newsletter_wording
     from public.enquiries where submission_token = $1::uuid`,
    [token],
  );
}

async function enquiryCount(): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    "select count(*)::int as count from public.enquiries",
  );
  return row?.count ?? 0;
}

describe("the contact form", () => {
  test("a valid message is stored, and the visitor is sent to the confirmation with a toast", async () => {
    const fields = contactForm({ phone: "(519) 555-0199" });
    const response = await postContact(fields);

    expect(response).toHaveRedirect("/contact#enquiry-sent");
    expect((response as Response).status).toBe(303);
    const cookies = (response as Response).headers.getSetCookie();
    const toast = await toastCookie.parse(cookies.find((c) => c.startsWith("toast=")) ?? null);
    expect(toast).toMatchObject({ type: "success", title: "Your message is sent." });
    expect(toast.description).toContain("Sam");

    // As stored and as the confirmation repeats it, the phone number in one form.
    const sent = {
      kind: "contact",
      name: "Sam Okafor",
      email: fields.email,
      phone: "+15195550199",
      topic: "lost-and-found",
      message: fields.message,
    };
    const rows = await rowsWithToken(fields.submission!);
    expect(rows).toEqual([
      expect.objectContaining({
        ...sent,
        newsletter_opted_in_at: null,
        newsletter_wording: null,
      }),
    ]);

    // The confirmation repeats what was sent, once.
    const receiptCookie = cookies.find((c) => c.startsWith("enquiry-receipt="))!;
    const page = await contactLoader(
      routeArgs(
        new Request("http://localhost/contact", {
          headers: { Cookie: receiptCookie.split(";")[0]! },
        }),
        { context: contextFor() },
      ),
    );
    expect(page.data.receipt).toMatchObject({ ...sent, newsletter: false });
    expect(new Headers(page.init?.headers).get("Set-Cookie")).toMatch(
      /^enquiry-receipt=; .*Max-Age=0/,
    );
  });

  test("posted twice, or replayed later, it is stored once and both posts see the confirmation", async () => {
    const fields = contactForm();
    const first = await postContact(fields);
    const second = await postContact(fields);
    const replay = await postContact(fields, contextFor(db, {}, "192.0.2.99"));
    for (const response of [first, second, replay]) {
      expect(response).toHaveRedirect("/contact#enquiry-sent");
    }
    expect(await rowsWithToken(fields.submission!)).toHaveLength(1);
  });

  test("posted twice at the same moment, it is still stored once", async () => {
    const fields = contactForm();
    const results = await Promise.all([postContact(fields), postContact(fields)]);
    for (const response of results) expect(response).toHaveRedirect("/contact#enquiry-sent");
    expect(await rowsWithToken(fields.submission!)).toHaveLength(1);
  });

  test("a different message with a token already used stores nothing and offers a new token", async () => {
    const fields = contactForm();
    await postContact(fields);
    const result = answered(
      await postContact({ ...fields, message: "Something else entirely, a second message." }),
    );
    expect(result.status).toBe(409);
    expect(result.submissionToken).not.toBe(fields.submission);
    expect(result.values.message).toBe("Something else entirely, a second message.");
    expect(await rowsWithToken(fields.submission!)).toHaveLength(1);
  });

  test("the newsletter opt-in is stored with its time and wording; unticked, nothing is", async () => {
    const fields = contactForm({ newsletter: "on" });
    await postContact(fields);
    const [row] = await rowsWithToken(fields.submission!);
    expect(row?.newsletter_opted_in_at).toBeTruthy();
    expect(row?.newsletter_wording).toMatch(/newsletter/);
  });

  test("a made-up or missing token is replaced, so the post is still stored", async () => {
    const fields = contactForm({ submission: "not-a-token" });
    expect(await postContact(fields)).toHaveRedirect("/contact#enquiry-sent");
  });

  describe("bad input gets 400, a message by the field, the typed text kept and nothing stored", () => {
    test.each(
      (
        [
          ["name", "", /Enter your name/],
          ["name", "   ", /Enter your name/],
          ["name", "x".repeat(101), /100 characters or fewer/],
          ["email", "", /Enter your email address/],
          ["email", "sam@", /such as name@example.com/],
          ["email", "sam example.com", /such as name@example.com/],
          ["email", `${"a".repeat(245)}@example.com`, /at most 254 characters/],
          ["phone", "555-0199", /10-digit phone number/],
          ["phone", "+44 20 7946 0958", /10-digit phone number/],
          ["phone", "call me maybe", /10-digit phone number/],
          ["topic", "", /Choose what your message is about/],
          ["topic", "complaints", /Choose what your message is about/],
          ["message", "", /Write your message/],
          ["message", "Too short", /at least 10 characters/],
          ["message", "x".repeat(5001), /5,000 characters or fewer/],
          ["consent", "", /Tick the box/],
          ["consent", "yes", /Tick the box/],
        ] as Array<[string, string, RegExp]>
      ).map(([field, value, message]) => ({
        field,
        value,
        message,
        shown: shown(value),
      })),
    )("$field = $shown", async ({ field, value, message }) => {
      const before = await enquiryCount();
      const fields = contactForm({ [field]: value });
      const result = answered(await postContact(fields));
      expect(result.status).toBe(400);
      expect(result.errors[field]).toMatch(message);
      expect(Object.keys(result.errors)).toEqual([field]);
      expect(result.formError).toBe("Please check 1 answer and send again.");
      const { submission: _token, ...typed } = fields;
      expect(result.values).toEqual(expect.objectContaining(typed));
      expect(result.values[field]).toBe(value);
      expect(result.submissionToken).toBe(fields.submission);
      expect(await enquiryCount()).toBe(before);
    });

    test("every problem is reported at once", async () => {
      const result = answered(
        await postContact({ submission: randomUUID(), name: "", email: "x", message: "hi" }),
      );
      expect(result.status).toBe(400);
      expect(Object.keys(result.errors).sort()).toEqual(
        ["consent", "email", "message", "name", "topic"].sort(),
      );
      expect(result.formError).toBe("Please check 5 answers and send again.");
    });

    test("the usual ways of writing a North American number are accepted", async () => {
      for (const phone of [
        "519-555-0199",
        "(519) 555-0199",
        "519.555.0199",
        "5195550199",
        "+1 519 555 0199",
        "1-519-555-0199",
      ]) {
        const fields = contactForm({ phone });
        expect(await postContact(fields)).toHaveRedirect("/contact#enquiry-sent");
        const [row] = await rowsWithToken(fields.submission!);
        expect(row?.phone).toBe("+15195550199");
      }
    });

    test("lengths are counted in characters, as people count them", async () => {
      const fields = contactForm({ name: "é".repeat(100), message: "🍺".repeat(10) });
      expect(await postContact(fields)).toHaveRedirect("/contact#enquiry-sent");
    });
  });

  test("the hidden spam trap filled in gets 400, says so plainly, and stores nothing", async () => {
    const before = await enquiryCount();
    const result = answered(await postContact(contactForm({ website: "https://spam.example" })));
    expect(result.status).toBe(400);
    expect(result.formError).toMatch(/nothing was sent/);
    expect(result.formError).toMatch(/519-555-0134/);
    expect(await enquiryCount()).toBe(before);
  });

  test.each([
    ["JSON", "application/json", JSON.stringify(contactForm())],
    ["plain text", "text/plain;charset=UTF-8", new URLSearchParams(contactForm()).toString()],
    ["a multipart body cut short", "multipart/form-data; boundary=x", "--x\r\nContent-Disp"],
  ])(
    "a body that is not a form (%s) gets the form back, 400, saying nothing was sent",
    async (_, type, body) => {
      const before = await enquiryCount();
      const request = new Request("http://localhost/contact", {
        method: "POST",
        headers: { "Content-Type": type },
        body,
      });
      const result = answered(await contactAction(routeArgs(request, { context: contextFor() })));
      expect(result.status).toBe(400);
      expect(result.formError).toBe(
        "What was sent could not be read as this form, so nothing was sent. Please fill in the form and send it again.",
      );
      expect(await enquiryCount()).toBe(before);
    },
  );

  describe("rate limits", () => {
    test("over the limit per email gets 429 with Retry-After, the text kept and nothing stored", async () => {
      const email = uniqueEmail();
      const protection = { perEmail: { max: 2, windowSeconds: 3600 } };
      for (let sent = 0; sent < 2; sent++) {
        const response = await postContact(contactForm({ email }), contextFor(db, protection));
        expect(response).toHaveRedirect("/contact#enquiry-sent");
      }
      const before = await enquiryCount();
      const fields = contactForm({ email });
      const result = answered(await postContact(fields, contextFor(db, protection)));
      expect(result.status).toBe(429);
      const retryAfter = Number(result.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(0);
      // The window slides: three posts now still count for part of the next hour.
      expect(retryAfter).toBeLessThanOrEqual(2 * 3600);
      expect(result.formError).toMatch(/several messages in a short time/);
      expect(result.values.message).toBe(fields.message);
      expect(await enquiryCount()).toBe(before);
    });

    test("over the limit per client address gets 429, whatever the email", async () => {
      const protection = { perAddress: { max: 1, windowSeconds: 600 } };
      const address = "203.0.113.250";
      expect(await postContact(contactForm(), contextFor(db, protection, address))).toHaveRedirect(
        "/contact#enquiry-sent",
      );
      const result = answered(
        await postContact(contactForm(), contextFor(db, protection, address)),
      );
      expect(result.status).toBe(429);
      // Another address is not held back.
      expect(
        await postContact(contactForm(), contextFor(db, protection, "203.0.113.251")),
      ).toHaveRedirect("/contact#enquiry-sent");
    });

    test("an IPv6 client is limited by its /64, as one host may hold all of it", async () => {
      const protection = { perAddress: { max: 1, windowSeconds: 600 } };
      expect(
        await postContact(contactForm(), contextFor(db, protection, "2001:db8:7:8::1")),
      ).toHaveRedirect("/contact#enquiry-sent");
      const result = answered(
        await postContact(contactForm(), contextFor(db, protection, "2001:db8:7:8:ffff::2")),
      );
      expect(result.status).toBe(429);
    });

    test.each([
      ["203.0.113.7", "203.0.113.7"],
      ["::ffff:203.0.113.7", "203.0.113.7"],
      ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
      ["2001:DB8:1:2::9", "2001:db8:1:2::/64"],
      ["2001:db8::1", "2001:db8:0:0::/64"],
      ["::1", "0:0:0:0::/64"],
    ])("the address %s is counted as %s", (address, counted) => {
      expect(rateLimitAddress(address)).toBe(counted);
    });

    test("counts are kept in the database under keyed hashes, never the address or email", async () => {
      const email = uniqueEmail();
      await postContact(contactForm({ email }), contextFor(db, {}, "203.0.113.77"));
      const buckets = await db.query<{ bucket: string }>(
        "select bucket from public.form_rate_limits",
      );
      expect(buckets.length).toBeGreaterThan(0);
      for (const { bucket } of buckets) {
        expect(bucket).toMatch(/^(address|email):[\w-]{43}\/\d+s$/);
        expect(bucket).not.toContain("203.0.113.77");
        expect(bucket).not.toContain(email);
      }
    });

    test("the defaults hold a person to a handful of messages", () => {
      expect(DEFAULT_RATE_LIMITS.perAddress.max).toBeLessThanOrEqual(10);
      expect(DEFAULT_RATE_LIMITS.perEmail.max).toBeLessThanOrEqual(5);
    });
  });

  describe("when the database is down", () => {
    test("the post gets 503, says plainly it was not sent, keeps the text and gives the phone number", async () => {
      const { database, startOutage } = databaseWithOutage(db);
      const context = contextFor(database);
      // The page was shown, so the settings are in the cache.
      await siteContent(context).settings();
      startOutage();
      const fields = contactForm();
      const result = answered(await postContact(fields, context));
      expect(result.status).toBe(503);
      expect(result.headers.get("Retry-After")).toBeTruthy();
      expect(result.formError).toMatch(/has not been sent.*won.t arrive twice/);
      expect(result.formError).toMatch(/519-555-0134/);
      expect(result.values).toMatchObject({ name: fields.name, message: fields.message });
      expect(await rowsWithToken(fields.submission!)).toEqual([]);
    });

    test("a connection lost while the enquiry is saved: 503 that says it cannot tell, and sending again stores it once", async () => {
      // The commit lands, then the connection goes before its answer comes back.
      const database: Database = {
        ...db,
        async transaction<T>(work: (tx: Database) => Promise<T>) {
          await db.transaction(work);
          throw new DatabaseUnavailableError("The database is unavailable (CONNECTION_CLOSED)", {
            outcomeUnknown: true,
          });
        },
      };
      const context = contextFor(database);
      await siteContent(context).settings();
      const fields = contactForm();
      const result = answered(await postContact(fields, context));
      expect(result.status).toBe(503);
      expect(result.formError).toMatch(/can.t tell whether it arrived/);
      expect(result.formError).not.toMatch(/has not been sent/);
      expect(result.formError).toMatch(/won.t arrive twice/);
      expect(result.values).toMatchObject({ name: fields.name, message: fields.message });

      // The visitor sends the same form again once the database answers.
      const again = await postContact(fields, contextFor(db));
      expect(again).toHaveRedirect("/contact#enquiry-sent");
      expect(await rowsWithToken(fields.submission!)).toHaveLength(1);
    });

    test("with nothing cached either, it still answers 503 with the text kept", async () => {
      const { database, startOutage } = databaseWithOutage(db);
      startOutage();
      const fields = contactForm();
      const result = answered(await postContact(fields, contextFor(database)));
      expect(result.status).toBe(503);
      expect(result.values.message).toBe(fields.message);
    });

    test("a venue post gets 503 too, though its rules need the spaces", async () => {
      const { database, startOutage } = databaseWithOutage(db);
      startOutage();
      const result = answered(await postVenue(await venueForm(), contextFor(database)));
      expect(result.status).toBe(503);
      expect(result.values.space).toBe("the-snug");
    });
  });
});

describe("Turnstile", () => {
  let siteverify: SiteverifyFake;
  beforeAll(async () => {
    siteverify = await startSiteverifyFake();
  });
  afterAll(async () => {
    await siteverify?.close();
  });

  const withTurnstile = (verifyUrl = siteverify.url) =>
    contextFor(db, { turnstile: { secretKey: siteverify.secret, verifyUrl } });

  test("a valid token is verified with the secret, the action and the client address, then stored", async () => {
    const fields = contactForm({
      "cf-turnstile-response": siteverify.issue({ action: "contact", hostname: "localhost" }),
    });
    const context = contextFor(
      db,
      { turnstile: { secretKey: siteverify.secret, verifyUrl: siteverify.url } },
      "203.0.113.9",
    );
    expect(await postContact(fields, context)).toHaveRedirect("/contact#enquiry-sent");
    expect(siteverify.requests.at(-1)).toMatchObject({
      secret: siteverify.secret,
      response: fields["cf-turnstile-response"],
      remoteip: "203.0.113.9",
    });
    expect(await rowsWithToken(fields.submission!)).toHaveLength(1);
  });

  test.each([
    ["missing", () => "", 400, /spam check/i],
    ["invalid", () => "forged-token", 400, /spam check/i],
    [
      "expired",
      (fake: SiteverifyFake) =>
        fake.issue({ action: "contact", hostname: "localhost", expired: true }),
      400,
      /expired or was already used/,
    ],
    [
      "for another form",
      (fake: SiteverifyFake) => fake.issue({ action: "venue", hostname: "localhost" }),
      400,
      /spam check/i,
    ],
    [
      "for another site",
      (fake: SiteverifyFake) => fake.issue({ action: "contact", hostname: "evil.example" }),
      400,
      /spam check/i,
    ],
  ])("a %s token gets 400 or 503 and nothing is stored", async (_, token, status, message) => {
    const fields = contactForm({ "cf-turnstile-response": token(siteverify) });
    const result = answered(await postContact(fields, withTurnstile()));
    expect(result.status).toBe(status);
    expect(result.formError).toMatch(message);
    expect(result.values.message).toBe(fields.message);
    expect(await rowsWithToken(fields.submission!)).toEqual([]);
  });

  test("a token used once is refused the second time, for a new message", async () => {
    const token = siteverify.issue({ action: "contact", hostname: "localhost" });
    expect(
      await postContact(contactForm({ "cf-turnstile-response": token }), withTurnstile()),
    ).toHaveRedirect("/contact#enquiry-sent");
    const fields = contactForm({ "cf-turnstile-response": token });
    const result = answered(await postContact(fields, withTurnstile()));
    expect(result.status).toBe(400);
    expect(result.formError).toMatch(/expired or was already used/);
    expect(await rowsWithToken(fields.submission!)).toEqual([]);
  });

  test("two copies of one post at the same moment are both confirmed, and stored once", async () => {
    const fields = contactForm({
      "cf-turnstile-response": siteverify.issue({ action: "contact", hostname: "localhost" }),
    });
    const results = await Promise.all([
      postContact(fields, withTurnstile()),
      postContact(fields, withTurnstile()),
    ]);
    for (const response of results) expect(response).toHaveRedirect("/contact#enquiry-sent");
    expect(await rowsWithToken(fields.submission!)).toHaveLength(1);
  });

  test("a double submit of a sent form is confirmed without asking siteverify again", async () => {
    const fields = contactForm({
      "cf-turnstile-response": siteverify.issue({ action: "contact", hostname: "localhost" }),
    });
    await postContact(fields, withTurnstile());
    const calls = siteverify.requests.length;
    expect(await postContact(fields, withTurnstile())).toHaveRedirect("/contact#enquiry-sent");
    expect(siteverify.requests.length).toBe(calls);
    expect(await rowsWithToken(fields.submission!)).toHaveLength(1);
  });

  test("when siteverify keeps failing, the form fails closed: 503, nothing stored, the text kept", async () => {
    siteverify.failNext(10, 503);
    const fields = contactForm({
      "cf-turnstile-response": siteverify.issue({ action: "contact", hostname: "localhost" }),
    });
    const result = answered(await postContact(fields, withTurnstile()));
    expect(result.status).toBe(503);
    expect(result.headers.get("Retry-After")).toBe("60");
    expect(result.formError).toBe(
      "We couldn't reach the spam check just now, so nothing was sent. What you typed is still here: please try again in a minute or call us at 519-555-0134.",
    );
    expect(result.values.message).toBe(fields.message);
    expect(await rowsWithToken(fields.submission!)).toEqual([]);
    siteverify.failNext(0);
  });

  test("when siteverify cannot be reached at all, the form fails closed", async () => {
    const fields = contactForm({
      "cf-turnstile-response": siteverify.issue({ action: "contact", hostname: "localhost" }),
    });
    const result = answered(
      await postContact(fields, withTurnstile("http://127.0.0.1:9/turnstile/v0/siteverify")),
    );
    expect(result.status).toBe(503);
    expect(await rowsWithToken(fields.submission!)).toEqual([]);
  });
});

type Space = { slug: string; name: string; capacity: number };

async function spaces(): Promise<Space[]> {
  return db.query<Space>(
    `select slug, name, greatest(seated_capacity, standing_capacity) as capacity
     from public.venue_spaces where published order by sort_order, id`,
  );
}

/** A date some weeks ahead when the pub opens on its usual hours, and a time inside them. */
async function openDate(daysAhead = 30): Promise<{ date: string; time: string }> {
  const schedule = await siteContent(contextFor()).schedule(new Date());
  for (let day = daysAhead; day < daysAhead + 14; day++) {
    const date = torontoDate(new Date(Date.now() + day * 86_400_000));
    const hours = hoursOn(date, schedule);
    if (!("closed" in hours)) return { date, time: hours.opensAt };
  }
  throw new Error("No open day found");
}

async function venueForm(fields: Record<string, string> = {}): Promise<Record<string, string>> {
  const { date, time } = await openDate();
  return {
    submission: randomUUID(),
    space: "the-snug",
    date,
    startTime: time,
    partySize: "12",
    name: "Priya Raman",
    email: uniqueEmail(),
    phone: "519 555 0123",
    message: "A fortieth birthday: drinks and sharing plates for about twelve.",
    consent: "on",
    ...fields,
  };
}

describe("the venue form", () => {
  let snug: Space;
  beforeEach(async () => {
    snug = (await spaces()).find((space) => space.slug === "the-snug")!;
  });

  test("a valid enquiry is stored once, naming the space, and confirmed", async () => {
    const fields = await venueForm();
    expect(await postVenue(fields)).toHaveRedirect("/venue#enquiry-sent");
    expect(await postVenue(fields)).toHaveRedirect("/venue#enquiry-sent");
    expect(await rowsWithToken(fields.submission!)).toEqual([
      expect.objectContaining({
        kind: "venue",
        venue_space_name: snug.name,
        event_date: fields.date,
        start_time: fields.startTime,
        party_size: 12,
        phone: "+15195550123",
        topic: null,
      }),
    ]);
  });

  test("a party larger than the space gets 400 naming its capacity", async () => {
    const fields = await venueForm({ partySize: String(snug.capacity + 1) });
    const result = answered(await postVenue(fields));
    expect(result.status).toBe(400);
    expect(result.errors.partySize).toBe(
      `${snug.name} holds up to ${snug.capacity} guests. Choose a smaller party or a larger space.`,
    );
    expect(await rowsWithToken(fields.submission!)).toEqual([]);
  });

  test("a party exactly the space's size is fine", async () => {
    const fields = await venueForm({ partySize: String(snug.capacity) });
    expect(await postVenue(fields)).toHaveRedirect("/venue#enquiry-sent");
  });

  test.each([
    ["space", "", /Choose a space/],
    ["space", "the-ballroom", /Choose one of our spaces: .*The Snug/],
    ["partySize", "", /how many guests/],
    ["partySize", "0", /at least 1 guest/],
    ["partySize", "twelve", /whole number/],
    ["partySize", "12.5", /whole number/],
    ["partySize", "-3", /whole number/],
    ["date", "", /Choose the date/],
    ["date", "next friday", /year-month-day/],
    ["date", "2027-02-30", /year-month-day/],
    ["startTime", "", /Choose a start time/],
    ["startTime", "7pm", /hours and minutes/],
    ["startTime", "25:00", /hours and minutes/],
  ] as Array<[string, string, RegExp]>)("%s = %j gets 400", async (field, value, message) => {
    const fields = await venueForm({ [field]: value });
    const result = answered(await postVenue(fields));
    expect(result.status).toBe(400);
    expect(result.errors[field]).toMatch(message);
    expect(result.values[field]).toBe(value);
    expect(await rowsWithToken(fields.submission!)).toEqual([]);
  });

  test("the date must be in the future", async () => {
    const today = torontoDate(new Date());
    for (const date of [today, torontoDate(new Date(Date.now() - 86_400_000)), "2020-01-01"]) {
      const result = answered(await postVenue(await venueForm({ date })));
      expect(result.status).toBe(400);
      expect(result.errors.date).toMatch(/from tomorrow on/);
    }
  });

  test("the date must be within 18 months", async () => {
    const tooFar = torontoDate(new Date(Date.now() + 560 * 86_400_000));
    const result = answered(await postVenue(await venueForm({ date: tooFar })));
    expect(result.status).toBe(400);
    expect(result.errors.date).toMatch(/up to 18 months ahead: choose a date on or before/);
  });

  test("a day the pub is closed for a holiday is refused, saying why", async () => {
    const { date } = await openDate(60);
    await db.query(
      `insert into public.hours_exceptions (starts_on, ends_on, closed, note)
       values ($1::date, $1::date, true, 'Staff party')`,
      [date],
    );
    // A context of its own, so the hours are read afresh rather than from the cache.
    const result = answered(await postVenue(await venueForm({ date }), contextFor({ ...db })));
    expect(result.status).toBe(400);
    expect(result.errors.date).toMatch(/We're closed on .*\(Staff party\)/);
  });

  test("a start time outside that day's hours gets a message saying when the pub is open", async () => {
    const { date, time } = await openDate();
    const before = `${String(Number(time.slice(0, 2)) - 2).padStart(2, "0")}:00`;
    const result = answered(await postVenue(await venueForm({ date, startTime: before })));
    expect(result.status).toBe(400);
    expect(result.errors.startTime).toMatch(/we're open .* – .*Choose a start time in those hours/);
  });

  test("special hours on a date are the hours that count", async () => {
    const { date } = await openDate(90);
    await db.query(
      `insert into public.hours_exceptions (starts_on, ends_on, closed, opens_at, closes_at, note)
       values ($1::date, $1::date, false, '17:00', '21:00', 'Private event upstairs')`,
      [date],
    );
    const fresh = { ...db };
    const early = answered(
      await postVenue(await venueForm({ date, startTime: "12:00" }), contextFor(fresh)),
    );
    expect(early.errors.startTime).toMatch(/5\u00a0pm – 9\u00a0pm/);
    expect(
      await postVenue(await venueForm({ date, startTime: "18:30" }), contextFor(fresh)),
    ).toHaveRedirect("/venue#enquiry-sent");
  });

  test("a start after midnight counts as the night before", async () => {
    const schedule = await siteContent(contextFor()).schedule(new Date());
    let accepted = false;
    let refused = false;
    for (let day = 30; day < 44 && !(accepted && refused); day++) {
      const night = torontoDate(new Date(Date.now() + day * 86_400_000));
      const date = torontoDate(new Date(Date.now() + (day + 1) * 86_400_000));
      const before = hoursOn(night, schedule);
      if ("closed" in before || "closed" in hoursOn(date, schedule)) continue;
      const lateNight = before.closesAt <= before.opensAt && before.closesAt > "00:30";
      const outcome = await postVenue(await venueForm({ date, startTime: "00:30" }));
      if (lateNight) {
        // Open until 1 or 2 am the night before: 00:30 is inside that opening.
        expect(outcome, `${date} 00:30`).toHaveRedirect("/venue#enquiry-sent");
        accepted = true;
      } else {
        // Closed at midnight the night before, and this day opens later.
        expect(answered(outcome).errors.startTime).toMatch(
          /a start after midnight counts as the night before/,
        );
        refused = true;
      }
    }
    expect(accepted && refused, "the sample week has both kinds of night").toBe(true);
  });
});
