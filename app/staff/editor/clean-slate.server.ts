import type { Database } from "~/platform/database/database.server";
import { asOneChange } from "~/platform/database/one-change.server";
import { checkPost, refusePost } from "~/platform/forms/form-post.server";
import { redirectWithToast } from "~/platform/toast.server";
import { SAMPLE_COUNTS, type SampleArea, type SampleCount } from "~/staff/first-run";
import { cleanSlateForm } from "./clean-slate";
import { writeAsStaff } from "./editor.server";
import type { StaffForm } from "./staff-action.server";
import type { RouterContextProvider } from "react-router";

/**
 * Removes an area's sample rows, in the staff member's transaction; how many
 * went. The menu's sample sections go once their items have, unless staff
 * keep an item of their own in one. Rows staff saved that go with a sample
 * event are untied and hidden first, as deleting an event does.
 */
export async function clearSample(tx: Database, area: SampleArea): Promise<number> {
  await asOneChange(tx, `Removed the sample ${SAMPLE_NAMES[area]}`);
  const removed = async (sql: string) => (await tx.query(sql)).length;
  switch (area) {
    case "menu":
      return (
        (await removed("delete from public.menu_items where sample returning id")) +
        (await removed(
          `delete from public.menu_sections s where sample
           and not exists (select 1 from public.menu_items i where i.section_id = s.id)
           returning id`,
        ))
      );
    case "specials":
      return removed("delete from public.specials where sample returning id");
    case "events":
      for (const table of ["specials", "menu_items"]) {
        await tx.query(
          `update public.${table} set event_id = null, published = false, updated_at = now()
           where event_id in (select id from public.events where sample) and not sample`,
        );
      }
      // Sample rows that go with a sample event go with it.
      await tx.query(
        "delete from public.specials where sample and event_id in (select id from public.events where sample)",
      );
      await tx.query(
        "delete from public.menu_items where sample and event_id in (select id from public.events where sample)",
      );
      return removed("delete from public.events where sample returning id");
    case "venue":
      return (
        (await removed("delete from public.venue_spaces where sample returning id")) +
        (await removed("delete from public.venue_packages where sample returning id"))
      );
    case "questions":
      return removed("delete from public.questions where sample returning id");
  }
}

/** Each area's sample, as Recent changes names its removal ("Removed the sample menu"). */
const SAMPLE_NAMES: Record<SampleArea, string> = {
  menu: "menu",
  specials: "specials",
  events: "events",
  venue: "venue spaces and packages",
  questions: "questions",
};

/** The tables of each area's rows. */
const SAMPLE_TABLES: Record<SampleCount, readonly string[]> = {
  menu: ["menu_sections", "menu_items"],
  specials: ["specials"],
  events: ["events"],
  venue: ["venue_spaces", "venue_packages"],
  questions: ["questions"],
  pages: ["page_texts"],
};

/** How many rows of each area are still the sample's, in one query. */
export async function sampleRowCounts(tx: Database): Promise<Record<SampleCount, number>> {
  const counts = SAMPLE_COUNTS.map(
    (area) =>
      `(${SAMPLE_TABLES[area]
        .map((table) => `(select count(*) from public.${table} where sample)`)
        .join(" + ")})::int as ${area}`,
  );
  const [row] = await tx.query<Record<SampleCount, number>>(`select ${counts.join(", ")}`);
  return row!;
}

/** The clean slate's post on an area's list page, which it comes back to. */
export function cleanSlate(
  area: SampleArea,
  back: string,
): StaffForm<{ context: Readonly<RouterContextProvider>; request: Request }> {
  return {
    form: cleanSlateForm,
    async handle(post, { context }) {
      const checked = await checkPost(post, cleanSlateForm, undefined);
      if (!checked.ok) return refusePost(cleanSlateForm, checked.values, checked.errors);
      const count = await writeAsStaff(context, (tx) => clearSample(tx, area));
      return redirectWithToast(back, {
        type: "success",
        title: count === 0 ? "Nothing to remove." : "Removed.",
        description:
          count === 0
            ? "No sample entries were left here."
            : `${count} sample ${count === 1 ? "entry is" : "entries are"} gone; visitors no longer see ${count === 1 ? "it" : "them"}. Recent changes lists it as one change, to undo.`,
      });
    },
  };
}
