import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { expectRefusedWhole } from "../../tests/support/staff-session";
import { contextWithDatabase } from "../../tests/support/test-database";
import type { Database } from "~/platform/database/database.server";
import { siteContent } from "~/site/site-content.server";
import { action as questionAction, loader as questionLoader } from "./staff/question";
import { action as questionsAction, loader as questionsLoader } from "./staff/questions";

type Handler = (args: never) => unknown;

const valid = {
  "form-id": "question",
  question: "Do you show the Leafs games?",
  answer: "Every one, with the sound up on the big screen.",
  hidden: "",
};

const idOf = async (db: Database, question: string) =>
  (
    await db.query<{ id: number }>(
      "select id::int as id from public.questions where question = $1",
      [question],
    )
  )[0]?.id;

/** What the About page would show: the published questions, through the content cache. */
const aboutQuestions = async (db: Database) =>
  (await siteContent(contextWithDatabase(db)).questions()).map((entry) => entry.question);

const test = routeTest
  .extend(
    "send",
    ({ staff, editor }) =>
      (path: string, handler: Handler, fields: Record<string, string>, id?: string) =>
        staff.submit(editor, path, fields, handler, id ? { id } : {}),
  )
  .extend(
    "read",
    ({ staff, editor }) =>
      (path: string, handler: Handler, id?: string) =>
        staff.load(editor, path, handler, id ? { id } : {}),
  );

const listed = async (read: (path: string, handler: Handler) => Promise<Response>) =>
  (
    (await (await read("/staff/questions", questionsLoader)).json()) as {
      questions: { id: number; question: string }[];
    }
  ).questions;

