import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAuthUser } from "../../../tests/support/database-roles";
import { drivers, openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import {
  containsPattern,
  getEnquiry,
  listEnquiries,
  openEnquiry,
  setEnquiryHandled,
  staffAreaSummary,
  type EnquirySummary,
} from "./enquiry-inbox.server";
import type { StaffClaims } from "~/staff/editor/staff-transaction.server";

type Sample = {
  name: string;
  email?: string;
  message?: string;
  kind?: "contact" | "venue";
  topic?: string;
  space?: string;
};

describe.each(drivers)("the enquiry inbox on %s", (driver) => {
  let db: TestDatabase;
  let editor: StaffClaims;
  let stranger: StaffClaims;
  /** Ids in the order sent, oldest first. */
  const sent: number[] = [];

  const samples: Sample[] = [
    {
      name: "Priya Natarajan",
      message: "I am 100% sure I left my scarf here on Friday.",
      topic: "lost-and-found",
    },
    {
      name: "Marc Tremblay",
      message: "I am 100 percent certain the music was too loud.",
      topic: "feedback",
    },
    {
      name: "Dana Whitfield",
      email: "dana_w@example.com",
      message: "Is the patio open in April this year?",
    },
    {
      name: "Dana Whitehorse",
      email: "danaxw@example.com",
      message: "Do you host trivia on Tuesdays?",
    },
    {
      name: "Li Wei",
      kind: "venue",
      space: "The Snug",
      message: "A retirement party for about thirty.",
    },
    {
      name: "Owen Byrne",
      kind: "venue",
      space: "Back Room",
      message: "A book club evening, once a month.",
    },
  ];

  const createUser = (email: string) => createAuthUser(db, email);

  async function send(sample: Sample, minutesAgo: number): Promise<number> {
    const venue = sample.kind === "venue";
    const [row] = await db.query<{ id: number }>(
      `insert into public.enquiries (
         kind, submission_token, fingerprint, name, email, message, topic,
         venue_space_name, event_date, start_time, party_size, created_at
       ) values (
         $1, $2::uuid, $3, $4, $5, $6, $7, $8, $9::date, $10::time, $11::int,
         now() - make_interval(mins => $12::int)
       ) returning id::int as id`,
      [
        venue ? "venue" : "contact",
        randomUUID(),
        "a".repeat(64),
        sample.name,
        sample.email ?? `${sample.name.split(" ")[0]!.toLowerCase()}@example.com`,
        sample.message ?? "A question about the pub and its opening hours.",
        venue ? null : (sample.topic ?? "general"),
        venue ? (sample.space ?? "The Snug") : null,
        venue ? "2027-03-14" : null,
        venue ? "19:30" : null,
        venue ? 24 : null,
        minutesAgo,
      ],
    );
    return row!.id;
  }

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    const editorId = await createUser("editor@example.com");
    await db.query(
      "insert into public.staff (user_id, email, role) values ($1::uuid, 'editor@example.com', 'editor')",
      [editorId],
    );
    editor = { sub: editorId, role: "authenticated", email: "editor@example.com" };
    stranger = { sub: await createUser("stranger@example.com"), role: "authenticated" };
    // 25 plain ones, then the samples, each a minute newer than the one before.
    const all: Sample[] = [
      ...Array.from({ length: 25 }, (_, index) => ({ name: `Guest ${index + 1}` })),
      ...samples,
    ];
    for (const [index, sample] of all.entries()) sent.push(await send(sample, all.length - index));
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  const names = (enquiries: EnquirySummary[]) => enquiries.map((enquiry) => enquiry.name);

  test("lists both kinds, newest first, twenty to a page", async () => {
    const first = await listEnquiries(db, editor, { page: 1 });
    expect(first).toMatchObject({ total: 31, page: 1, pageCount: 2 });
    expect(first.enquiries).toHaveLength(20);
    expect(first.enquiries.map((enquiry) => enquiry.id)).toEqual(sent.toReversed().slice(0, 20));
    const createdAt = first.enquiries.map((enquiry) => enquiry.createdAt);
    expect(createdAt).toEqual(createdAt.toSorted().toReversed());
    expect(new Set(first.enquiries.map((enquiry) => enquiry.kind))).toEqual(
      new Set(["contact", "venue"]),
    );

    const second = await listEnquiries(db, editor, { page: 2 });
    expect(second).toMatchObject({ total: 31, page: 2, pageCount: 2 });
    expect(second.enquiries.map((enquiry) => enquiry.id)).toEqual(sent.toReversed().slice(20));
  });

  test("a summary has what the list shows", async () => {
    const { enquiries } = await listEnquiries(db, editor, { page: 1, pageSize: 6 });
    const venue = enquiries.find((enquiry) => enquiry.name === "Owen Byrne");
    expect(venue).toEqual({
      id: sent.at(-1),
      kind: "venue",
      name: "Owen Byrne",
      email: "owen@example.com",
      topic: null,
      spaceName: "Back Room",
      eventDate: "2027-03-14",
      partySize: 24,
      excerpt: "A book club evening, once a month.",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      handledAt: null,
      readAt: null,
    });
    const contact = enquiries.find((enquiry) => enquiry.name === "Priya Natarajan");
    expect(contact).toMatchObject({ kind: "contact", topic: "lost-and-found", spaceName: null });
  });

  test("pages out of range show the nearest page; page sizes are kept sensible", async () => {
    expect(await listEnquiries(db, editor, { page: 99 })).toMatchObject({ page: 2, pageCount: 2 });
    expect(await listEnquiries(db, editor, { page: 0 })).toMatchObject({ page: 1 });
    expect(await listEnquiries(db, editor, { page: Number.NaN })).toMatchObject({ page: 1 });
    const small = await listEnquiries(db, editor, { page: 4, pageSize: 10 });
    expect(small).toMatchObject({ total: 31, page: 4, pageCount: 4 });
    expect(small.enquiries).toHaveLength(1);
    const huge = await listEnquiries(db, editor, { page: 1, pageSize: 10_000 });
    expect(huge.enquiries).toHaveLength(31);
  });

  test.each([
    ["a name, in any case", "NATARAJAN", ["Priya Natarajan"]],
    ["an email", "dana_w@", ["Dana Whitfield"]],
    ["the message", "trivia", ["Dana Whitehorse"]],
    ["the topic", "lost-and-found", ["Priya Natarajan"]],
    ["the topic in words", "lost and found", ["Priya Natarajan"]],
    ["the space", "the snug", ["Li Wei"]],
    ["several", "dana", ["Dana Whitehorse", "Dana Whitfield"]],
    ["nothing", "zeppelin", []],
  ])("searches %s", async (_, query, expected) => {
    const result = await listEnquiries(db, editor, { query, page: 1 });
    expect(names(result.enquiries)).toEqual(expected);
    expect(result).toMatchObject({ total: expected.length, page: 1, pageCount: 1 });
  });

  test("takes % and _ in a search literally", async () => {
    expect(names((await listEnquiries(db, editor, { query: "100%", page: 1 })).enquiries)).toEqual([
      "Priya Natarajan",
    ]);
    expect(names((await listEnquiries(db, editor, { query: "100", page: 1 })).enquiries)).toEqual([
      "Marc Tremblay",
      "Priya Natarajan",
    ]);
    expect(names((await listEnquiries(db, editor, { query: "a_w", page: 1 })).enquiries)).toEqual([
      "Dana Whitfield",
    ]);
    expect(names((await listEnquiries(db, editor, { query: "%", page: 1 })).enquiries)).toEqual([
      "Priya Natarajan",
    ]);
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  test("a blank search lists everything", async () => {
    expect(await listEnquiries(db, editor, { query: "   ", page: 1 })).toMatchObject({ total: 31 });
  });

  test("shows the whole enquiry", async () => {
    const id = sent.at(-2)!;
    expect(await getEnquiry(db, editor, id)).toEqual({
      id,
      kind: "venue",
      name: "Li Wei",
      email: "li@example.com",
      phone: null,
      message: "A retirement party for about thirty.",
      topic: null,
      spaceId: null,
      spaceName: "The Snug",
      eventDate: "2027-03-14",
      startTime: "19:30",
      partySize: 24,
      newsletterOptedInAt: null,
      newsletterWording: null,
      createdAt: expect.stringMatching(/Z$/),
      handledAt: null,
      handledBy: null,
      readAt: null,
    });
    expect(await getEnquiry(db, editor, 987_654)).toBeNull();
    expect(await getEnquiry(db, editor, -1)).toBeNull();
  });

  test("marks an enquiry handled by the staff member, and not handled again", async () => {
    const id = sent[0]!;
    expect(await setEnquiryHandled(db, editor, id, true)).toBe(true);
    expect(await setEnquiryHandled(db, editor, id, true), "already handled").toBe(false);
    const handled = await getEnquiry(db, editor, id);
    expect(handled).toMatchObject({
      handledBy: editor.sub,
      handledAt: expect.stringMatching(/Z$/),
    });
    expect(Math.abs(Date.parse(handled!.handledAt!) - Date.now())).toBeLessThan(60_000);
    const { enquiries } = await listEnquiries(db, editor, { page: 2 });
    expect(enquiries.find((enquiry) => enquiry.id === id)?.handledAt).toBe(handled?.handledAt);

    expect(await setEnquiryHandled(db, editor, id, false)).toBe(true);
    expect(await setEnquiryHandled(db, editor, id, false), "already not handled").toBe(false);
    expect(await getEnquiry(db, editor, id)).toMatchObject({ handledAt: null, handledBy: null });
    expect(await setEnquiryHandled(db, editor, 987_654, true)).toBe(false);
  });

  test("a signed-in user who is not staff finds nothing and changes nothing", async () => {
    expect(await listEnquiries(db, stranger, { page: 1 })).toEqual({
      enquiries: [],
      total: 0,
      unread: 0,
      page: 1,
      pageCount: 1,
    });
    expect(await getEnquiry(db, stranger, sent[0]!)).toBeNull();
    expect(await openEnquiry(db, stranger, sent[1]!)).toBeNull();
    expect(await setEnquiryHandled(db, stranger, sent[0]!, true)).toBe(false);
    expect(await getEnquiry(db, editor, sent[0]!)).toMatchObject({ handledAt: null });
    expect(await getEnquiry(db, editor, sent[1]!)).toMatchObject({ readAt: null });
    expect(await staffAreaSummary(db, stranger)).toEqual({ unreadEnquiries: 0, isOwner: false });
  });

  describe("unread enquiries", () => {
    const unread = async () => (await staffAreaSummary(db, editor)).unreadEnquiries;

    test("opening an enquiry reads it for the pub, once; the counts go down by one", async () => {
      const id = await send({ name: "Nora Quinn", message: "Unread until opened, please." }, 0);
      const before = await unread();
      const listed = await listEnquiries(db, editor, { query: "Nora Quinn", page: 1 });
      expect(listed).toMatchObject({ total: 1, unread: 1 });
      expect(listed.enquiries[0]?.readAt).toBeNull();

      const opened = await openEnquiry(db, editor, id);
      expect(opened?.readAt).toMatch(/Z$/);
      expect(await unread()).toBe(before - 1);
      expect(await listEnquiries(db, editor, { query: "Nora Quinn", page: 1 })).toMatchObject({
        unread: 0,
      });
      // Opened again (by anyone), it keeps the first time it was read.
      expect((await openEnquiry(db, editor, id))?.readAt).toBe(opened?.readAt);
      expect(await unread()).toBe(before - 1);
      expect(await openEnquiry(db, editor, 987_654)).toBeNull();
    });

    test("handling an enquiry reads it too; marking it not handled leaves it read", async () => {
      const id = await send({ name: "Ravi Shah", message: "Handled straight from the list." }, 0);
      const before = await unread();
      expect(await setEnquiryHandled(db, editor, id, true)).toBe(true);
      expect(await unread()).toBe(before - 1);
      expect(await setEnquiryHandled(db, editor, id, false)).toBe(true);
      expect((await getEnquiry(db, editor, id))?.readAt).toMatch(/Z$/);
      expect(await unread()).toBe(before - 1);
    });

    test("reading is no change in the log of changes; handling is", async () => {
      const id = await send({ name: "Ines Duarte", message: "Logged only when handled." }, 0);
      const logged = async () => {
        const [row] = await db.query<{ count: number }>(
          `select count(*)::int as count from public.audit_log
           where table_name = 'enquiries' and (new_row ->> 'id')::bigint = $1::bigint`,
          [id],
        );
        return row?.count ?? 0;
      };
      await openEnquiry(db, editor, id);
      expect(await logged()).toBe(0);
      await setEnquiryHandled(db, editor, id, true);
      expect(await logged()).toBe(1);
    });

    test("the summary says whether the member is an owner", async () => {
      expect((await staffAreaSummary(db, editor)).isOwner).toBe(false);
      const ownerId = await createUser(`owner-${randomUUID()}@example.com`);
      await db.query(
        "insert into public.staff (user_id, email, role) values ($1::uuid, 'owner@example.com', 'owner')",
        [ownerId],
      );
      const owner: StaffClaims = { sub: ownerId, role: "authenticated" };
      expect(await staffAreaSummary(db, owner)).toEqual({
        unreadEnquiries: await unread(),
        isOwner: true,
      });
    });
  });
});
