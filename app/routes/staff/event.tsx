import type { Route } from "./+types/event";
import { eventEditor } from "~/events/editor/event-editor";
import { eventStore } from "~/events/editor/event-editor.server";
import { dishesOfEvent } from "~/menu/editor/menu-editor.server";
import { specialsOfEvent } from "~/specials/editor/specials-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { EditorPage, editorHandle, editorMeta } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(eventEditor, eventStore([specialsOfEvent, dishesOfEvent]));
export const action = editorAction(eventEditor, eventStore([specialsOfEvent, dishesOfEvent]));
export const meta: Route.MetaFunction = editorMeta(eventEditor);
export const headers = staffPageHeaders;
export const handle = editorHandle(eventEditor);

export default function StaffEventPage({ loaderData, actionData }: Route.ComponentProps) {
  return <EditorPage editor={eventEditor} loaderData={loaderData} actionData={actionData} />;
}
