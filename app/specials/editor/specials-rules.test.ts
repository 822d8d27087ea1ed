import { describe, expect, test } from "vitest";
import { checkForm } from "~/platform/forms/form-check";
import type { SpecialField } from "./specials-editor";
import { specialSchema } from "./specials-rules";

const TODAY = "2026-11-23";

const special = (changes: Partial<Record<SpecialField, string>> = {}) => ({
  title: "Wing Night",
  description: "A pound of wings in any sauce.",
  price: "12.00",
  weekday: "1",
  startsOn: "",
  endsOn: "",
  startsAt: "16:00",
  endsAt: "22:00",
  eventId: "",
  hidden: "",
  ...changes,
});

describe("a special", () => {
  const schema = specialSchema(TODAY);

  test("a weekly special with times and a price", () => {
    expect(checkForm(schema, special())).toEqual({
      ok: true,
      data: {
        title: "Wing Night",
        description: "A pound of wings in any sauce.",
        priceCents: 1200,
        weekday: 1,
        startsOn: null,
        endsOn: null,
        startsAt: "16:00",
        endsAt: "22:00",
        eventId: null,
        published: true,
      },
    });
  });

  test("a dated special with no weekday, no price and no times, hidden", () => {
    const checked = checkForm(
      schema,
      special({
        weekday: "",
        startsOn: "2026-12-24",
        endsOn: "2026-12-31",
        price: "",
        startsAt: "",
        endsAt: "",
        hidden: "on",
      }),
    );
    expect(checked).toMatchObject({
      ok: true,
      data: {
        weekday: null,
        startsOn: "2026-12-24",
        endsOn: "2026-12-31",
        priceCents: null,
        startsAt: null,
        published: false,
      },
    });
  });

  test("an end after midnight up to 6 am is allowed", () => {
    expect(checkForm(schema, special({ startsAt: "21:00", endsAt: "01:00" })).ok).toBe(true);
  });

  test.each<[Partial<Record<SpecialField, string>>, SpecialField, RegExp]>([
    [{ title: "  " }, "title", /Enter the special's name/],
    [{ title: "x".repeat(101) }, "title", /100 characters/],
    [
      { description: "x".repeat(1001) },
      "description",
      /1,000 characters or fewer\. It has 1,001\./,
    ],
    [{ price: "-5" }, "price", /cannot be negative/],
    [{ price: "abc" }, "price", /Enter a price such as 14.50/],
    [{ price: "20000" }, "price", /at most \$10,000/],
    [{ weekday: "7" }, "weekday", /Choose a day from the list/],
    [{ weekday: "Monday" }, "weekday", /Choose a day from the list/],
    [{ weekday: "" }, "weekday", /a day of the week, a first day, or both/],
    [{ endsOn: "2026-12-01" }, "startsOn", /Enter the first day too/],
    [{ startsOn: "2026-12-10", endsOn: "2026-12-01" }, "endsOn", /cannot be before/],
    [{ startsOn: "2026-13-01" }, "startsOn", /Enter a date such as/],
    [{ startsOn: "2030-01-01" }, "startsOn", /two years ahead/],
    [{ startsAt: "25:00" }, "startsAt", /Enter a time such as 21:30/],
    [{ startsAt: "", endsAt: "22:00" }, "startsAt", /Enter the start time too/],
    [{ endsAt: "16:00" }, "endsAt", /must differ/],
    [{ endsAt: "09:00" }, "endsAt", /after midnight up to 6 am/],
    [{ hidden: "yes" }, "hidden", /Tick the box/],
  ])("refuses %j on %s", (changes, field, message) => {
    const checked = checkForm(schema, special(changes));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors[field]).toMatch(message);
  });
});
