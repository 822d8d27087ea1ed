import { data, redirect } from "react-router";
import type { Route } from "./+types/menu";
import { availabilityAt, type Availability } from "~/menu/menu";
import {
  AVAILABILITY_INTENTS,
  AVAILABILITY_WORDS,
  availabilityForm,
  itemAnchor,
  parseStaffMenuView,
  sectionAnchor,
  staffMenuPath,
} from "~/menu/editor/menu-editor";
import {
  listMenuForEditor,
  MENU_ITEMS,
  MENU_SECTIONS,
  setItemAvailability,
} from "~/menu/editor/menu-editor.server";
import { MenuListEditor } from "~/menu/editor/menu-page";
import { checkPost } from "~/platform/forms/form-post.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import {
  notFound,
  parseRowId,
  readAsStaff,
  redirectSaved,
  writeAsStaff,
} from "~/staff/editor/editor.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { CleanSlate } from "~/staff/editor/clean-slate-form";
import { cleanSlate } from "~/staff/editor/clean-slate.server";
import { moveRows } from "~/staff/editor/move-rows.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const view = parseStaffMenuView(params);
  // "Jump to a section" without scripts: the section's place on the page.
  const jumpTo = parseRowId(params.get("section"));
  if (jumpTo !== null) throw redirect(`${staffMenuPath(view)}#${sectionAnchor(jumpTo)}`);
  const menu = await readAsStaff(context, listMenuForEditor);
  const now = new Date();
  // What each item is at this minute: "not available today" ends by itself at 4 am.
  const availability: Record<number, Availability> = {};
  for (const item of menu.flatMap((section) => section.items))
    availability[item.id] = availabilityAt(item, now);
  return { menu, view, availability };
}

const NO_ROW = "The change does not say which item it is for. Reload the page and try again.";

/** The page the post came from, to go back to: the search it showed, or reorder mode. */
const viewOf = (request: Request) => parseStaffMenuView(new URL(request.url).searchParams);

/** The taps of a busy night, and reorder mode's moves. */
export const action = staffAction<Route.ActionArgs>([
  {
    form: availabilityForm,
    async handle(post, { request, context }) {
      const checked = await checkPost(post, availabilityForm, undefined);
      if (!checked.ok) throw data(NO_ROW, { status: 400 });
      const { intent, item } = checked.data;
      const availability = AVAILABILITY_INTENTS[intent];
      const name = await writeAsStaff(context, (tx) =>
        setItemAvailability(tx, item, availability, new Date()),
      );
      if (name === null) throw notFound();
      return redirectSaved(
        `${staffMenuPath(viewOf(request))}#${itemAnchor(item)}`,
        AVAILABILITY_WORDS[availability].toast(name),
      );
    },
  },
  moveRows("/staff/menu", { section: MENU_SECTIONS, item: MENU_ITEMS }, (list, id) =>
    list === "item" ? itemAnchor(id) : sectionAnchor(id),
  ),
  cleanSlate("menu", "/staff/menu"),
]);

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Menu", matches);
export const headers: Route.HeadersFunction = staffPageHeaders;

export default function MenuEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { menu, view } = loaderData;
  return (
    <>
      <MenuListEditor {...loaderData} />
      {view.reorder ? null : (
        <CleanSlate
          count={
            menu.filter((section) => section.sample).length +
            menu.flatMap((section) => section.items).filter((item) => item.sample).length
          }
          what={{ one: "menu entry", many: "menu entries" }}
          actionData={actionData}
        />
      )}
    </>
  );
}