describe.each(drivers)("the questions editor on %s", (driver) => {
  test.override({ driver });

  test("the house rules that were written in the page are rows staff can edit, in order", async ({
    db,
    read,
  }) => {
    // Moved there by the migration, which the recent changes do not list.
    expect(await db.query("select 1 from public.audit_log where table_name = 'questions'")).toEqual(
      [],
    );
    expect((await listed(read)).map((entry) => entry.question)).toEqual([
      "Do you take reservations?",
      "Is there a patio?",
      "Can I bring my kids?",
      "Can you handle allergies and special diets?",
    ]);
  });

  test("the sample's questions are marked until saved from their form, changed or kept as they are", async ({
    db,
    send,
  }) => {
    const [first] = await db.query<{
      id: number;
      question: string;
      answer: string;
      sample: boolean;
    }>(
      "select id::int as id, question, answer, sample from public.questions order by sort_order limit 1",
    );
    expect(first!.sample).toBe(true);
    const kept = await send(
      `/staff/questions/${first!.id}`,
      questionAction,
      { ...valid, question: first!.question, answer: first!.answer },
      String(first!.id),
    );
    expect(kept).toHaveRedirect(`/staff/questions#question-${first!.id}`);
    const [after] = await db.query<{ sample: boolean }>(
      "select sample from public.questions where id = $1",
      [first!.id],
    );
    expect(after!.sample).toBe(false);
    // Kept as it was: nothing for the recent changes to say.
    expect(
      await db.query("select 1 from public.audit_log where table_name = 'questions'"),
    ).toHaveLength(1);
  });

  test("adds a question at the end, edits it, hides it from the About page, and deletes it", async ({
    db,
    send,
    read,
  }) => {
    const added = await send("/staff/questions/new", questionAction, valid, "new");
    const id = (await idOf(db, valid.question))!;
    expect(added).toHaveRedirect(`/staff/questions#question-${id}`);
    expect((await listed(read)).at(-1)?.id).toBe(id);
    await expect.poll(() => aboutQuestions(db), { timeout: 15_000 }).toContain(valid.question);

    const page = await read(`/staff/questions/${id}`, questionLoader, String(id));
    expect(((await page.json()) as { values: Record<string, string> }).values).toMatchObject({
      question: valid.question,
      answer: valid.answer,
    });

    const hidden = await send(
      `/staff/questions/${id}`,
      questionAction,
      { ...valid, answer: "  Every one.\r\nSound up.  ", hidden: "on" },
      String(id),
    );
    expect(hidden).toHaveRedirect(`/staff/questions#question-${id}`);
    const [row] = await db.query<{ answer: string; published: boolean }>(
      "select answer, published from public.questions where id = $1",
      [id],
    );
    expect(row).toEqual({ answer: "Every one.\nSound up.", published: false });
    // The content cache asks the revision at most once a second.
    await expect.poll(() => aboutQuestions(db), { timeout: 15_000 }).not.toContain(valid.question);

    const asked = await send(
      `/staff/questions/${id}`,
      questionAction,
      { intent: "delete" },
      String(id),
    );
    expect(await asked.json()).toEqual({ confirmDelete: true });
    const deleted = await send(
      `/staff/questions/${id}`,
      questionAction,
      { intent: "delete", confirm: "yes" },
      String(id),
    );
    expect(deleted).toHaveRedirect("/staff/questions");
    expect(await idOf(db, valid.question)).toBeUndefined();
  });

  test.for([
    ["no question", { question: "   " }, "question", /^Enter the question\.$/],
    ["no answer", { answer: "\n  \n" }, "answer", /^Enter the answer\.$/],
  ] as const)(
    "refuses %s, keeping everything typed",
    async ([, change, field, message], { db, send }) => {
      const before = await db.query("select id, question, answer from public.questions");
      const sent = { ...valid, ...change };
      const response = await send("/staff/questions/new", questionAction, sent, "new");
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        values: Record<string, string>;
        errors: Record<string, string>;
      };
      expect(body.errors[field]).toMatch(message);
      expect(body.values).toMatchObject(change);
      expect(await db.query("select id, question, answer from public.questions")).toEqual(before);
    },
  );

  test.for([
    ["question", "Why? ".repeat(40)],
    ["answer", "Because. ".repeat(120)],
  ] as const)(
    "a %s past its limit is refused whole, everything typed kept",
    async ([field, long], { db, send }) => {
      const before = await db.query("select id, question, answer from public.questions");
      const sent = { ...valid, [field]: long };
      await expectRefusedWhole(
        await send("/staff/questions/new", questionAction, sent, "new"),
        sent,
        field,
      );
      expect(await db.query("select id, question, answer from public.questions")).toEqual(before);
    },
  );

  test("moves a question up the list, and the About page follows", async ({ db, send, read }) => {
    const before = await listed(read);
    const last = before.at(-1)!;
    const moved = await send("/staff/questions?reorder=1", questionsAction, {
      intent: "move-up",
      id: String(last.id),
    });
    expect(moved).toHaveRedirect(`/staff/questions?reorder=1#question-${last.id}`);
    const after = await listed(read);
    expect(after.at(-2)?.id).toBe(last.id);
    // From the everyday list, not reorder mode: refused, nothing moved.
    const outside = await send("/staff/questions", questionsAction, {
      intent: "move-down",
      id: String(last.id),
    });
    expect(outside.status).toBe(400);
    expect(await outside.text()).toMatch(/only in reorder mode.*Nothing was moved/);
    expect(await listed(read)).toEqual(after);
    await expect
      .poll(async () => (await aboutQuestions(db)).at(-2), { timeout: 15_000 })
      .toBe(last.question);
    expect(
      (
        await send("/staff/questions?reorder=1", questionsAction, {
          intent: "move-up",
          id: "999999",
        })
      ).status,
    ).toBe(404);
  });

  test("unknown ids are 404s", async ({ send, read }) => {
    for (const id of ["999999", "x"]) {
      expect((await read(`/staff/questions/${id}`, questionLoader, id)).status).toBe(404);
      expect((await send(`/staff/questions/${id}`, questionAction, valid, id)).status).toBe(404);
    }
  });
});
