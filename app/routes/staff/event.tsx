import { eventEditor } from "~/events/editor/event-editor";
import { eventStore } from "~/events/editor/event-editor.server";
import { dishesOfEvent } from "~/menu/editor/menu-editor.server";
import { specialsOfEvent } from "~/specials/editor/specials-editor.server";
import { staffPageHeaders } from "~/staff/accounts/session.server";
import { editorRoute, editorView } from "~/staff/editor/editor-page";
import { editorAction, editorLoader } from "~/staff/editor/editor-route.server";

export const loader = editorLoader(eventEditor, eventStore([specialsOfEvent, dishesOfEvent]));
export const action = editorAction(eventEditor, eventStore([specialsOfEvent, dishesOfEvent]));
export const headers = staffPageHeaders;
export const { meta, handle } = editorRoute(eventEditor);
export default editorView(eventEditor);
