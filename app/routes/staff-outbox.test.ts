import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formPost } from "../../tests/support/route-args";
import { CookieJar, runRoute } from "../../tests/support/staff-requests";
import {
  contextWithDatabase,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { loader as areaLoader } from "./staff/area";
import { loader as enquiryLoader } from "./staff/enquiry";
import { action as outboxAction, loader as outboxLoader } from "./staff/outbox";
import type { OutboxActionData } from "~/staff/inbox/outbox-page.server";
import { storeEnquiry, type NewEnquiry } from "~/enquiries/enquiry-store.server";
import { embeddedAuthBackend, type AuthBackend } from "~/platform/auth-backend.server";
import { generateSigningKey } from "~/platform/auth-service/signing-key.server";
import { authBackendContext, clientAddressContext } from "~/platform/context";
import { addStaff } from "~/staff/accounts/add-staff.server";
import { OWNERS_ONLY_OUTBOX } from "~/staff/inbox/outbox";
import type { OutboxPage } from "~/staff/inbox/outbox.server";
import { requireStaff, staffSession } from "~/staff/accounts/session.server";
import type { StaffAreaData } from "~/staff/staff-navigation";
import { action as signInAction } from "./staff/sign-in";

const signingKey = generateSigningKey();
const password = "correct horse battery staple";
const LAYOUT: MiddlewareFunction<Response>[] = [staffSession];
const AREA: MiddlewareFunction<Response>[] = [staffSession, requireStaff];

type Loaded = { outbox: OutboxPage | null; mailServer: boolean };

describe.each(drivers)("the outbox and the unread count on %s", (driver) => {
  let db: TestDatabase;
  let backend: AuthBackend;
  let owner: CookieJar;
  let editor: CookieJar;

  const context = () => {
    const provided = contextWithDatabase(db);
    provided.set(authBackendContext, async () => backend);
    provided.set(clientAddressContext, `203.0.113.${Math.floor(Math.random() * 200)}`);
    return provided;
  };
  const get = (path: string, jar: CookieJar) =>
    new Request(new URL(path, "http://localhost"), { headers: { Cookie: jar.header() } });
  const post = (path: string, fields: Record<string, string>, jar: CookieJar) =>
    formPost(path, fields, { Cookie: jar.header() });

  async function member(role: "owner" | "editor") {
    const email = `${role}-${randomUUID()}@example.com`;
    await addStaff(db, backend, { email, role, password });
    const jar = new CookieJar();
    const response = jar.take(
      await runRoute(
        post("/staff/sign-in", { email, password, redirectTo: "/staff" }, jar),
        context(),
        LAYOUT,
        signInAction,
      ),
    );
    expect(response).toHaveRedirect("/staff");
    return jar;
  }

  const outbox = async (jar: CookieJar, path = "/staff/outbox") =>
    jar.take(await runRoute(get(path, jar), context(), AREA, outboxLoader));
  const postOutbox = async (jar: CookieJar, fields: Record<string, string>) =>
    jar.take(await runRoute(post("/staff/outbox", fields, jar), context(), AREA, outboxAction));
  const area = async (jar: CookieJar) =>
    (await (
      await runRoute(get("/staff", jar), context(), AREA, areaLoader)
    ).json()) as StaffAreaData;

  /** An enquiry stored as the forms store it, with its mail queued; its id and its mail's. */
  async function enquiry(name = "Sam Okafor"): Promise<{ id: number; mailId: number }> {
    const result = await storeEnquiry(
      db,
      {
        kind: "contact",
        submissionToken: randomUUID(),
        fingerprint: "a".repeat(64),
        newsletterWording: null,
        name,
        email: "sam@example.com",
        phone: null,
        topic: "general",
        message: "Do you show the hockey games on Saturday nights?",
        consent: true,
        newsletter: false,
      } satisfies NewEnquiry,
      { to: ["manager@pub.example"], siteUrl: undefined },
    );
    if (result.status !== "stored") throw new Error("Not stored");
    const [mail] = await db.query<{ id: number }>(
      "select id::int as id from public.outbox where enquiry_id = $1::bigint",
      [result.id],
    );
    return { id: result.id, mailId: mail!.id };
  }

  async function mailRow(id: number) {
    const [row] = await db.query<{ status: string; attempts: number }>(
      "select status, attempts from public.outbox where id = $1::bigint",
      [id],
    );
    return row;
  }

  const fail = (id: number) =>
    db.query(
      `update public.outbox set status = 'failed', failed_at = now(), attempts = 9,
         last_error = 'The mail server at smtp.example.com:465 refused the connection.'
       where id = $1::bigint`,
      [id],
    );

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    backend = embeddedAuthBackend(db, signingKey);
    owner = await member("owner");
    editor = await member("editor");
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  test("an owner reads the outbox: each mail's recipient, subject, state and text", async () => {
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

  test("an editor is told only owners see it, and sees no mail", async () => {
    await enquiry();
    const response = await outbox(editor);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ outbox: null, mailServer: false });
  });

  test("without a session the outbox sends the visitor to sign in", async () => {
    expect(await outbox(new CookieJar())).toHaveRedirect(
      "/staff/sign-in?redirectTo=%2Fstaff%2Foutbox",
    );
  });

  test("an owner sends a failed mail again: back in the queue, its tries counted afresh", async () => {
    const { mailId } = await enquiry();
    await fail(mailId);
    const response = await postOutbox(owner, { intent: "send-again", id: String(mailId) });
    expect(response).toHaveRedirect("/staff/outbox");
    expect(response).toSetCookie("toast");
    expect(await mailRow(mailId)).toEqual({ status: "waiting", attempts: 0 });
  });

  test.each([
    [{ id: "1" }, 400, /the only thing this page does is send a mail again/],
    [{ intent: "delete", id: "1" }, 400, /the only thing this page does/],
    [{ intent: "send-again" }, 400, /choose a mail from the list/],
    [{ intent: "send-again", id: "abc" }, 400, /choose a mail from the list/],
    [{ intent: "send-again", id: "-3" }, 400, /choose a mail from the list/],
    [{ intent: "send-again", id: "99999999999999999999" }, 400, /choose a mail from the list/],
    [{ intent: "send-again", id: "987654321" }, 404, /no longer in the outbox/],
  ])("bad input %j gets %i and a plain sentence", async (fields, status, message) => {
    const response = await postOutbox(owner, fields);
    expect(response.status).toBe(status);
    expect(((await response.json()) as OutboxActionData).formError).toMatch(message);
  });

  test("a mail sent already is not sent again", async () => {
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
    expect(await mailRow(mailId)).toEqual({ status: "sent", attempts: 1 });
  });

  test("an editor cannot send a mail again, and the mail stays as it was", async () => {
    const { mailId } = await enquiry();
    await fail(mailId);
    const response = await postOutbox(editor, { intent: "send-again", id: String(mailId) });
    expect(response.status).toBe(403);
    expect(((await response.json()) as OutboxActionData).formError).toBe(
      `Nothing was sent. ${OWNERS_ONLY_OUTBOX}`,
    );
    expect(await mailRow(mailId)).toEqual({ status: "failed", attempts: 9 });
  });

  test("the navigation counts unread enquiries; opening one takes it off the count", async () => {
    const before = await area(owner);
    expect(before.isOwner).toBe(true);
    expect((await area(editor)).isOwner).toBe(false);
    const { id } = await enquiry("Unread Visitor");
    const after = await area(owner);
    expect(after.unreadEnquiries).toBe((before.unreadEnquiries ?? 0) + 1);

    const page = await runRoute(
      get(`/staff/enquiries/${id}`, editor),
      context(),
      AREA,
      enquiryLoader,
      { id: String(id) },
    );
    expect(page.status).toBe(200);
    // Read for the pub: the owner's count goes down too.
    expect((await area(owner)).unreadEnquiries).toBe(before.unreadEnquiries);
  });
});
