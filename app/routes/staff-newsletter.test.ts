import { randomUUID } from "node:crypto";
import { describe, expect, vi } from "vitest";
import { insertSubscriber } from "../../tests/support/newsletter";
import { drivers, routeTest } from "../../tests/support/route-test";
import { CookieJar } from "../../tests/support/staff-requests";
import { loader as hubLoader } from "./staff/newsletter";
import { action as pageAction, loader as pageLoader } from "./staff/newsletter-edit";
import { unsubscribe } from "~/newsletter/subscribers.server";
import type { NewsletterSummary } from "~/newsletter/newsletters.server";
import type { Database } from "~/platform/database/database.server";
import { markMailFailedTry, markMailSent, sendAgainNow } from "~/platform/mail/outbox.server";
import type {
  NewsletterHubData,
  NewsletterPageData,
} from "~/staff/newsletter/newsletter-pages.server";

vi.hoisted(() => {
  process.env.SITE_URL = "https://pub.example";
});

/**
 * The newsletter's staff pages: owners write, preview, test and send it to
 * the confirmed subscribers, once, and can stop it; editors read the counts
 * and what was sent, and are refused the rest.
 */

type Answer = { formError: string | null; values?: Record<string, string>; errors?: object };

const unique = () => randomUUID().slice(0, 8);

const test = routeTest
  .extend(
    "hub",
    ({ staff }) =>
      (jar: CookieJar) =>
        staff.load(jar, "/staff/newsletter", hubLoader),
  )
  .extend(
    "page",
    ({ staff }) =>
      (jar: CookieJar, id: number | "new", query = "") =>
        staff.load(jar, `/staff/newsletter/${id}${query}`, pageLoader, { id: String(id) }),
  )
  .extend(
    "postPage",
    ({ staff }) =>
      (jar: CookieJar, id: number | "new" | string, fields: Record<string, string>) =>
        staff.submit(jar, `/staff/newsletter/${id}`, fields, pageAction, { id: String(id) }),
  )
  .extend("draft", ({ staff, owner }) => async (subject = `Autumn at the pub ${unique()}`) => {
    const response = await staff.submit(
      owner,
      "/staff/newsletter/new",
      { "form-id": "newsletter", subject, body: "Hello!\n\nSee https://pub.example/menu." },
      pageAction,
      { id: "new" },
    );
    expect(response.status).toBe(303);
    return Number(/\/staff\/newsletter\/(\d+)$/.exec(response.headers.get("Location")!)![1]);
  });

/** Only these confirmed: every other subscriber is made unsubscribed first. */
async function onlyConfirmed(db: Database, emails: string[]): Promise<number[]> {
  await db.query(
    `update public.newsletter_subscribers set state = 'unsubscribed', unsubscribed_at = now(),
       unsubscribed_by = 'link', consented_at = null, consent_form = null, consent_wording = null,
       pub_name = null, pub_postal_address = null, confirm_token_hash = null,
       confirm_expires_at = null, confirmed_at = null
     where state <> 'unsubscribed'`,
  );
  const ids: number[] = [];
  for (const email of emails) ids.push(await insertSubscriber(db, email));
  return ids;
}

/** A newsletter's copies, in the order they were queued, with their mail (its outbox row) while it lasts. */
async function copiesOf(db: Database, id: number) {
  return db.query<{
    outboxId: number;
    to: string;
    state: string;
    listUnsubscribe: string | null;
    dueInS: number;
  }>(
    `select o.id::int as "outboxId", o.to_address as "to", d.state,
       o.list_unsubscribe as "listUnsubscribe",
       round(extract(epoch from o.next_attempt_at - o.created_at))::int as "dueInS"
     from public.newsletter_deliveries d left join public.outbox o on o.id = d.outbox_id
     where d.newsletter_id = $1::bigint order by d.id`,
    [id],
  );
}

/** A send's post, as the page's question makes it: with when the text asked about was saved. */
async function sendFields(db: Database, id: number) {
  const [row] = await db.query<{ saved: string }>(
    `select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as saved
     from public.newsletters where id = $1::bigint`,
    [id],
  );
  return { intent: "send", id: String(id), saved: row!.saved };
}

