import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { CookieJar } from "../../tests/support/staff-requests";
import {
  action as subscribersAction,
  loader as subscribersLoader,
} from "./staff/newsletter-subscribers";
import { loader as sheetLoader } from "./staff/newsletter-subscribers-sheet";
import { OWNERS_ONLY_SUBSCRIBERS, SUBSCRIBERS_PAGE_SIZE } from "~/newsletter/subscriber-list";
import type { SubscribersActionData, SubscribersPageData } from "~/newsletter/subscribers-page";
import {
  confirmationState,
  newsletterKey,
  requestSubscription,
  resubscribe,
  unsubscribeState,
} from "~/newsletter/subscribers.server";
import { unsubscribeToken } from "~/newsletter/newsletter-tokens.server";
import type { Database } from "~/platform/database/database.server";

/**
 * The owners' list of the newsletter's subscribers: counts for all the
 * staff, the list, each address's consent record, the export and the
 * removal for owners only; every bad query and post refused in words.
 */

const WORDING =
  "Send me the pub's newsletter about events and specials. I can unsubscribe at any time.";
const PUB = { name: "The Squire Pub & Grill", postalAddress: "Dundas and Richmond, London, ON" };

type Seed = {
  email?: string;
  state?: "confirmed" | "waiting" | "unsubscribed" | "expired";
  form?: string;
  pubName?: string;
  /** Minutes ago its last change was (the list's order). */
  minutesAgo?: number;
};

/** A row as the forms and links leave it, written straight to the table. */
async function seed(db: Database, seedRow: Seed = {}): Promise<{ id: number; email: string }> {
  const email = seedRow.email ?? `guest.${randomUUID().slice(0, 8)}@example.com`;
  const state = seedRow.state ?? "confirmed";
  const at = `now() - make_interval(mins => ${seedRow.minutesAgo ?? 0})`;
  const consent = [
    seedRow.form ?? "contact",
    WORDING,
    seedRow.pubName ?? PUB.name,
    PUB.postalAddress,
  ];
  const [row] =
    state === "unsubscribed"
      ? await db.query<{ id: number }>(
          `insert into public.newsletter_subscribers
             (email, state, unsubscribed_at, unsubscribed_by, updated_at)
           values ($1, 'unsubscribed', ${at}, 'link', ${at}) returning id::int as id`,
          [email],
        )
      : await db.query<{ id: number }>(
          `insert into public.newsletter_subscribers (email, state, consented_at, consent_form,
             consent_wording, pub_name, pub_postal_address, confirm_token_hash,
             confirm_expires_at, confirmed_at, updated_at)
           values ($1, $2, ${at} - interval '1 day', $3, $4, $5, $6, $7, $8, $9, ${at})
           returning id::int as id`,
          [
            email,
            state === "expired" ? "waiting" : state,
            ...consent,
            state === "confirmed" ? null : randomUUID().replaceAll("-", "").repeat(2),
            state === "confirmed"
              ? null
              : new Date(Date.now() + (state === "expired" ? -1 : 5) * 86_400_000).toISOString(),
            state === "confirmed" ? new Date(Date.now() - 60_000).toISOString() : null,
          ],
        );
  return { id: row!.id, email };
}

async function stored(db: Database, id: number) {
  const [row] = await db.query<Record<string, unknown>>(
    `select state, consented_at, consent_form, consent_wording, pub_name, pub_postal_address,
       confirmed_at, unsubscribed_by, unsubscribed_by_staff::text, unsubscribed_by_staff_email,
       unsubscribed_at > now() - interval '1 minute' as just_now
     from public.newsletter_subscribers where id = $1::bigint`,
    [id],
  );
  return row;
}

const test = routeTest
  .extend("fresh", async ({ db }) => {
    await db.query("delete from public.outbox where newsletter_subscriber_id is not null");
    await db.query("delete from public.newsletter_subscribers");
    return (row?: Seed) => seed(db, row);
  })
  .extend("list", ({ staff }) => async (jar: CookieJar, query = "") => {
    const response = await staff.load(
      jar,
      `/staff/newsletter/subscribers${query}`,
      subscribersLoader,
    );
    const text = await response.text();
    return { status: response.status, text, page: JSON.parse(text) as SubscribersPageData };
  })
  .extend(
    "sheet",
    ({ staff }) =>
      (jar: CookieJar, query = "") =>
        staff.load(jar, `/staff/newsletter/subscribers.csv${query}`, sheetLoader),
  )
  .extend(
    "remove",
    ({ staff }) =>
      (jar: CookieJar, fields: Record<string, string>, query = "") =>
        staff.submit(jar, `/staff/newsletter/subscribers${query}`, fields, subscribersAction),
  );

