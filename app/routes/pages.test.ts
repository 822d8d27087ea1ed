import type { UNSAFE_DataWithResponseInit } from "react-router";
import { describe, expect } from "vitest";
import { routeTest } from "../../tests/support/route-test";
import { contextWithDatabase, openTestDatabase } from "../../tests/support/test-database";
import type { Database } from "~/platform/database/database.server";
import { eventEnd } from "~/events/events";
import type { MenuListItem, MenuListSection } from "~/menu/menu";
import { MENU_QUERY_MAX_LENGTH } from "~/menu/menu-filter";
import { torontoDate, torontoWeekday, WEEKDAY_NAMES } from "~/platform/clock/toronto-time";
import { loader as aboutLoader } from "./about";
import { loader as accessibilityLoader } from "./accessibility";
import { loader as contactLoader } from "./contact";
import { loader as homeLoader } from "./home";
import { loader as menuLoader } from "./menu";
import { loader as layoutLoader } from "./site-layout";
import { loader as venueLoader } from "./venue";
import { pageNotesContext } from "~/platform/context";
import { PageRender } from "~/server/pipeline/page-render";

type MenuResult = Awaited<ReturnType<typeof menuLoader>>;
type MenuPayload = Exclude<MenuResult, UNSAFE_DataWithResponseInit<unknown>>;

/** The menu loader answers a plain payload, or `data(payload, init)` for a bad query string. */
function answer(result: MenuResult): { status: number; payload: MenuPayload } {
  if ("init" in result) return { status: result.init?.status ?? 200, payload: result.data };
  return { status: 200, payload: result };
}

const itemsOf = (sections: readonly MenuListSection[]) => sections.flatMap((s) => s.items);

