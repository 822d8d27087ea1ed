import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { CookieJar } from "../../tests/support/staff-requests";
import { loader as areaLoader } from "./staff/area";
import { loader as enquiryLoader } from "./staff/enquiry";
import { action as outboxAction, loader as outboxLoader } from "./staff/outbox";
import type { OutboxActionData } from "~/staff/inbox/outbox-page.server";
import { storeEnquiry } from "~/enquiries/enquiry-store.server";
import { contactEnquiry } from "~/enquiries/enquiry.test-support";
import type { Database } from "~/platform/database/database.server";
import { OWNERS_ONLY_OUTBOX } from "~/staff/inbox/outbox";
import type { OutboxPage } from "~/staff/inbox/outbox.server";
import type { StaffAreaData } from "~/staff/staff-navigation";

type Loaded = { outbox: OutboxPage | null; mailServer: boolean };

/** An enquiry stored as the forms store it, with its mail queued; its id and its mail's. */
async function storedEnquiry(db: Database, name: string): Promise<{ id: number; mailId: number }> {
  const result = await storeEnquiry(db, contactEnquiry({ name }), {
    to: ["manager@pub.example"],
    siteUrl: undefined,
  });
  if (result.status !== "stored") throw new Error("Not stored");
  const [mail] = await db.query<{ id: number }>(
    "select id::int as id from public.outbox where enquiry_id = $1::bigint",
    [result.id],
  );
  return { id: result.id, mailId: mail!.id };
}

async function mailRow(db: Database, id: number) {
  const [row] = await db.query<{ status: string; attempts: number }>(
    "select status, attempts from public.outbox where id = $1::bigint",
    [id],
  );
  return row;
}

const fail = (db: Database, id: number) =>
  db.query(
    `update public.outbox set status = 'failed', failed_at = now(), attempts = 9,
       last_error = 'The mail server at smtp.example.com:465 refused the connection.'
     where id = $1::bigint`,
    [id],
  );

const test = routeTest
  .extend(
    "enquiry",
    ({ db }) =>
      (name = "Sam Okafor") =>
        storedEnquiry(db, name),
  )
  .extend("outbox", ({ staff }) => staff.pageAt("/staff/outbox", outboxLoader))
  .extend("postOutbox", ({ staff }) => staff.formAt("/staff/outbox", outboxAction))
  .extend(
    "area",
    ({ staff }) =>
      async (jar: CookieJar) =>
        (await (await staff.load(jar, "/staff", areaLoader)).json()) as StaffAreaData,
  );

describe.each(drivers)("the outbox and the unread count on %s", (driver) => {
  test.override({ driver });

  test("an owner reads the outbox: each mail's recipient, subject, state and text", async ({
    enquiry,
    outbox,
    owner,
  }) => {
    const { mailId } = await enquiry("Priya Raman");
    const response = await outbox(owner);
    expect(response.status).toBe(200);
    const { outbox: page, mailServer } = (await response.json()) as Loaded;
    expect(mailServer).toBe(false);
    expect(page?.counts.waiting).toBeGreaterThanOrEqual(1);
    expect(page?.mails.find((mail) => mail.id === mailId)).toMatchObject({
      to: "manager@pub.example",
      replyTo: "Priya Raman <sam@example.com>",
      subject: "New enquiry: A general question from Priya Raman",
      status: "waiting",
      attempts: 0,
      sending: false,
      text: expect.stringContaining("Do you show the hockey games on Saturday nights?"),
    });
  });

  test("an editor is told only owners see it, and sees no mail", async ({
    enquiry,
    outbox,
    editor,
  }) => {
    await enquiry();
    const response = await outbox(editor);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ outbox: null, mailServer: false });
  });

  test("without a session the outbox sends the visitor to sign in", async ({ outbox }) => {
    expect(await outbox(new CookieJar())).toHaveRedirect(
      "/staff/sign-in?redirectTo=%2Fstaff%2Foutbox",
    );
  });

  test("an owner sends a failed mail again: back in the queue, its tries counted afresh", async ({
    db,
    enquiry,
    postOutbox,
    owner,
  }) => {
    const { mailId } = await enquiry();
    await fail(db, mailId);
    const response = await postOutbox(owner, { intent: "send-again", id: String(mailId) });
    expect(response).toHaveRedirect("/staff/outbox");
    expect(response).toSetCookie("toast");
    expect(await mailRow(db, mailId)).toEqual({ status: "waiting", attempts: 0 });
  });

  test.for([
    [{ id: "1" }, 400, /the only thing this page does is send a mail again/],
    [{ intent: "delete", id: "1" }, 400, /the only thing this page does/],
    [{ intent: "send-again" }, 400, /choose a mail from the list/],
    [{ intent: "send-again", id: "abc" }, 400, /choose a mail from the list/],
    [{ intent: "send-again", id: "-3" }, 400, /choose a mail from the list/],
    [{ intent: "send-again", id: "99999999999999999999" }, 400, /choose a mail from the list/],
    [{ intent: "send-again", id: "987654321" }, 404, /no longer in the outbox/],
  ] as const)(
    "bad input %j gets %i and a plain sentence",
    async ([fields, status, message], { postOutbox, owner }) => {
      const response = await postOutbox(owner, fields);
      expect(response.status).toBe(status);
      expect(((await response.json()) as OutboxActionData).formError).toMatch(message);
    },
  );

  test("a mail sent already is not sent again", async ({ db, enquiry, postOutbox, owner }) => {
    const { mailId } = await enquiry();
    await db.query(
      "update public.outbox set status = 'sent', sent_at = now(), attempts = 1 where id = $1::bigint",
      [mailId],
    );
    const response = await postOutbox(owner, { intent: "send-again", id: String(mailId) });
    expect(response.status).toBe(409);
    expect(((await response.json()) as OutboxActionData).formError).toBe(
      "That mail was sent already, so it was not sent again.",
    );
    expect(await mailRow(db, mailId)).toEqual({ status: "sent", attempts: 1 });
  });

  test("an editor cannot send a mail again, and the mail stays as it was", async ({
    db,
    enquiry,
    postOutbox,
    editor,
  }) => {
    const { mailId } = await enquiry();
    await fail(db, mailId);
    const response = await postOutbox(editor, { intent: "send-again", id: String(mailId) });
    expect(response.status).toBe(403);
    expect(((await response.json()) as OutboxActionData).formError).toBe(
      `Nothing was sent. ${OWNERS_ONLY_OUTBOX}`,
    );
    expect(await mailRow(db, mailId)).toEqual({ status: "failed", attempts: 9 });
  });

  test("the navigation counts unread enquiries; opening one takes it off the count", async ({
    staff,
    area,
    enquiry,
    owner,
    editor,
  }) => {
    const before = await area(owner);
    expect(before.isOwner).toBe(true);
    expect((await area(editor)).isOwner).toBe(false);
    const { id } = await enquiry("Unread Visitor");
    const after = await area(owner);
    expect(after.unreadEnquiries).toBe((before.unreadEnquiries ?? 0) + 1);

    const page = await staff.load(editor, `/staff/enquiries/${id}`, enquiryLoader, {
      id: String(id),
    });
    expect(page.status).toBe(200);
    // Read for the pub: the owner's count goes down too.
    expect((await area(owner)).unreadEnquiries).toBe(before.unreadEnquiries);
  });
});