/** The CSV's rows as cells (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function cells(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let at = 0; at < csv.length; at++) {
    const char = csv[at]!;
    if (quoted && char === '"' && csv[at + 1] === '"') {
      cell += '"';
      at++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && char === "\r" && csv[at + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      at++;
    } else {
      cell += char;
    }
  }
  return rows;
}

describe.each(drivers)("the newsletter's subscribers for the staff on %s", (driver) => {
  test.override({ driver });

  describe("the list", () => {
    test("an owner sees the counts, then every address the latest change first, each in words", async ({
      fresh,
      list,
      owner,
    }) => {
      const confirmed = await fresh({ state: "confirmed", minutesAgo: 30 });
      const waiting = await fresh({ state: "waiting", form: "venue", minutesAgo: 20 });
      const left = await fresh({ state: "unsubscribed", minutesAgo: 10 });
      const expired = await fresh({ state: "expired", minutesAgo: 5 });

      const { status, page } = await list(owner);
      expect(status).toBe(200);
      expect(page.owner).toBe(true);
      // A request whose link ran out counts as absent.
      expect(page.counts).toEqual({ confirmed: 1, waiting: 1, unsubscribed: 1, bounced: 0 });
      expect(page.list?.rows.map((row) => row.email)).toEqual([
        left.email,
        waiting.email,
        confirmed.email,
      ]);
      expect(page.list?.rows.map((row) => row.email)).not.toContain(expired.email);
      expect(page.list?.rows.find((row) => row.id === confirmed.id)).toMatchObject({
        state: "confirmed",
        consentForm: "contact",
        consentWording: WORDING,
        pubName: PUB.name,
        pubPostalAddress: PUB.postalAddress,
        consentedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      });
      expect(page.list?.rows.find((row) => row.id === left.id)).toMatchObject({
        state: "unsubscribed",
        consentWording: null,
        unsubscribedBy: "link",
      });
    });

    test("a state and a search narrow it; the search is part of an address, in any case", async ({
      fresh,
      list,
      owner,
    }) => {
      await fresh({ email: "priya@pub-friends.example", state: "confirmed" });
      await fresh({ email: "sam@pub-friends.example", state: "waiting" });
      await fresh({ email: "alex@elsewhere.example", state: "confirmed" });

      const confirmed = (await list(owner, "?state=confirmed")).page;
      expect(confirmed.list?.rows.map((row) => row.email).sort()).toEqual([
        "alex@elsewhere.example",
        "priya@pub-friends.example",
      ]);
      const found = (await list(owner, "?q=PUB-Friends")).page;
      expect(found.query.q).toBe("pub-friends");
      expect(found.list?.total).toBe(2);
      const both = (await list(owner, "?state=Waiting&q=friends")).page;
      expect(both.list?.rows.map((row) => row.email)).toEqual(["sam@pub-friends.example"]);
      // Characters a LIKE pattern would read as wildcards are plain text here.
      expect((await list(owner, "?q=%25")).page.list?.total).toBe(0);
      expect((await list(owner, "?q=_")).page.list?.total).toBe(0);
    });

    test("it comes a page at a time, of a fixed size; a page past the last shows the last", async ({
      db,
      fresh,
      list,
      owner,
    }) => {
      await fresh();
      await db.query(
        `insert into public.newsletter_subscribers (email, state, unsubscribed_at, unsubscribed_by)
         select 'left' || n || '@example.com', 'unsubscribed', now(), 'one-click'
         from generate_series(1, $1::int) n`,
        [SUBSCRIBERS_PAGE_SIZE + 9],
      );
      const first = (await list(owner)).page.list!;
      expect(first).toMatchObject({ total: SUBSCRIBERS_PAGE_SIZE + 10, page: 1, pageCount: 2 });
      expect(first.rows).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
      const second = (await list(owner, "?page=2")).page.list!;
      expect(second.rows).toHaveLength(10);
      expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(
        SUBSCRIBERS_PAGE_SIZE + 10,
      );
      expect((await list(owner, "?page=9999&size=100000")).page.list).toMatchObject({
        page: 2,
        rows: expect.any(Array),
      });
    });

    test.for([
      ["?state=everyone", /no such list/],
      ["?state=confirmed'--", /no such list/],
      [`?q=${"a".repeat(101)}`, /at most 100 characters/],
      ["?page=0", /no such page/],
      ["?page=two", /no such page/],
      ["?page=10001", /no such page/],
      ["?page=1e3", /no such page/],
      ["?remove=-1", /does not name an address/],
      ["?remove=1%00", /does not name an address/],
    ] as const)(
      "a query it cannot use, %s, is refused in words with 400 and no rows",
      async ([query, problem], { fresh, list, owner }) => {
        const { email } = await fresh();
        const { status, page, text } = await list(owner, query);
        expect(status).toBe(400);
        expect(page.problem).toMatch(problem);
        expect(page.list).toBeNull();
        expect(page.counts.confirmed).toBe(1);
        expect(text).not.toContain(email);
      },
    );

    test("keys it does not read are ignored", async ({ fresh, list, owner }) => {
      const { email } = await fresh();
      const { status, page } = await list(owner, "?utm_source=mail&size=99999&sort=email");
      expect(status).toBe(200);
      expect(page.list?.rows.map((row) => row.email)).toEqual([email]);
    });

    test("an editor sees the counts and not one address, nor the question before a removal", async ({
      fresh,
      list,
      editor,
    }) => {
      const seeded = [
        await fresh({ state: "confirmed" }),
        await fresh({ state: "waiting" }),
        await fresh({ state: "unsubscribed" }),
      ];
      const { status, text, page } = await list(editor, `?remove=${seeded[0]!.id}&state=waiting`);
      expect(status).toBe(200);
      expect(page).toMatchObject({
        owner: false,
        counts: { confirmed: 1, waiting: 1, unsubscribed: 1 },
        list: null,
        removing: null,
        notice: null,
      });
      for (const { email } of seeded) {
        expect(text).not.toContain(email);
        expect(text).not.toContain(email.split("@")[0]);
      }
      expect(text).not.toContain(WORDING);
    });

    test("row level security shows an editor no row, only the counts", async ({
      fresh,
      asEditor,
    }) => {
      await fresh();
      expect(
        await asEditor((tx) => tx.query("select * from public.newsletter_subscribers")),
      ).toEqual([]);
      expect(
        await asEditor((tx) =>
          tx.query("select confirmed from public.newsletter_subscriber_counts()"),
        ),
      ).toEqual([{ confirmed: 1 }]);
    });

    test("without a session the list sends the visitor to sign in", async ({ staff }) => {
      expect(
        await staff.load(new CookieJar(), "/staff/newsletter/subscribers", subscribersLoader),
      ).toHaveRedirect("/staff/sign-in?redirectTo=%2Fstaff%2Fnewsletter%2Fsubscribers");
    });
  });

  describe("the export", () => {
    test("an owner downloads every address with its consent record, times in UTC", async ({
      fresh,
      sheet,
      owner,
    }) => {
      const confirmed = await fresh({ state: "confirmed", form: "venue", minutesAgo: 2 });
      const left = await fresh({ state: "unsubscribed", minutesAgo: 1 });
      const response = await sheet(owner);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
      expect(response.headers.get("Content-Disposition")).toMatch(
        /^attachment; filename="newsletter-subscribers-\d{4}-\d\d-\d\d\.csv"$/,
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      // A byte-order mark, so a spreadsheet reads the file as UTF-8.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const body = new TextDecoder().decode(bytes);
      const [heading, ...rows] = cells(body);
      expect(heading).toEqual([
        "state",
        "email",
        "consented_at (UTC)",
        "consent_form",
        "consent_wording",
        "pub_name",
        "pub_postal_address",
        "confirmed_at (UTC)",
        "unsubscribed_at (UTC)",
        "unsubscribed_by",
        "removed_by_owner",
        "bounced_at (UTC)",
      ]);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toEqual([
        "unsubscribed",
        left.email,
        "",
        "",
        "",
        "",
        "",
        "",
        expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        "link",
        "",
        "",
      ]);
      expect(rows[1]).toEqual([
        "confirmed",
        confirmed.email,
        expect.stringMatching(/Z$/),
        "venue",
        WORDING,
        PUB.name,
        PUB.postalAddress,
        expect.stringMatching(/Z$/),
        "",
        "",
        "",
        "",
      ]);
    });

    test("a state narrows it and names the file; a cell that starts like a formula stays text", async ({
      fresh,
      sheet,
      owner,
    }) => {
      await fresh({ state: "confirmed", pubName: '=HYPERLINK("http://evil.example","Click")' });
      await fresh({ state: "waiting", pubName: "@SUM(A1)" });
      const response = await sheet(owner, "?state=waiting");
      expect(response.headers.get("Content-Disposition")).toMatch(
        /filename="newsletter-subscribers-waiting-\d{4}-\d\d-\d\d\.csv"/,
      );
      const rows = cells(await response.text()).slice(1);
      expect(rows.map((row) => row[0])).toEqual(["waiting"]);
      expect(rows[0]![5]).toBe("'@SUM(A1)");
      const all = cells(await (await sheet(owner)).text()).slice(1);
      expect(all.map((row) => row[5])).toContain(`'=HYPERLINK("http://evil.example","Click")`);
    });

    test("an editor is refused the file, which names no address", async ({
      fresh,
      sheet,
      editor,
    }) => {
      const { email } = await fresh();
      const response = await sheet(editor);
      expect(response.status).toBe(403);
      expect(response.headers.get("Content-Disposition")).toBeNull();
      const text = await response.text();
      expect(text).toBe(OWNERS_ONLY_SUBSCRIBERS);
      expect(text).not.toContain(email);
    });

    test("a state not on the list is refused with 400", async ({ sheet, owner }) => {
      const response = await sheet(owner, "?state=all-of-them");
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/no such list/);
    });
  });

  describe("the removal", () => {
    test("an owner's ?remove= asks first; a row already off the list says so instead", async ({
      fresh,
      list,
      owner,
    }) => {
      const on = await fresh();
      const off = await fresh({ state: "unsubscribed" });
      expect((await list(owner, `?remove=${on.id}`)).page.removing).toMatchObject({
        id: on.id,
        state: "confirmed",
      });
      expect((await list(owner, `?remove=${off.id}`)).page.removing).toMatchObject({
        id: off.id,
        state: "unsubscribed",
      });
      const forged = await list(owner, "?remove=987654321");
      expect(forged.status).toBe(404);
      expect(forged.page.removing).toBeNull();
      expect(forged.page.notice).toMatch(/not on the list/);
      expect(forged.page.list?.rows).toHaveLength(2);
    });

    test("removes at once: unsubscribed by the owner, recorded, consent cleared, its waiting mail gone", async ({
      db,
      fresh,
      list,
      remove,
      owner,
    }) => {
      const { id, email } = await fresh({ state: "confirmed" });
      const other = await fresh({ state: "confirmed" });
      const mail = (to: number, status: string) =>
        db.query(
          `insert into public.outbox (to_address, subject, text_body, newsletter_subscriber_id,
             status, sent_at)
           values ('x@example.com', 'The pub this month', 'News.', $1::bigint, $2,
             case when $2 = 'sent' then now() end)`,
          [to, status],
        );
      await mail(id, "waiting");
      await mail(id, "sent");
      await mail(other.id, "waiting");

      const response = await remove(
        owner,
        { intent: "remove", id: String(id) },
        "?state=confirmed&q=guest",
      );
      expect(response).toHaveRedirect("/staff/newsletter/subscribers?state=confirmed&q=guest");
      expect(response).toSetCookie("toast");

      expect(await stored(db, id)).toEqual({
        state: "unsubscribed",
        consented_at: null,
        consent_form: null,
        consent_wording: null,
        pub_name: null,
        pub_postal_address: null,
        confirmed_at: null,
        unsubscribed_by: "owner",
        unsubscribed_by_staff: owner.userId,
        unsubscribed_by_staff_email: owner.email,
        just_now: true,
      });
      const left = await db.query<{ subscriber: number; status: string }>(
        `select newsletter_subscriber_id::int as subscriber, status from public.outbox
         where newsletter_subscriber_id in ($1::bigint, $2::bigint) order by id`,
        [id, other.id],
      );
      expect(left).toEqual([
        { subscriber: id, status: "sent" },
        { subscriber: other.id, status: "waiting" },
      ]);
      const shown = (await list(owner)).page.list?.rows.find((row) => row.email === email);
      expect(shown).toMatchObject({
        state: "unsubscribed",
        unsubscribedBy: "owner",
        unsubscribedByStaffEmail: owner.email,
      });
    });

    test("a waiting request is taken off too: its confirmation mail is not sent and its link stops working", async ({
      db,
      fresh,
      remove,
      owner,
    }) => {
      await fresh();
      const email = `waiting.${randomUUID().slice(0, 8)}@example.com`;
      await requestSubscription(db, {
        email,
        form: "contact",
        wording: WORDING,
        pub: PUB,
        origin: "https://pub.example",
        key: await newsletterKey(db),
      });
      const [row] = await db.query<{ id: number; text: string }>(
        `select s.id::int as id, o.text_body as text from public.newsletter_subscribers s
         join public.outbox o on o.newsletter_subscriber_id = s.id where s.email = $1`,
        [email],
      );
      const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(row!.text)![1]!;
      expect(await confirmationState(db, token)).toBe("waiting");

      expect(await remove(owner, { intent: "remove", id: String(row!.id) })).toHaveRedirect(
        "/staff/newsletter/subscribers",
      );
      expect(await stored(db, row!.id)).toMatchObject({
        state: "unsubscribed",
        unsubscribed_by: "owner",
      });
      expect(
        await db.query("select 1 from public.outbox where newsletter_subscriber_id = $1::bigint", [
          row!.id,
        ]),
      ).toEqual([]);
      expect(await confirmationState(db, token)).toBe("unknown");
    });

    test("their unsubscribe page cannot undo the pub's removal; signing up again can", async ({
      db,
      fresh,
      remove,
      owner,
    }) => {
      const { id, email } = await fresh();
      await remove(owner, { intent: "remove", id: String(id) });
      const token = unsubscribeToken(await newsletterKey(db), id);
      expect(await unsubscribeState(db, token)).toEqual({ status: "unsubscribed", mayUndo: false });
      expect(await resubscribe(db, token, PUB)).toBe("too-late");
      await requestSubscription(db, {
        email,
        form: "footer",
        wording: WORDING,
        pub: PUB,
        origin: "https://pub.example",
        key: await newsletterKey(db),
      });
      expect(await stored(db, id)).toMatchObject({
        state: "waiting",
        consent_form: "footer",
        unsubscribed_by: null,
        unsubscribed_by_staff: null,
        unsubscribed_by_staff_email: null,
      });
    });

    test.for([
      [{ id: "1" }, 400, /the only thing this page does is remove an address/],
      [{ intent: "delete", id: "1" }, 400, /the only thing this page does/],
      [{ intent: "remove" }, 400, /choose an address from the list/],
      [{ intent: "remove", id: "abc" }, 400, /choose an address from the list/],
      [{ intent: "remove", id: "-3" }, 400, /choose an address from the list/],
      [{ intent: "remove", id: "99999999999999999999" }, 400, /choose an address from the list/],
      [{ intent: "remove", id: "987654321" }, 404, /not on the list/],
    ] as const)(
      "bad input %j gets %i and a plain sentence, and changes nothing",
      async ([fields, status, message], { db, fresh, remove, owner }) => {
        const { id } = await fresh();
        const response = await remove(owner, fields);
        expect(response.status).toBe(status);
        expect(((await response.json()) as SubscribersActionData).formError).toMatch(message);
        expect(await stored(db, id)).toMatchObject({ state: "confirmed" });
      },
    );

    test("an address already off the list, or a request run out, is not removed again", async ({
      db,
      fresh,
      remove,
      owner,
    }) => {
      const off = await fresh({ state: "unsubscribed" });
      const before = await stored(db, off.id);
      const again = await remove(owner, { intent: "remove", id: String(off.id) });
      expect(again.status).toBe(409);
      expect(((await again.json()) as SubscribersActionData).formError).toBe(
        `${off.email} is already off the list, so there was nothing to remove.`,
      );
      expect(await stored(db, off.id)).toEqual(before);

      const expired = await fresh({ state: "expired" });
      const late = await remove(owner, { intent: "remove", id: String(expired.id) });
      expect(late.status).toBe(404);
      expect(await stored(db, expired.id)).toMatchObject({ state: "waiting" });
    });

    test("an editor cannot remove anyone, and the row stays as it was", async ({
      db,
      fresh,
      remove,
      editor,
    }) => {
      const { id, email } = await fresh();
      const response = await remove(editor, { intent: "remove", id: String(id) });
      expect(response.status).toBe(403);
      const { formError } = (await response.json()) as SubscribersActionData;
      expect(formError).toBe(`Nothing was removed. ${OWNERS_ONLY_SUBSCRIBERS}`);
      expect(formError).not.toContain(email);
      expect(await stored(db, id)).toMatchObject({ state: "confirmed", unsubscribed_by: null });
    });
  });
});
