import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { staffHarness, type Refusal, expectRefusedWhole } from "../../tests/support/staff-session";
import { CookieJar } from "../../tests/support/staff-requests";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { action as specialAction, loader as specialLoader } from "./staff/special";
import { action as specialsAction, loader as specialsLoader } from "./staff/specials";
import { getSpecial, listSpecials } from "~/specials/specials-editor.server";
import { getSpecials } from "~/specials/specials.server";

/**
 * The specials editor's routes as a signed-in staff member posts to them,
 * with and without mistakes, on both databases.
 */

describe.each(drivers)("the specials editor's routes on %s", (driver) => {
  let db: TestDatabase;
  let staff: ReturnType<typeof staffHarness>;
  let jar: CookieJar;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    staff = staffHarness(db);
    jar = await staff.signedIn();
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  const postSpecial = (id: string, fields: Record<string, string>) =>
    staff.submit(jar, `/staff/specials/${id}`, fields, specialAction, { id });
  const postList = (fields: Record<string, string>) =>
    staff.submit(jar, "/staff/specials", fields, specialsAction);

  const form = (changes: Record<string, string> = {}) => ({
    "form-id": "special",
    title: "Pie Night",
    description: "A steak and ale pie with mash and peas.",
    price: "$18.50",
    weekday: "3",
    startsOn: "",
    endsOn: "",
    startsAt: "17:00",
    endsAt: "22:00",
    hidden: "",
    ...changes,
  });

  const count = async () =>
    (await db.query<{ n: number }>("select count(*)::int as n from public.specials"))[0]!.n;

  test.each([
    ["title", "P".repeat(101)],
    ["description", "Steak and ale pie. ".repeat(53)],
  ])("a %s over its limit is refused whole, with everything typed kept", async (field, long) => {
    const before = await count();
    const sent = form({ [field]: long });
    await expectRefusedWhole(await postSpecial("new", sent), sent, field);
    expect(await count()).toBe(before);
  });

  test("without a session the list sends to sign-in, and posts change nothing", async () => {
    const stranger = new CookieJar();
    expect(await staff.load(stranger, "/staff/specials", specialsLoader)).toHaveRedirect(
      "/staff/sign-in?redirectTo=%2Fstaff%2Fspecials",
    );
    const before = await count();
    const response = await staff.submit(stranger, "/staff/specials/new", form(), specialAction, {
      id: "new",
    });
    expect(response).toHaveRedirect("/staff/sign-in?redirectTo=%2Fstaff%2Fspecials%2Fnew");
    expect(await count()).toBe(before);
  });

  test("a special is added, shown to visitors, hidden, and deleted after asking", async () => {
    const added = await postSpecial("new", form());
    expect(added.status).toBe(303);
    expect(added).toSetCookie("toast");
    const id = Number(/#special-(\d+)$/.exec(added.headers.get("Location") ?? "")?.[1]);
    expect(await getSpecial(db, id)).toMatchObject({
      title: "Pie Night",
      priceCents: 1850,
      weekday: 3,
      startsAt: "17:00",
      published: true,
    });
    expect((await getSpecials(db, "2026-11-23")).map((special) => special.id)).toContain(id);

    const list = await staff.load(jar, "/staff/specials", specialsLoader);
    expect(
      ((await list.json()) as { specials: { id: number }[] }).specials.map((s) => s.id),
    ).toContain(id);

    expect(await postSpecial(String(id), form({ hidden: "on" }))).toHaveRedirect(
      `/staff/specials#special-${id}`,
    );
    expect((await getSpecials(db, "2026-11-23")).map((special) => special.id)).not.toContain(id);
    const page = await staff.load(jar, `/staff/specials/${id}`, specialLoader, { id: String(id) });
    expect(((await page.json()) as { special: { published: boolean } }).special.published).toBe(
      false,
    );

    expect(await (await postSpecial(String(id), { intent: "delete" })).json()).toEqual({
      confirmDelete: true,
    });
    expect(await getSpecial(db, id)).not.toBeNull();
    expect(await postSpecial(String(id), { intent: "delete", confirm: "yes" })).toHaveRedirect(
      "/staff/specials",
    );
    expect(await getSpecial(db, id)).toBeNull();
  });

  test("a bad special comes back 400 with every problem and the typed values, and nothing is saved", async () => {
    const before = await count();
    const typed = form({
      title: "",
      price: "-4.00",
      weekday: "",
      endsOn: "2026-12-01",
      startsAt: "25:00",
      hidden: "sure",
    });
    const response = await postSpecial("new", typed);
    expect(response.status).toBe(400);
    const refusal = (await response.json()) as Refusal;
    expect(refusal.errors).toEqual({
      title: "Enter the special's name.",
      price: "A price cannot be negative.",
      weekday: "Choose a day of the week, a first day, or both.",
      startsOn: "Enter the first day too, or leave the last day empty.",
      startsAt: "Enter a time such as 21:30 (00:00 to 23:59).",
      hidden: "Tick the box or leave it clear.",
    });
    expect(refusal.formError).toBe("Please check 6 answers and save again.");
    const { "form-id": _formId, ...values } = typed;
    expect(refusal.values).toEqual(values);
    expect(await count()).toBe(before);
  });

  test.each([
    [{ price: "twelve" }, "price", /Enter a price such as 14.50/],
    [{ weekday: "8" }, "weekday", /Choose a day from the list/],
    [{ startsOn: "2026-12-10", endsOn: "2026-12-01" }, "endsOn", /cannot be before/],
    [{ endsAt: "17:00" }, "endsAt", /must differ/],
    [{ title: "x".repeat(101) }, "title", /100 characters/],
  ])("%j is refused on %s", async (changes, field, message) => {
    const response = await postSpecial("new", form(changes));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refusal).errors[field]).toMatch(message);
  });

  test.each(["0", "abc", "99999999999999999999", "987654"])(
    "a special id that is not one (%s) answers 404",
    async (id) => {
      expect((await staff.load(jar, `/staff/specials/${id}`, specialLoader, { id })).status).toBe(
        404,
      );
      expect((await postSpecial(id, form())).status).toBe(404);
      expect((await postSpecial(id, { intent: "delete", confirm: "yes" })).status).toBe(404);
      expect((await postList({ intent: "move-up", id })).status).toBe(404);
    },
  );

  test("move up and down reorder a day's specials; a move without a direction is refused", async () => {
    const sunday = async () =>
      (await listSpecials(db)).filter((special) => special.weekday === 0).map((s) => s.title);
    expect(await sunday()).toEqual(["Sunday Roast", "Caesar Sunday"]);
    const caesar = (await listSpecials(db)).find((special) => special.title === "Caesar Sunday")!;
    expect(await postList({ intent: "move-up", id: String(caesar.id) })).toHaveRedirect(
      `/staff/specials#special-${caesar.id}`,
    );
    expect(await sunday()).toEqual(["Caesar Sunday", "Sunday Roast"]);
    expect((await postList({ intent: "sideways", id: String(caesar.id) })).status).toBe(400);
    expect(await postList({ intent: "move-down", id: String(caesar.id) })).toHaveRedirect(
      `/staff/specials#special-${caesar.id}`,
    );
    expect(await sunday()).toEqual(["Sunday Roast", "Caesar Sunday"]);
  });
});