/** What a visitor's search is matched against, folded as the menu folds it. */
function searchedText(section: MenuListSection, item: MenuListItem): string {
  return [item.name, item.description, section.name]
    .join(" ")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

async function publishedItemCount(
  db: Database,
  where = "true",
  params: string[] = [],
): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count
     from public.menu_items i join public.menu_sections s on s.id = i.section_id
     where i.published and s.published and ${where}`,
    params,
  );
  return row?.count ?? 0;
}

const test = routeTest.extend(
  "menuAt",
  ({ get }) =>
    async (path: string) =>
      answer(await menuLoader(get(path))),
);

describe("the home page", () => {
  test("shows the specials running on today's Toronto date", async ({ db, get }) => {
    const home = await homeLoader(get("/"));
    const today = torontoDate(new Date());
    expect(home.today).toBe(today);
    const running = await db.query<{ id: number }>(
      `select id::int as id from public.specials
       where published
         and (weekday is null or weekday = $2)
         and (starts_on is null or starts_on <= $1::date)
         and (ends_on >= $1::date
           or (ends_on is null and (starts_on is null or weekday is not null or starts_on = $1::date)))
       order by sort_order, id`,
      [today, torontoWeekday(new Date())],
    );
    expect(running.length).toBeGreaterThan(0);
    // In their order, those whose time today has passed after the rest.
    const ended = home.todaysSpecials.filter((special) => special.ended).map((s) => s.id);
    const on = home.todaysSpecials.filter((special) => !special.ended).map((s) => s.id);
    expect([...on, ...ended]).toEqual(home.todaysSpecials.map((special) => special.id));
    const ids = running.map((s) => s.id);
    expect(on).toEqual(ids.filter((id) => !ended.includes(id)));
    expect(ended).toEqual(ids.filter((id) => ended.includes(id)));
    expect([...on, ...ended].sort()).toEqual([...ids].sort());
  });

  test("closing early today, a special set to run later shows ending when the pub closes", async ({
    db,
    get,
  }) => {
    const today = torontoDate(new Date());
    // Whatever the seed says of today (a holiday), today closes early.
    await db.query(
      "delete from public.hours_exceptions where starts_on <= $1::date and ends_on >= $1::date",
      [today],
    );
    await db.query(
      `insert into public.hours_exceptions (starts_on, ends_on, closed, opens_at, closes_at, note)
       values ($1::date, $1::date, false, '11:00', '21:00', 'Closing early')`,
      [today],
    );
    const [{ id }] = (await db.query<{ id: number }>(
      `insert into public.specials (title, starts_on, starts_at, ends_at)
       values ('Till Eleven Roast', $1::date, '12:00', '23:00') returning id::int as id`,
      [today],
    )) as [{ id: number }];
    try {
      // The content cache asks the revision at most once a second.
      await expect
        .poll(
          async () =>
            (await homeLoader(get("/"))).todaysSpecials.find((special) => special.id === id)
              ?.closesAt,
          { timeout: 15_000 },
        )
        .toBe("21:00");
    } finally {
      await db.query("delete from public.specials where id = $1", [id]);
      await db.query(
        "delete from public.hours_exceptions where starts_on = $1 and note = 'Closing early'",
        [today],
      );
    }
  });

  test("lists the next three events that have not ended, soonest first", async ({ db, get }) => {
    const before = new Date();
    const home = await homeLoader(get("/"));
    const next = await db.query<{ slug: string }>(
      `select slug from public.events
       where published and coalesce(ends_at, starts_at + interval '3 hours') > $1::timestamptz
       order by starts_at, id
       limit 3`,
      [before.toISOString()],
    );
    expect(home.events.length).toBeLessThanOrEqual(3);
    expect(home.events.map((event) => event.slug)).toEqual(next.map((event) => event.slug));
    for (const event of home.events) expect(eventEnd(event).getTime()).toBeGreaterThan(+before);
  });

  test("shows off featured dishes that are available, each with its picture", async ({ get }) => {
    const { featured } = await homeLoader(get("/"));
    expect(featured.length).toBeGreaterThan(0);
    for (const item of featured) {
      expect(item).toMatchObject({ featured: true, available: true });
      expect(item.picture?.alt).toBe(item.image?.alt);
      expect(item.picture?.source.width).toBeGreaterThan(0);
    }
  });
});

describe("the menu page", () => {
  test("without a query string, shows every published item", async ({ db, menuAt }) => {
    const { status, payload } = await menuAt("/menu");
    expect(status).toBe(200);
    expect(payload.itemCount).toBe(await publishedItemCount(db));
    expect(payload.problems).toEqual([]);
  });

  test("?diet=vegan shows only vegan items, and counts them", async ({ db, menuAt }) => {
    const { status, payload } = await menuAt("/menu?diet=vegan");
    expect(status).toBe(200);
    const items = itemsOf(payload.sections);
    expect(items.every((item) => item.dietaryTags.includes("vegan"))).toBe(true);
    expect(payload.itemCount).toBe(items.length);
    expect(payload.itemCount).toBe(await publishedItemCount(db, "'vegan' = any(i.dietary_tags)"));
  });

  test("?q=burger shows only items that mention a burger", async ({ menuAt }) => {
    const { payload } = await menuAt("/menu?q=burger");
    expect(payload.filter).toEqual({ diet: null, query: "burger" });
    expect(payload.itemCount).toBeGreaterThan(0);
    for (const section of payload.sections) {
      for (const item of section.items) expect(searchedText(section, item)).toContain("burger");
    }
  });

  test("?diet=vegan&q=burger shows the vegan burgers only", async ({ menuAt }) => {
    const { payload } = await menuAt("/menu?diet=vegan&q=burger");
    const names = itemsOf(payload.sections).map((item) => item.name);
    expect(names).toContain("Garden Burger");
    const vegan = itemsOf((await menuAt("/menu?diet=vegan")).payload.sections);
    const burgers = itemsOf((await menuAt("/menu?q=burger")).payload.sections);
    expect(names).toEqual(
      burgers.filter((item) => vegan.some((v) => v.id === item.id)).map((item) => item.name),
    );
  });

  test("?diet=bogus is a bad request that still shows the whole menu, with why", async ({
    db,
    menuAt,
  }) => {
    const { status, payload } = await menuAt("/menu?diet=bogus");
    expect(status).toBe(400);
    expect(payload.filter.diet).toBeNull();
    expect(payload.itemCount).toBe(await publishedItemCount(db));
    expect(payload.problems).toEqual([expect.stringContaining("There is no “bogus” filter")]);
  });

  test("a 500-character search is cut to the limit, and the visitor told", async ({ menuAt }) => {
    const { status, payload } = await menuAt(`/menu?q=${"x".repeat(500)}`);
    expect(status).toBe(400);
    expect(payload.filter.query).toBe("x".repeat(MENU_QUERY_MAX_LENGTH));
    expect(payload.problems).toEqual([
      `Searches are limited to ${MENU_QUERY_MAX_LENGTH} characters; yours was shortened.`,
    ]);
  });
});

test("the about page lists the draught beers on tap", async ({ db, get }) => {
  const { onTap } = await aboutLoader(get("/about"));
  const draught = await db.query<{ name: string }>(
    `select i.name from public.menu_items i join public.menu_sections s on s.id = i.section_id
     where s.slug = 'draught' and i.published and i.available
     order by i.sort_order, i.id`,
  );
  expect(draught.length).toBeGreaterThan(0);
  expect(onTap.map((beer) => beer.name)).toEqual(draught.map((beer) => beer.name));
});

test("the venue page lists the three spaces with their capacities, and the packages", async ({
  get,
}) => {
  const { spaces, packages } = (await venueLoader(get("/venue"))).data;
  expect(spaces.map((space) => space.slug)).toEqual(["the-snug", "upstairs-hall", "patio"]);
  for (const space of spaces) {
    expect(space.seatedCapacity).toBeGreaterThan(0);
    expect(space.standingCapacity).toBeGreaterThan(0);
  }
  expect(packages.length).toBeGreaterThanOrEqual(1);
});

describe("the contact page", () => {
  test("shows this week's hours, Monday to Sunday, with today marked", async ({ get }) => {
    const { week } = (await contactLoader(get("/contact"))).data;
    // Monday first, Sunday (0) last.
    expect(week.map((day) => day.dayName)).toEqual([...WEEKDAY_NAMES.slice(1), WEEKDAY_NAMES[0]]);
    expect(week.filter((day) => day.isToday).map((day) => day.date)).toEqual([
      torontoDate(new Date()),
    ]);
  });

  test("lists holiday hours still to come, not ones already past", async ({ db, get }) => {
    const today = torontoDate(new Date());
    const yesterday = new Date(Date.parse(today) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const past = "Closed yesterday for a burst pipe";
    const current = "Closed today for a private party";
    await db.query(
      `insert into public.hours_exceptions (starts_on, ends_on, closed, note)
       values ($1, $1, true, $3), ($2, $2, true, $4)`,
      [yesterday, today, past, current],
    );
    try {
      // A fresh wrapper has an empty content cache, so it reads the rows just added.
      const { holidays } = (
        await contactLoader(get("/contact", { on: contextWithDatabase({ ...db }) }))
      ).data;
      const notes = holidays.map((holiday) => holiday.note);
      expect(notes).toContain(current);
      expect(notes).not.toContain(past);
      expect(holidays.every((holiday) => holiday.endsOn >= today)).toBe(true);
    } finally {
      await db.query("delete from public.hours_exceptions where note = any($1)", [[past, current]]);
    }
  });
});

test("the accessibility statement gives the pub's name, phone and email as the settings have them", async ({
  db,
  get,
}) => {
  const [settings] = await db.query<{ name: string; phone: string; email: string }>(
    "select name, phone, email from public.site_settings",
  );
  const statement = await accessibilityLoader(get("/accessibility"));
  expect(statement).toMatchObject({
    name: settings?.name,
    phone: settings?.phone,
    email: settings?.email,
  });
  expect(statement.linksToBooking).toBeTypeOf("boolean");
});

test("the contact form starts on the topic a link chose, when it is one of the list", async ({
  get,
}) => {
  expect((await contactLoader(get("/contact?topic=accessibility"))).data.topic).toBe(
    "accessibility",
  );
  expect((await contactLoader(get("/contact?topic=<script>"))).data.topic).toBeNull();
  expect((await contactLoader(get("/contact"))).data.topic).toBeNull();
});

test("the layout loader gives every page the pub's details and its opening schedule", async ({
  db,
  get,
}) => {
  const layout = await layoutLoader(get("/"));
  const [settings] = await db.query<{ name: string; phone: string }>(
    "select name, phone from public.site_settings",
  );
  expect(layout.settings).toMatchObject({ name: settings?.name, phone: settings?.phone });
  expect(layout.schedule.weekly).toHaveLength(7);
  expect(Date.parse(layout.renderedAt)).not.toBeNaN();
});

describe("what an open page needs to keep up", () => {
  /** A context with a page render of its own, as the server gives each render. */
  function rendering(db: Database) {
    const on = contextWithDatabase(db);
    on.set(pageNotesContext, new PageRender());
    return on;
  }

  test("the layout and the page loaders name the content revision their content was read at", async ({
    get,
  }) => {
    // A database of its own: the content cache of the shared one may still
    // hold the revision it saw up to a second ago, before the other tests wrote.
    await using own = await openTestDatabase();
    const [row] = await own.query<{ revision: string }>(
      "select revision::text as revision from public.content_revision",
    );
    const on = rendering(own);
    const [layout, home] = await Promise.all([
      layoutLoader(get("/", { on })),
      homeLoader(get("/", { on })),
    ]);
    expect(layout.contentRevision).toBe(row?.revision);
    expect(layout.contentRevision).toMatch(/^\d+$/);
    expect(home.contentRevision).toBe(row?.revision);
  });

  test("each page's loaders name the next moment its text changes by the clock", async ({
    db,
    get,
  }) => {
    const now = Date.now();
    const on = rendering(db);
    const [layout, home] = await Promise.all([
      layoutLoader(get("/", { on })),
      homeLoader(get("/", { on })),
    ]);
    // The hours change within the week; whatever the page shows, no later.
    for (const moment of [layout.nextChangeAt, home.nextChangeAt]) {
      expect(moment).not.toBeNull();
      expect(Date.parse(moment!)).toBeGreaterThan(now);
      expect(Date.parse(moment!)).toBeLessThanOrEqual(now + 8 * 24 * 60 * 60 * 1000);
    }
    // The soonest of them is the render's own.
    const soonest = Math.min(Date.parse(layout.nextChangeAt!), Date.parse(home.nextChangeAt!));
    expect(soonest).toBe(on.get(pageNotesContext).soonestChange());
  });

  test("outside the server's render nothing is promised", async ({ get }) => {
    const home = await homeLoader(get("/"));
    expect(home.nextChangeAt).toBeNull();
  });
});