async function stateOf(db: Database, id: number) {
  const [row] = await db.query<{ state: string; recipientCount: number | null }>(
    `select state, recipient_count as "recipientCount" from public.newsletters where id = $1::bigint`,
    [id],
  );
  return row;
}

describe.each(drivers)("the newsletter's staff pages on %s", (driver) => {
  test.override({ driver });

  test("the hub counts the subscribers and lists drafts and sent newsletters, for owners and editors", async ({
    db,
    hub,
    draft,
    owner,
    editor,
  }) => {
    const a = `a.${unique()}@example.com`;
    await onlyConfirmed(db, [a]);
    await insertSubscriber(db, `w.${unique()}@example.com`, "waiting");
    const id = await draft("Hub test");
    const forOwner = (await (await hub(owner)).json()) as NewsletterHubData;
    expect(forOwner.isOwner).toBe(true);
    expect(forOwner.subscribers.confirmed).toBe(1);
    expect(forOwner.subscribers.waiting).toBeGreaterThanOrEqual(1);
    expect(forOwner.newsletters.map((n: NewsletterSummary) => n.id)).toContain(id);
    const forEditor = (await (await hub(editor)).json()) as NewsletterHubData;
    expect(forEditor.isOwner).toBe(false);
    expect(forEditor.subscribers.confirmed).toBe(1);
  });

  test("without a session the hub sends the visitor to sign in", async ({ hub }) => {
    expect(await hub(new CookieJar())).toHaveRedirect(
      "/staff/sign-in?redirectTo=%2Fstaff%2Fnewsletter",
    );
  });

  test("an owner's draft is previewed with the pub's name, postal address and an unsubscribe link", async ({
    draft,
    page,
    owner,
  }) => {
    const id = await draft("Preview test");
    const loaded = (await (await page(owner, id)).json()) as NewsletterPageData;
    expect(loaded.newsletter).toMatchObject({ subject: "Preview test", state: "draft" });
    expect(loaded.preview).toContain("Hello!\n\nSee https://pub.example/menu.");
    expect(loaded.preview).toMatch(/Unsubscribe: https:\/\/pub\.example\/newsletter\/unsubscribe/);
    expect(loaded.preview).toMatch(/London, Ontario|London, ON/);
  });

  test("dropping the next events into the text keeps what was typed and saves nothing", async ({
    db,
    postPage,
    owner,
  }) => {
    const slug = `quiz-${unique()}`;
    await db.query(
      `insert into public.events (slug, title, starts_at, price_cents)
       values ($1, 'Quiz night', now() + interval '1 hour', 500)`,
      [slug],
    );
    const before = await db.query("select id from public.newsletters");
    const response = await postPage(owner, "new", {
      "form-id": "newsletter",
      intent: "insert-events",
      subject: "Half typed",
      body: "Dear friends,",
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.values?.subject).toBe("Half typed");
    expect(answer.values?.body).toMatch(/^Dear friends,\n\nComing up:\n/);
    expect(answer.values?.body).toContain(`https://pub.example/events/${slug}`);
    expect(answer.values?.body).toContain("cover $5.00");
    expect(await db.query("select id from public.newsletters")).toHaveLength(before.length);
  });

  test.for([
    [{ subject: "", body: "Text" }, "subject", /Enter the subject/],
    [{ subject: "Hi", body: "   " }, "body", /Write the newsletter's text/],
    [{ subject: "x".repeat(151), body: "Text" }, "subject", /150 characters or fewer/],
    [{ subject: "Hi", body: "x".repeat(20_001) }, "body", /20,000 characters or fewer/],
  ] as const)(
    "a draft with %j is refused by %s, given back as typed",
    async ([fields, field, message], { postPage, owner }) => {
      const response = await postPage(owner, "new", { "form-id": "newsletter", ...fields });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as Answer & { errors: Record<string, string> };
      expect(answer.errors[field]).toMatch(message);
      expect(answer.values).toMatchObject(fields);
    },
  );

  test("an editor cannot write a draft: refused, the text given back, nothing stored", async ({
    db,
    postPage,
    page,
    editor,
  }) => {
    const before = await db.query("select id from public.newsletters");
    const response = await postPage(editor, "new", {
      "form-id": "newsletter",
      subject: "From an editor",
      body: "Hi",
    });
    expect(response.status).toBe(403);
    const answer = (await response.json()) as Answer;
    expect(answer.formError).toMatch(/Only the pub's owners can write and send/);
    expect(answer.values).toMatchObject({ subject: "From an editor", body: "Hi" });
    expect(await db.query("select id from public.newsletters")).toHaveLength(before.length);
    expect((await page(editor, "new")).status).toBe(403);
  });

  test("a test copy goes to the owner alone, marked in its subject, counted nowhere", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    const id = await draft("Test copy");
    const response = await postPage(owner, id, { intent: "send-test", id: String(id) });
    expect(response).toHaveRedirect(`/staff/newsletter/${id}`);
    expect(response).toSetCookie("toast");
    const [mail] = await db.query<{ subject: string; listUnsubscribe: string | null }>(
      `select subject, list_unsubscribe as "listUnsubscribe" from public.outbox
       where to_address = $1 order by id desc limit 1`,
      [owner.email],
    );
    expect(mail).toEqual({ subject: "[Test] Test copy", listUnsubscribe: null });
    expect(await copiesOf(db, id)).toEqual([]);
    expect((await stateOf(db, id))?.state).toBe("draft");
  });

  test("sending reaches the confirmed subscribers only, once each, spread out, whatever is posted again", async ({
    db,
    draft,
    postPage,
    page,
    owner,
  }) => {
    const [a, b] = [`a.${unique()}@example.com`, `b.${unique()}@example.com`];
    await onlyConfirmed(db, [a, b]);
    await insertSubscriber(db, `w.${unique()}@example.com`, "waiting");
    await insertSubscriber(db, `u.${unique()}@example.com`, "unsubscribed");
    await insertSubscriber(db, `x.${unique()}@example.com`, "confirmed", { bounced: true });
    const id = await draft("Send test");

    const asked = (await (await page(owner, id, "?send")).json()) as NewsletterPageData;
    expect(asked).toMatchObject({ confirmingSend: true, confirmed: 2 });

    const response = await postPage(owner, id, await sendFields(db, id));
    expect(response).toHaveRedirect(`/staff/newsletter/${id}`);
    const copies = await copiesOf(db, id);
    expect(copies.map((copy) => copy.to)).toEqual([a, b]);
    expect(copies.every((copy) => copy.state === "waiting")).toBe(true);
    expect(
      copies.every((copy) =>
        copy.listUnsubscribe?.startsWith("https://pub.example/newsletter/unsubscribe?token="),
      ),
    ).toBe(true);
    // 60 a minute by default: one second apart.
    expect(copies[1]!.dueInS - copies[0]!.dueInS).toBe(1);
    expect(await stateOf(db, id)).toEqual({ state: "sending", recipientCount: 2 });

    const [again, both] = await Promise.all([
      postPage(owner, id, await sendFields(db, id)),
      postPage(owner, id, await sendFields(db, id)),
    ]);
    for (const repeated of [again, both]) {
      expect(repeated.status).toBe(409);
      expect(((await repeated.json()) as Answer).formError).toBe(
        "This newsletter was sent already, so it was not sent again.",
      );
    }
    expect(await copiesOf(db, id)).toHaveLength(2);
  });

  test("two sends of one draft at once queue one copy each", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    await onlyConfirmed(db, [`a.${unique()}@example.com`, `b.${unique()}@example.com`]);
    const id = await draft("Double click");
    const answers = await Promise.all([
      postPage(owner, id, await sendFields(db, id)),
      postPage(owner, id, await sendFields(db, id)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    expect(await copiesOf(db, id)).toHaveLength(2);
  });

  test("a draft saved again after the send was asked about is not sent; asked again, it is", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    await onlyConfirmed(db, [`a.${unique()}@example.com`]);
    const id = await draft("Asked about");
    const asked = await sendFields(db, id);
    // Another owner saves a new text meanwhile.
    const saved = await postPage(owner, id, {
      "form-id": "newsletter",
      intent: "save",
      subject: "Changed since",
      body: "A different text.",
    });
    expect(saved.status).toBe(303);
    const stale = await postPage(owner, id, asked);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as Answer).formError).toMatch(/saved again after you were asked/);
    expect((await stateOf(db, id))?.state).toBe("draft");
    expect(await copiesOf(db, id)).toEqual([]);

    const missing = await postPage(owner, id, { intent: "send", id: String(id) });
    expect(missing.status).toBe(400);
    expect((await stateOf(db, id))?.state).toBe("draft");

    expect(await postPage(owner, id, await sendFields(db, id))).toHaveRedirect(
      `/staff/newsletter/${id}`,
    );
    expect((await stateOf(db, id))?.state).toBe("sending");
  });

  test("a second send while the first is under way queues its copies after the first's, at the same rate", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    await db.query(
      "update public.newsletter_deliveries set state = 'stopped' where state = 'waiting'",
    );
    await onlyConfirmed(db, [`a.${unique()}@example.com`, `b.${unique()}@example.com`]);
    const first = await draft("First");
    await postPage(owner, first, await sendFields(db, first));
    const second = await draft("Second");
    await postPage(owner, second, await sendFields(db, second));
    const due = async (id: number) => (await copiesOf(db, id)).map((copy) => copy.dueInS);
    expect(await due(first)).toEqual([0, 1]);
    expect(await due(second)).toEqual([2, 3]);
  });

  test("with nobody confirmed nothing is sent and the draft stays", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    await onlyConfirmed(db, []);
    const id = await draft("Nobody");
    const response = await postPage(owner, id, await sendFields(db, id));
    expect(response.status).toBe(409);
    expect(((await response.json()) as Answer).formError).toMatch(/Nobody has confirmed/);
    expect((await stateOf(db, id))?.state).toBe("draft");
  });

  test("each copy's outcome is kept: sent, a bounce marks the address, and the newsletter is sent when none waits", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    const [a, b] = [`a.${unique()}@example.com`, `b.${unique()}@example.com`];
    const [, bId] = await onlyConfirmed(db, [a, b]);
    const id = await draft("Outcomes");
    await postPage(owner, id, await sendFields(db, id));
    const outbox = await copiesOf(db, id);
    await markMailSent(db, outbox[0]!.outboxId);
    await markMailFailedTry(db, outbox[1]!.outboxId, {
      error: "The mail server refused this mail. It said: 550 No such user",
      retryInMs: 60_000,
      giveUpAfterMs: 86_400_000,
      permanent: true,
      recipientRefused: true,
    });
    expect((await copiesOf(db, id)).map((copy) => copy.state)).toEqual(["sent", "bounced"]);
    // Sent again by an owner from the outbox, it is not: the address refused it for good.
    expect(await sendAgainNow(db, outbox[1]!.outboxId)).toBe("withdrawn");
    expect((await copiesOf(db, id)).map((copy) => copy.state)).toEqual(["sent", "bounced"]);
    expect((await stateOf(db, id))?.state).toBe("sent");
    const [bounced] = await db.query<{ bounced: boolean }>(
      "select bounced_at is not null as bounced from public.newsletter_subscribers where id = $1::bigint",
      [bId!],
    );
    expect(bounced?.bounced).toBe(true);

    // The next send skips the bounced address.
    const next = await draft("After the bounce");
    await postPage(owner, next, await sendFields(db, next));
    expect((await copiesOf(db, next)).map((copy) => copy.to)).toEqual([a]);
  });

  test("a refusal of the site's sender or text fails the copy but marks no address bounced; an unsubscribed reader's failed copy is not sent again", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    const [a, b] = [`a.${unique()}@example.com`, `b.${unique()}@example.com`];
    const ids = await onlyConfirmed(db, [a, b]);
    const aId = ids[0];
    const id = await draft("Refused");
    await postPage(owner, id, await sendFields(db, id));
    const outbox = await copiesOf(db, id);
    for (const { outboxId: mail } of outbox) {
      await markMailFailedTry(db, mail, {
        error: "The mail server refused this mail. It said: 550 5.7.1 Sender not authorised",
        retryInMs: 60_000,
        giveUpAfterMs: 86_400_000,
        permanent: true,
      });
    }
    expect((await copiesOf(db, id)).map((copy) => copy.state)).toEqual(["failed", "failed"]);
    const bounced = await db.query(
      `select 1 from public.newsletter_subscribers
       where id = any($1::bigint[]) and bounced_at is not null`,
      [ids.map(String)],
    );
    expect(bounced).toEqual([]);

    // The pub fixes its mail server; one reader has unsubscribed meanwhile.
    await db.query(
      `update public.newsletter_subscribers set state = 'unsubscribed', unsubscribed_at = now(),
         unsubscribed_by = 'link', consented_at = null, consent_form = null, consent_wording = null,
         pub_name = null, pub_postal_address = null, confirmed_at = null
       where id = $1::bigint`,
      [aId!],
    );
    expect(await sendAgainNow(db, outbox[0]!.outboxId)).toBe("withdrawn");
    expect(await sendAgainNow(db, outbox[1]!.outboxId)).toBe("queued");
    expect((await copiesOf(db, id)).map((copy) => copy.state)).toEqual(["failed", "waiting"]);
  });

  test("a copy being tried when the send is stopped goes if it goes, but is not tried again", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    const emails = [1, 2].map((n) => `t${n}.${unique()}@example.com`);
    await onlyConfirmed(db, emails);
    const id = await draft("Stopped while trying");
    await postPage(owner, id, await sendFields(db, id));
    const [trying] = await copiesOf(db, id);
    // A sender has it this moment.
    await db.query(
      `update public.outbox set claimed_until = now() + interval '1 minute', attempts = 1,
         first_attempted_at = now() where id = $1::bigint`,
      [trying!.outboxId],
    );
    const response = await postPage(owner, id, { intent: "stop", id: String(id) });
    expect(response).toHaveRedirect(`/staff/newsletter/${id}`);
    expect((await copiesOf(db, id)).map((copy) => copy.state)).toEqual(["waiting", "stopped"]);
    // Its try fails for now: it is given up on, not tried later.
    expect(
      await markMailFailedTry(db, trying!.outboxId, {
        error: "The mail server did not answer in time.",
        retryInMs: 60_000,
        giveUpAfterMs: 86_400_000,
        permanent: false,
      }),
    ).toBe("failed");
    expect((await copiesOf(db, id)).map((copy) => copy.state)).toEqual(["failed", "stopped"]);
  });

  test("stopping takes the waiting copies out, keeps what was sent, and keeps the counts", async ({
    db,
    draft,
    postPage,
    page,
    owner,
  }) => {
    const emails = [1, 2, 3].map((n) => `s${n}.${unique()}@example.com`);
    await onlyConfirmed(db, emails);
    const id = await draft("Stop test");
    await postPage(owner, id, await sendFields(db, id));
    const [first] = await copiesOf(db, id);
    await markMailSent(db, first!.outboxId);

    const response = await postPage(owner, id, { intent: "stop", id: String(id) });
    expect(response).toHaveRedirect(`/staff/newsletter/${id}`);
    expect((await copiesOf(db, id)).map((copy) => copy.state)).toEqual([
      "sent",
      "stopped",
      "stopped",
    ]);
    const waiting = await db.query(
      `select 1 from public.outbox where to_address = any($1::text[]) and status = 'waiting'`,
      [emails],
    );
    expect(waiting).toEqual([]);
    const loaded = (await (await page(owner, id)).json()) as NewsletterPageData;
    expect(loaded.newsletter).toMatchObject({
      state: "stopped",
      recipientCount: 3,
      counts: { sent: 1, stopped: 2, waiting: 0 },
    });

    const again = await postPage(owner, id, { intent: "stop", id: String(id) });
    expect(again.status).toBe(409);

    // Removing a subscriber keeps the sent newsletter's counts.
    await db.query("delete from public.newsletter_subscribers where email = $1", [emails[0]!]);
    const after = (await (await page(owner, id)).json()) as NewsletterPageData;
    expect(after.newsletter?.counts).toMatchObject({ sent: 1, stopped: 2 });
    expect(after.deliveries[0]?.email).toBeNull();
  });

  test("an address that unsubscribes mid-send gets nothing more", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    const [a, b] = [`a.${unique()}@example.com`, `b.${unique()}@example.com`];
    const [, bId] = await onlyConfirmed(db, [a, b]);
    const id = await draft("Mid-send");
    await postPage(owner, id, await sendFields(db, id));
    const [row] = await db.query<{ listUnsubscribe: string }>(
      `select list_unsubscribe as "listUnsubscribe" from public.outbox
       where newsletter_subscriber_id = $1::bigint and status = 'waiting'`,
      [bId!],
    );
    const token = new URL(row!.listUnsubscribe).searchParams.get("token");
    expect(await unsubscribe(db, token, "one-click")).toBe("unsubscribed");
    expect((await copiesOf(db, id)).map((copy) => copy.state)).toEqual(["waiting", "unsubscribed"]);
  });

  test("a sent newsletter cannot be changed: the text is given back, and it can be copied into a new draft", async ({
    db,
    draft,
    postPage,
    owner,
  }) => {
    await onlyConfirmed(db, [`a.${unique()}@example.com`]);
    const id = await draft("Sent once");
    await postPage(owner, id, await sendFields(db, id));
    const response = await postPage(owner, id, {
      "form-id": "newsletter",
      subject: "Changed",
      body: "Changed",
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as Answer).values).toMatchObject({ subject: "Changed" });
    const copied = await postPage(owner, id, { intent: "copy", id: String(id) });
    const copyId = Number(/(\d+)$/.exec(copied.headers.get("Location")!)![1]);
    expect(copyId).not.toBe(id);
    expect(await stateOf(db, copyId)).toEqual({ state: "draft", recipientCount: null });
  });

  test("an owner deletes a draft after being asked; a sent newsletter is kept", async ({
    db,
    draft,
    page,
    postPage,
    owner,
  }) => {
    await onlyConfirmed(db, [`a.${unique()}@example.com`]);
    const id = await draft("Not this month");
    const asked = (await (await page(owner, id, "?delete")).json()) as NewsletterPageData;
    expect(asked.confirmingDelete).toBe(true);
    expect(await postPage(owner, id, { intent: "delete", id: String(id) })).toHaveRedirect(
      "/staff/newsletter",
    );
    expect(await stateOf(db, id)).toBeUndefined();
    const again = await postPage(owner, id, { intent: "delete", id: String(id) });
    expect(again.status).toBe(404);
    expect(((await again.json()) as Answer).formError).toBe("That draft is gone already.");

    const sent = await draft("Kept");
    await postPage(owner, sent, await sendFields(db, sent));
    const shown = (await (await page(owner, sent, "?delete")).json()) as NewsletterPageData;
    expect(shown.confirmingDelete).toBe(false);
    const refused = await postPage(owner, sent, { intent: "delete", id: String(sent) });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Answer).formError).toMatch(/was sent, so it is kept/);
    expect((await stateOf(db, sent))?.state).toBe("sending");
    expect(await copiesOf(db, sent)).toHaveLength(1);
  });

  test("an editor cannot send, test, stop, copy or delete, and nothing changes", async ({
    db,
    draft,
    postPage,
    editor,
  }) => {
    await onlyConfirmed(db, [`a.${unique()}@example.com`]);
    const id = await draft("Owners only");
    for (const intent of ["send", "send-test", "stop", "copy", "delete"]) {
      const response = await postPage(editor, id, { intent, id: String(id) });
      expect(response.status).toBe(403);
      expect(((await response.json()) as Answer).formError).toMatch(/Only the pub's owners/);
    }
    expect((await stateOf(db, id))?.state).toBe("draft");
    expect(await copiesOf(db, id)).toEqual([]);
  });

  test.for([
    [{ intent: "send" }, 400, /belongs to another newsletter/],
    [{ intent: "send", id: "abc" }, 400, /belongs to another newsletter/],
    [{ intent: "send", id: "99999999999999999999" }, 400, /belongs to another newsletter/],
    [{ intent: "publish", id: "1" }, 400, /not something this page does/],
    [{ id: "1" }, 400, /Please check 2 answers and save again/],
  ] as const)(
    "bad input %j gets %i and a plain sentence",
    async ([fields, status, message], { draft, postPage, owner }) => {
      const id = await draft();
      const response = await postPage(owner, id, fields);
      expect(response.status).toBe(status);
      expect(((await response.json()) as Answer).formError).toMatch(message);
    },
  );

  test("a forged id, another newsletter's or none at all, does nothing", async ({
    db,
    draft,
    postPage,
    page,
    owner,
  }) => {
    const [one, other] = [await draft(), await draft()];
    const response = await postPage(owner, one, { intent: "send", id: String(other) });
    expect(response.status).toBe(400);
    expect((await stateOf(db, other))?.state).toBe("draft");
    expect((await page(owner, 987654321)).status).toBe(404);
    await expect(page(owner, "abc" as unknown as number)).resolves.toMatchObject({ status: 404 });
  });
});
