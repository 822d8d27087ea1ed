import { expect, test } from "vitest";
import { specialsOn, type Special } from "./specials";

let nextId = 1;

function special(title: string, fields: Partial<Special> = {}): Special {
  return {
    id: nextId++,
    title,
    description: "",
    priceCents: null,
    weekday: null,
    startsOn: null,
    endsOn: null,
    startsAt: null,
    endsAt: null,
    ...fields,
  };
}

const titles = (specials: Special[]) => specials.map((s) => s.title);

// 2026-12-07 is a Monday.
const MONDAY = "2026-12-07";

test("a weekly special runs on its weekday", () => {
  const wingNight = special("Wing Night", { weekday: 1 });
  expect(titles(specialsOn(MONDAY, 1, [wingNight]))).toEqual(["Wing Night"]);
});

test("a weekly special does not run on other weekdays", () => {
  const wingNight = special("Wing Night", { weekday: 1 });
  expect(specialsOn("2026-12-08", 2, [wingNight])).toEqual([]);
});

test("a dated range includes its first and last days", () => {
  const cider = special("Mulled Cider", { startsOn: "2026-12-01", endsOn: "2026-12-31" });
  expect(titles(specialsOn("2026-12-01", 2, [cider]))).toEqual(["Mulled Cider"]);
  expect(titles(specialsOn("2026-12-31", 4, [cider]))).toEqual(["Mulled Cider"]);
});

test("a dated range does not run outside its dates", () => {
  const cider = special("Mulled Cider", { startsOn: "2026-12-01", endsOn: "2026-12-31" });
  expect(specialsOn("2026-11-30", 1, [cider])).toEqual([]);
  expect(specialsOn("2027-01-01", 5, [cider])).toEqual([]);
});

test("a weekday within a range runs only on that weekday between the dates", () => {
  const oysters = special("Oyster Monday", {
    weekday: 1,
    startsOn: "2026-12-01",
    endsOn: "2026-12-31",
  });
  expect(titles(specialsOn(MONDAY, 1, [oysters]))).toEqual(["Oyster Monday"]);
  expect(specialsOn("2026-12-08", 2, [oysters])).toEqual([]);
  expect(specialsOn("2026-11-30", 1, [oysters])).toEqual([]);
});

test("a special with a start date and no end runs on that date only", () => {
  const launch = special("Launch Night", { startsOn: MONDAY });
  expect(titles(specialsOn(MONDAY, 1, [launch]))).toEqual(["Launch Night"]);
  expect(specialsOn("2026-12-08", 2, [launch])).toEqual([]);
  expect(specialsOn("2026-12-14", 1, [launch])).toEqual([]);
});

test("the specials keep the order they were given in", () => {
  const specials = [
    special("Happy Hour", { weekday: 1 }),
    special("Tuesday Tacos", { weekday: 2 }),
    special("Mulled Cider", { startsOn: "2026-12-01", endsOn: "2026-12-31" }),
    special("Wing Night", { weekday: 1 }),
  ];
  expect(titles(specialsOn(MONDAY, 1, specials))).toEqual([
    "Happy Hour",
    "Mulled Cider",
    "Wing Night",
  ]);
});
