import { describe, expect, test } from "vitest";
import { checkForm } from "~/platform/forms/form-check";
import { listSchema, priceSchema, slugify } from "~/platform/forms/field-rules";
import { blankForm } from "~/platform/forms/form-check.test-support";
import { eventFields, eventFormValues } from "./event-editor";
import { eventSchema, isCalendarDate, parseTime } from "./event-rules";

const base = blankForm(eventFields, {
  title: "Trivia",
  startDate: "2026-07-18",
  startTime: "19:30",
  status: "scheduled",
});

const check = (values: Partial<typeof base>) => checkForm(eventSchema, { ...base, ...values });

describe("the events editor's rules", () => {
  test("reads times as staff type them", () => {
    expect(parseTime("19:30")).toBe("19:30");
    expect(parseTime("7:30 pm")).toBe("19:30");
    expect(parseTime("7pm")).toBe("19:00");
    expect(parseTime("12 am")).toBe("00:00");
    expect(parseTime("12:15 p.m.")).toBe("12:15");
    expect(parseTime("9:05:00")).toBe("09:05");
    expect(parseTime("24:00")).toBeNull();
    expect(parseTime("13 pm")).toBeNull();
    expect(parseTime("soon")).toBeNull();
  });

  test("knows real dates", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("1999-12-31")).toBe(false);
  });

  test("turns Toronto wall times into instants in summer and winter", () => {
    const july = check({});
    const january = check({ startDate: "2027-01-16" });
    expect(july.ok && july.data.startsAt).toBe("2026-07-18T23:30:00.000Z");
    expect(january.ok && january.data.startsAt).toBe("2027-01-17T00:30:00.000Z");
    // The night the clocks fall back: 1:30 am happens twice; the first one is meant.
    const fallBack = check({ startDate: "2026-11-01", startTime: "01:30" });
    expect(fallBack.ok && fallBack.data.startsAt).toBe("2026-11-01T05:30:00.000Z");
  });

  test("a saved event fills the form on Toronto's clock, and saves back unchanged", () => {
    const values = eventFormValues({
      id: 1,
      slug: "burns-night",
      title: "Burns Night",
      summary: "",
      description: "",
      startsAt: "2027-01-26T01:00:00.000Z",
      endsAt: "2027-01-26T06:00:00.000Z",
      status: "sold-out",
      listedAt: "2026-11-01T14:00:00.000Z",
      previousStartsAt: null,
      priceCents: 1250,
      performer: "The Pipes of Perth",
      image: null,
      published: true,
      sample: false,
    });
    expect(values).toMatchObject({
      startDate: "2027-01-25",
      startTime: "20:00",
      endDate: "2027-01-26",
      endTime: "01:00",
      price: "12.50",
      performer: "The Pipes of Perth",
    });
    const again = checkForm(eventSchema, values);
    expect(again.ok && again.data).toMatchObject({
      startsAt: "2027-01-26T01:00:00.000Z",
      endsAt: "2027-01-26T06:00:00.000Z",
      priceCents: 1250,
      status: "sold-out",
    });
  });

  test("a rescheduled event keeps the date it had; no other status takes one", () => {
    const moved = check({
      status: "rescheduled",
      previousDate: "2026-07-11",
      previousTime: "7:30 pm",
    });
    expect(moved.ok && moved.data).toMatchObject({
      status: "rescheduled",
      startsAt: "2026-07-18T23:30:00.000Z",
      previousStartsAt: "2026-07-11T23:30:00.000Z",
    });
    const noDate = check({ status: "rescheduled" });
    expect(!noDate.ok && noDate.errors.previousDate).toMatch(/day it had before it moved/);
    const noTime = check({ status: "rescheduled", previousDate: "2026-07-11" });
    expect(!noTime.ok && noTime.errors.previousTime).toMatch(/time it was to start/);
    const same = check({
      status: "rescheduled",
      previousDate: "2026-07-18",
      previousTime: "19:30",
    });
    expect(!same.ok && same.errors.previousDate).toMatch(/the date and time it has now/);
    const badDate = check({
      status: "rescheduled",
      previousDate: "2026-02-30",
      previousTime: "19:30",
    });
    expect(!badDate.ok && badDate.errors.previousDate).toMatch(/does not exist/);
    // 2:30 am on the night the clocks go forward never happens.
    const skipped = check({
      status: "rescheduled",
      previousDate: "2026-03-08",
      previousTime: "02:30",
    });
    expect(!skipped.ok && skipped.errors.previousTime).toMatch(/clocks go forward/);
    // Typed with another status, it is a mistake to point out, not to drop.
    const stray = check({ status: "scheduled", previousDate: "2026-07-11" });
    expect(!stray.ok && stray.errors.previousDate).toMatch(/Choose Rescheduled/);
    const postponed = check({ status: "postponed" });
    expect(postponed.ok && postponed.data.previousStartsAt).toBeNull();
  });

  test("a rescheduled event fills the form with the date it had, and saves back unchanged", () => {
    const values = eventFormValues({
      id: 2,
      slug: "trivia-championship",
      title: "Trivia Championship",
      summary: "",
      description: "",
      startsAt: "2026-12-17T00:00:00.000Z",
      endsAt: null,
      status: "rescheduled",
      listedAt: "2026-11-01T14:00:00.000Z",
      previousStartsAt: "2026-12-10T00:00:00.000Z",
      priceCents: null,
      performer: "",
      image: null,
      published: true,
      sample: false,
    });
    expect(values).toMatchObject({ previousDate: "2026-12-09", previousTime: "19:00" });
    const again = checkForm(eventSchema, values);
    expect(again.ok && again.data.previousStartsAt).toBe("2026-12-10T00:00:00.000Z");
  });

  test("asks for an end time when only an end date is given, and for a picture's description", () => {
    const noTime = check({ endDate: "2026-07-19" });
    expect(!noTime.ok && noTime.errors.endTime).toMatch(/time the event ends/);
    const noAlt = check({ imageKept: "events/trivia.svg" });
    expect(!noAlt.ok && noAlt.errors.imageAlt).toMatch(/Describe the picture/);
    const removed = check({ imageKept: "events/trivia.svg", imageRemove: "on" });
    expect(removed.ok).toBe(true);
  });
});

describe("the editors' shared field rules", () => {
  test("slugs from titles", () => {
    expect(slugify("Live Music: Kettle & Crow")).toBe("live-music-kettle-and-crow");
    expect(slugify("Café Crème Night")).toBe("cafe-creme-night");
    expect(slugify("!!!")).toBe("");
  });

  test("dollars to cents", () => {
    const schema = priceSchema({ optional: false, maxCents: 10_000 });
    expect(schema.safeParse("$-3").error?.issues[0]?.message).toMatch(/negative/);
    expect(schema.safeParse("101").error?.issues[0]?.message).toMatch(/at most \$100/);
  });

  test("lists one a line, or by commas", () => {
    const commas = listSchema({ itemMax: 10, maxItems: 3, commas: true, what: "features" });
    expect(commas.parse("a, b\n\n c ")).toEqual(["a", "b", "c"]);
    expect(commas.safeParse("a,b,c,d").success).toBe(false);
    const lines = listSchema({ itemMax: 40, maxItems: 3, commas: false, what: "inclusions" });
    expect(lines.parse("Fish, chips\r\nA pint")).toEqual(["Fish, chips", "A pint"]);
  });
});
